import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, holdOffline } from '../api/testing/sockets.ts';
import { postSlowly, sessionCallHeaders, startTestApi, TEST_INTERNAL_SECRET, type TestApi } from '../api/testing/api-harness.ts';
import { TEST_SESSION_SECRET } from '../bff/testing/bff-harness.ts';

/** `npm run start:api` and `npm run start:bff` as one instance of several: real processes that drain on SIGTERM. */
const TSX = import.meta.resolve('tsx');

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** Starts the script in a temp folder; resolves with its URL once it prints it, and its exit. */
const startScript = async (script: string, env: Record<string, string>, printed: RegExp) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'statefront-drain-'));
  dirs.push(dir);
  const child = spawn(process.execPath, ['--import', TSX, fileURLToPath(new URL(script, import.meta.url))], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let out = '';
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = printed.exec(out);
      if (found) resolve(found[1]!);
    });
    void exited.then(() => reject(new Error(`${script} exited early:\n${out}`)));
  });
  return { child, url, exited };
};

/**
 * SIGTERM with a chat socket open and a registration whose body is still on its way: the socket
 * ends as a transport close (the client keeps reconnecting), the registration is answered 201
 * closing its connection, new connections are refused, and the process exits 0 within 15 s.
 */
const drainsOnSigterm = async (
  { child, url, exited }: Awaited<ReturnType<typeof startScript>>,
  registerHeaders: Record<string, string>,
) => {
  const chat = await connect(url);
  holdOffline(chat);
  const reason = new Promise<string>((resolve) => chat.once('disconnect', resolve));
  const email = `drain-${Date.now()}@example.com`;
  const registering = postSlowly(
    `${url}/api/users/register`,
    { name: 'Drain', lastName: 'Test', email, password: 'Secret-password-1' },
    registerHeaders,
  );
  await registering.arrived;
  const signalled = Date.now();
  child.kill('SIGTERM');
  try {
    // The socket's close says the drain has begun: the rest of the registration's body arrives during it.
    expect(await reason).toBe('transport close');
    expect(chat.active).toBe(true);
    registering.finish();
    const answer = await registering.answer;
    answer.resume();
    expect(answer.statusCode).toBe(201);
    expect(answer.headers.connection).toBe('close');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(15_000);
    return answer;
  } finally {
    chat.disconnect();
  }
};

describe('start:api, run alone', () => {
  it('when SIGTERM arrives, then the request in flight finishes, the chat socket sees a transport close, new connections are refused, and the process exits within 15 s', async () => {
    const api = await startScript(
      './start-api.ts',
      {
        API_PORT: '0',
        API_HOST: '127.0.0.1',
        SEED: 'none',
        INSTANCE_ID: 'api-1',
      },
      /listening at (http:\/\/\S+) /,
    );
    expect((await fetch(`${api.url}/readyz`)).headers.get('x-instance')).toBe('api-1');
    expect((await drainsOnSigterm(api, sessionCallHeaders())).headers['x-instance']).toBe('api-1');
  }, 60_000);
});

describe('start:bff, run alone', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ config: { INSTANCE_ID: 'api-2' } });
  });
  afterAll(async () => api?.stop());

  it('when SIGTERM arrives, then the request in flight finishes, the relayed chat socket sees a transport close, new connections are refused, and the process exits within 15 s', async () => {
    const bff = await startScript(
      './start-bff.ts',
      {
        PORT: '0',
        API_URL: api.url,
        SESSION_SECRET: TEST_SESSION_SECRET,
        INSTANCE_ID: 'bff-1',
      },
      /BFF at (http:\/\/\S+),/,
    );
    expect((await fetch(`${bff.url}/readyz`)).headers.get('x-instance')).toBe('bff-1');
    expect((await drainsOnSigterm(bff, { 'x-csrf': '1' })).headers['x-instance']).toBe('bff-1/api-2');
  }, 60_000);
});
