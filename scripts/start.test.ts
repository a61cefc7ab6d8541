import type { ChildProcess } from 'node:child_process';
import { chmod, lstat, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CACHE_DIR } from '../api/testing/cache-dir.ts';
import { openToOthers } from '../api/testing/open-to-others.ts';
import { API_NODE_FLAGS, SERVER_NODE_FLAGS } from './server-memory.ts';
import { sample } from '../tests/support/metrics-text.ts';
import { builtFolder, npmStart as npmStartIn, npmStartInTerminal } from './testing/npm-start.ts';
import { adminConversations, guestChatCookie, guestReplay, guestSays, shopSocket } from './testing/shop-chat.ts';
import { type InTerminal, parentOf, processTree, stillRunning } from './testing/terminal.ts';

const METRICS_TOKEN = 'npm-start-metrics-token-0123456789';

/** `npm start` as a person runs it (scripts/testing/npm-start.ts). */
const SLOW = 180_000;

let dir = '';
let running: ChildProcess | undefined;
let terminal: InTerminal | undefined;

beforeEach(async () => {
  dir = await builtFolder();
});
afterEach(async () => {
  if (running?.exitCode === null) running.kill('SIGKILL');
  // A failed stop: nothing of it outlives the test.
  if (terminal) for (const pid of await stillRunning(await processTree(await terminal.pid()))) process.kill(pid, 'SIGKILL');
  terminal = undefined;
  await rm(dir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const npmStart = (env: Record<string, string> = {}) => {
  const start = npmStartIn(dir, env);
  running = start.child;
  return start;
};

/** `npm start` typed at a terminal. */
const npmStartTyped = async (env: Record<string, string> = {}) => (terminal = await npmStartInTerminal(dir, env));

/**
 * Stops npm start with `stop` and checks it stopped in order, once (no forced exit): npm, the BFF
 * and the API all gone, with whatever they started, none left running under init.
 */
const stopsInOrder = async (start: InTerminal, shop: Shop, signal: NodeJS.Signals, stop: () => void | Promise<void>) => {
  const processes = await processTree(await start.pid());
  expect(processes).toEqual(expect.arrayContaining([shop.bffPid, shop.apiPid]));
  await stop();
  expect(await start.exited).toBe(0);
  expect(start.output()).toContain(`${signal}: finishing open requests, then stopping …`);
  expect(start.output()).not.toMatch(/again: exiting now/);
  expect(await stillRunning(processes)).toEqual([]);
};

type Shop = Awaited<ReturnType<typeof opened>>;

/** Waits until npm start says it is open; answers the shop's URL and both processes' ids. */
const opened = async (start: Pick<InTerminal, 'waitFor'>) => {
  const [, url] = await start.waitFor(/Statefront is open at (http:\/\/\S+)/);
  const [, apiPid, apiUrl] = await start.waitFor(/^API {2}process (\d+), (http:\/\/127\.0\.0\.1:\d+) /m);
  const [, bffPid] = await start.waitFor(/^BFF {2}process (\d+), /m);
  return {
    url: url ?? '',
    apiUrl: apiUrl ?? '',
    apiPid: Number(apiPid),
    bffPid: Number(bffPid),
  };
};

describe('npm start: the API in its own process', () => {
  it(
    "when npm start runs in development, then the API and the BFF are two processes with one line each, each call a shopper makes prints one short line (not one from each process; static files and probes none), the shop answers /healthz and the product list, one Ctrl+C at the terminal stops both in order, no file it wrote in DATA_DIR but the images is open to other users, and started again it still holds a guest's unanswered chat question for the admin and the guest",
    async () => {
      // One start for all these rules: each start costs this tier about 10 CPU s.
      const start = await npmStartTyped({ SEED: 'demo', DEMO_POOL_CACHE: TEST_CACHE_DIR, LOG_LEVEL: 'info', METRICS_TOKEN });
      const shop = await opened(start);
      expect(shop.apiPid).not.toBe(shop.bffPid);
      // npm runs the BFF's process itself, with no wrapper between that could stop it out of order.
      expect(await parentOf(shop.bffPid)).toBe(await start.pid());
      // Node on compiled JavaScript only (docs/decisions/015-compiled-servers.md): no TypeScript
      // loader (tsx, its esbuild) on any command line or in NODE_OPTIONS of what npm started.
      const tree = await processTree(await start.pid());
      const commands = await Promise.all(tree.map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')));
      const options = await Promise.all(tree.map((pid) => readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '')));
      expect(commands.join('\n')).not.toMatch(/tsx|esbuild|\.ts\b/);
      expect(options.join('\n')).not.toMatch(/NODE_OPTIONS=[^\0]*tsx/);
      // Each with the small-server settings (decision 014): V8's flags, and two malloc arenas in the environment it started with.
      expect(commands[tree.indexOf(shop.bffPid)]?.split('\0')).toEqual([
        expect.stringMatching(/node$/),
        ...SERVER_NODE_FLAGS,
        'scripts/launch.mjs',
        'start',
        '',
      ]);
      expect(commands[tree.indexOf(shop.apiPid)]?.split('\0')).toEqual([
        expect.stringMatching(/node$/),
        ...API_NODE_FLAGS,
        expect.stringMatching(/\/scripts\/start-api\.js$/),
        '',
      ]);
      for (const pid of [shop.bffPid, shop.apiPid])
        expect(options[tree.indexOf(pid)]?.split('\0')).toEqual(
          expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_TRIM_THRESHOLD_=131072']),
        );
      expect(start.output().match(/^(API|BFF) {2}process/gm)).toEqual(['API  process', 'BFF  process']);
      // On the API's own thread (decision 014): the worker thread's memory is not a small shop's.
      expect(start.output()).toMatch(/Opening the embedded database in /);
      expect(start.output()).not.toMatch(/in a worker thread/);
      // The compiled seed takes the demo photos the sources processed (the tier's global setup):
      // one cached pool for both, not a second one made and the first deleted.
      expect(start.output()).toContain('seeding: photos copied from the cache');
      expect(start.output()).not.toMatch(/seeding: photo 1\/12/);

      const before = start.output().length;
      for (const step of ['/widgets/chat.js', '/assets/missing.js', '/healthz', '/api/products?keyword=hunter2', '/api/categories'])
        await (await fetch(shop.url + step)).text();
      await start.waitFor(/^GET \/api\/categories 200 \d+ ms$/m);
      // The API process writes to the same terminal, in order: a call straight to it (its own line)
      // comes after any line it would have written for the calls the BFF relayed.
      await (await fetch(`${shop.apiUrl}/api/end-of-walk`)).text();
      await start.waitFor(/^GET \/api\/end-of-walk \d+ \d+ ms$/m);
      const printed = start.output().slice(before).split('\n').filter(Boolean);
      expect(printed).toEqual([
        expect.stringMatching(/^GET \/api\/products\?… 200 \d+ ms$/),
        expect.stringMatching(/^GET \/api\/categories 200 \d+ ms$/),
        expect.stringMatching(/^GET \/api\/end-of-walk \d+ \d+ ms$/),
      ]);

      expect(await fetch(`${shop.url}/healthz`).then((r) => r.json())).toEqual({
        status: 'ok',
      });
      const list = await fetch(`${shop.url}/api/products?pageNum=1`);
      expect(list.status).toBe(200);
      expect((await list.json()).products.length).toBeGreaterThan(0);
      // The API believes the BFF's calls only: straight to its port, a proxied-only call is refused.
      expect((await fetch(`${shop.apiUrl}/api/users/login`, { method: 'POST' })).status).toBe(403);

      // A guest asks while no admin is there: the question must outlive the shop's restart.
      const cookie = guestChatCookie();
      const guest = await shopSocket(shop.url, cookie);
      expect(await guestSays(guest, 'Is the red kettle back in stock?')).toEqual({ ok: true, id: 1 });
      // The BFF's /metrics holds the API process's too, each labelled with its process.
      const metrics = await (await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      for (const process of ['api', 'bff']) {
        expect(sample(metrics, 'statefront_http_request_duration_seconds_count', { process, route: '/api/categories' })).toBe(1);
        expect(sample(metrics, 'process_resident_memory_bytes', { process })).toBeGreaterThan(0);
      }
      expect(sample(metrics, 'statefront_chat_messages_relayed_total', { process: 'api' })).toBe(1);
      // The guest's socket, relayed by the BFF and connected to the API's hub.
      for (const process of ['bff', 'api']) expect(sample(metrics, 'statefront_open_websockets', { process })).toBe(1);
      expect(sample(metrics, 'statefront_db_query_duration_seconds_count', { process: 'api' })).toBeGreaterThan(0);

      // The guest's page stays open (letting go on purpose would end the conversation).
      await stopsInOrder(start, shop, 'SIGINT', () => start.type('\x03'));
      guest.disconnect();
      // The database (its write-ahead log holds password hashes), secrets, run files: the owner's alone.
      expect(await openToOthers(path.join(dir, 'data'))).toEqual([]);
      expect((await lstat(path.join(dir, 'data', 'pglite'))).mode & 0o777).toBe(0o700);
      const pictures = (await readdir(path.join(dir, 'data', 'images'))).filter((n) => !n.startsWith('.'));
      expect(pictures.length).toBeGreaterThan(0);
      expect((await lstat(path.join(dir, 'data', 'images', pictures[0]!))).mode & 0o777).toBe(0o644);

      // Started again: the admin's page lists the guest's unanswered question, and the guest's panel shows it.
      const again = await opened(npmStart());
      const listed = await adminConversations(again.url);
      expect(listed).toMatchObject({
        ok: true,
        conversations: [
          {
            name: expect.stringMatching(/^Guest \d+$/),
            waitingSince: expect.any(String),
            messages: [{ id: 1, from: 'client', text: 'Is the red kettle back in stock?' }],
          },
        ],
      });
      const back = await shopSocket(again.url, cookie);
      expect(await guestReplay(back)).toEqual({
        ok: true,
        messages: [{ id: 1, from: 'client', text: 'Is the red kettle back in stock?' }],
      });
      back.disconnect();
    },
    SLOW,
  );

  it(
    'when the API process dies, then npm start stops too, with a line saying which process ended and how; a DATA_DIR an older version left open to others was closed at its start, with one line saying so',
    async () => {
      const data = path.join(dir, 'data');
      await mkdir(path.join(data, 'backups'), { recursive: true });
      await mkdir(path.join(data, 'images'), { recursive: true });
      await writeFile(path.join(data, 'backups', 'old.tar.gz'), 'hashes');
      await writeFile(path.join(data, 'images', 'old.png'), 'picture');
      await chmod(data, 0o777);
      await chmod(path.join(data, 'backups'), 0o777);
      await chmod(path.join(data, 'backups', 'old.tar.gz'), 0o666);
      await chmod(path.join(data, 'images', 'old.png'), 0o600);
      const start = npmStart();
      const shop = await opened(start);
      expect(start.output()).toMatch(/^Closed 3 files and folders in .*data that other users of this machine could read/m);
      expect(await openToOthers(data)).toEqual([]);
      expect((await lstat(path.join(data, 'images', 'old.png'))).mode & 0o777).toBe(0o644);
      process.kill(shop.apiPid, 'SIGKILL');
      expect(await start.exited).toBe(1);
      expect(start.output()).toMatch(
        new RegExp(`The API process \\(${shop.apiPid}\\) stopped unexpectedly \\(killed by SIGKILL\\): stopping the shop\\.`),
      );
    },
    SLOW,
  );

  it(
    'when npm start itself is killed outright, then its API process does not outlive it',
    async () => {
      const start = npmStart();
      const shop = await opened(start);
      start.child.kill('SIGKILL');
      await start.exited;
      for (let i = 0; i < 100 && alive(shop.apiPid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(alive(shop.apiPid)).toBe(false);
    },
    SLOW,
  );

  it(
    'when production has no INTERNAL_SECRET, then npm start makes one both processes share, outside the API process environment: a login through the shop is checked, straight to the API it is refused; SIGTERM to npm stops the shop in order',
    async () => {
      const start = await npmStartTyped({
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        SESSION_SECRET: 'a-session-secret-for-this-test-0123456789',
        TOKEN_SECRET: 'a-token-secret-for-this-test-0123456789ab',
      });
      const shop = await opened(start);
      const login = {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrf': '1',
          origin: shop.url,
        },
        body: JSON.stringify({
          email: 'nobody@example.com',
          password: 'not-the-password',
        }),
      };
      expect((await fetch(`${shop.url}/api/users/login`, login)).status).toBe(401);
      expect((await fetch(`${shop.apiUrl}/api/users/login`, login)).status).toBe(403);
      if (process.platform === 'linux') expect(await readFile(`/proc/${shop.apiPid}/environ`, 'utf8')).not.toContain('INTERNAL_SECRET');
      // What a service manager or `docker stop` does: SIGTERM to the process it started.
      await stopsInOrder(start, shop, 'SIGTERM', async () => void process.kill(await start.pid(), 'SIGTERM'));
    },
    SLOW,
  );

  it(
    'when API_PROCESS is neither separate nor inline, then npm start refuses with the setting named',
    async () => {
      const start = npmStart({ API_PROCESS: 'thread' });
      expect(await start.exited).toBe(1);
      expect(start.output()).toMatch(/API_PROCESS: must be separate .* or inline/);
    },
    SLOW,
  );
});
