import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkBuild, ensureFreshBuild } from './build-freshness.ts';
import { BUILD_STAMP_FILE, writeBuildStamp } from './build-stamp.ts';

let root = '';

const put = async (file: string, content: string) => {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
};

/** A small shop tree, built and stamped as `npm run build` leaves it. */
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'statefront-stamp-'));
  await put('client/app/app.tsx', 'export const App = () => null;');
  await put('client/app/app.test.tsx', "it('renders', () => {});");
  await put('client/README.md', '# client');
  await put('machines/cart/cart.machine.ts', 'export const cart = 1;');
  await put('machines/cart/cart.model.ts', 'export const model = 1;');
  await put('widgets/chat/entry.ts', 'export {};');
  await put('contracts/product.ts', 'export type Product = {};');
  await put('package-lock.json', '{"lockfileVersion":3}');
  await put('vite.config.ts', 'export default {};');
  await put('dist/client/index.html', '<!doctype html>');
  await put('dist/server/entry-server.js', 'export const render = () => {};');
  await put('dist/widgets/chat.js', '/* loader */');
  await put('api/db/migrate.ts', 'export const migrate = 1;');
  await put('bff/app.ts', 'export const app = 1;');
  await put('scripts/start.ts', 'export {};');
  await put('dist/servers/scripts/start.js', 'export {};');
  await writeBuildStamp(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const start = (production = false) => {
  const build = vi.fn(() => true);
  const lines: string[] = [];
  const run = ensureFreshBuild({ root, production, build, say: (l) => lines.push(l), warn: (l) => lines.push(l) });
  return { build, lines, run };
};

describe('npm start: never a stale client', () => {
  it('when nothing changed since the build, then the build is fresh and start does not build', async () => {
    const { build, run } = start();
    expect(await run).toBe('fresh');
    expect(build).not.toHaveBeenCalled();
  });

  it('when a client source changed since the build, then the build is stale, names the file, and start builds', async () => {
    await put('client/app/app.tsx', 'export const App = () => "new";');
    expect(await checkBuild(root)).toEqual({ state: 'stale', changed: ['client/app/app.tsx'] });
    const { build, lines, run } = start();
    expect(await run).toBe('built');
    expect(build).toHaveBeenCalledOnce();
    expect(lines[0]).toMatch(/client\/app\/app\.tsx.*npm run build/);
  });

  it('when a machine, a contract or the widget changed, or a source file was added, then the build is stale', async () => {
    const edits: [string, string][] = [
      ['machines/cart/cart.machine.ts', 'export const cart = 2;'],
      ['contracts/product.ts', 'export type Product = { id: string };'],
      ['widgets/chat/entry.ts', 'export const x = 1;'],
      ['client/features/new-page.tsx', 'export {};'],
    ];
    for (const [file, content] of edits) {
      await writeBuildStamp(root);
      await put(file, content);
      expect(await checkBuild(root)).toEqual({ state: 'stale', changed: [file] });
    }
  });

  it('when package-lock.json or a Vite config changed, then the build is stale', async () => {
    await put('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    await put('vite.config.ts', 'export default { build: {} };');
    await put('vite.ssr.config.ts', 'export default { build: { ssr: true } };');
    expect(await checkBuild(root)).toEqual({ state: 'stale', changed: ['package-lock.json', 'vite.config.ts', 'vite.ssr.config.ts'] });
  });

  it('when the server-render bundle is missing, then start builds', async () => {
    await rm(path.join(root, 'dist/server'), { recursive: true });
    const { build, lines, run } = start();
    expect(await run).toBe('built');
    expect(build).toHaveBeenCalledOnce();
    expect(lines[0]).toMatch(/dist\/server\/entry-server\.js missing/);
  });

  it('when only a test, a model or a README changed, then the build is still fresh', async () => {
    await put('client/app/app.test.tsx', "it('renders again', () => {});");
    await put('machines/cart/cart.model.ts', 'export const model = 2;');
    await put('client/README.md', '# client, edited');
    await put('machines/cart/testing/helper.ts', 'export {};');
    expect(await checkBuild(root)).toEqual({ state: 'fresh' });
  });

  it('when the files are touched but their contents are the same (a checkout), then the build is still fresh', async () => {
    await put('client/app/app.tsx', 'export const App = () => null;');
    expect(await checkBuild(root)).toEqual({ state: 'fresh' });
  });

  it('when dist/ holds a build without a stamp (older than the stamp, or cut short), then start builds', async () => {
    await rm(path.join(root, BUILD_STAMP_FILE));
    const { build, run } = start();
    expect(await run).toBe('built');
    expect(build).toHaveBeenCalledOnce();
  });

  it('when a built file is missing, then start builds, and drops the old stamp first so a failed build is not vouched for', async () => {
    await rm(path.join(root, 'dist/widgets/chat.js'));
    const build = vi.fn(() => false);
    const lines: string[] = [];
    expect(await ensureFreshBuild({ root, production: false, build, say: (l) => lines.push(l), warn: (l) => lines.push(l) })).toBe(
      'build-failed',
    );
    expect(lines[0]).toMatch(/dist\/widgets\/chat\.js missing/);
    expect(lines[1]).toMatch(/build failed/);
    await put('dist/widgets/chat.js', '/* half a build */');
    expect((await checkBuild(root)).state).toBe('unstamped');
  });

  it('when an API, BFF or start script source changed, then the compiled servers are stale, but not for the shop run from its sources (npm run dev)', async () => {
    await put('api/db/migrate.ts', 'export const migrate = 2;');
    await put('bff/app.ts', 'export const app = 2;');
    await put('scripts/start.ts', 'export const x = 1;');
    expect(await checkBuild(root)).toEqual({ state: 'stale', changed: ['api/db/migrate.ts', 'bff/app.ts', 'scripts/start.ts'] });
    expect(await checkBuild(root, { servers: false })).toEqual({ state: 'fresh' });
    await rm(path.join(root, 'dist/servers'), { recursive: true });
    expect(await checkBuild(root, { servers: false })).toEqual({ state: 'fresh' });
    const { build, run } = start();
    expect(await run).toBe('built');
    expect(build).toHaveBeenCalledOnce();
  });

  it.each([
    { part: 'the client', source: 'client/app/app.tsx', built: 'dist/client', first: 'dist/client/index.html' },
    { part: 'the compiled servers', source: 'api/db/migrate.ts', built: 'dist/servers', first: 'dist/servers/scripts/start.js' },
  ])(
    'when NODE_ENV=production and $part is stale or missing, then start never builds and says so in one line',
    async ({ source, built, first }) => {
      const named = (file: string) => file.replaceAll('.', '\\.');
      await put(source, 'export const edited = 1;');
      const stale = start(true);
      expect(await stale.run).toBe('left-stale');
      expect(stale.build).not.toHaveBeenCalled();
      expect(stale.lines).toEqual([
        expect.stringMatching(new RegExp(`^NODE_ENV=production: the build is older than its sources .*${named(source)}.*npm run build`)),
      ]);

      await rm(path.join(root, built), { recursive: true });
      const missing = start(true);
      expect(await missing.run).toBe('left-stale');
      expect(missing.build).not.toHaveBeenCalled();
      expect(missing.lines).toEqual([expect.stringMatching(new RegExp(`^NODE_ENV=production: ${named(first)} missing; not building`))]);
    },
  );

  it('when NODE_ENV=production and nothing is compiled yet (a fresh clone), then npm start does not build, says so in one line and ends', async () => {
    await rm(path.join(root, 'dist'), { recursive: true });
    const launch = spawnSync(process.execPath, [fileURLToPath(new URL('./launch.mjs', import.meta.url)), 'start'], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    expect(launch.status).toBe(1);
    expect(launch.stdout).toBe('');
    expect(launch.stderr).toMatch(
      /^NODE_ENV=production: dist\/servers missing; not building here \(run `npm run build` as its own step\)\.\n$/,
    );
    expect(existsSync(path.join(root, 'dist'))).toBe(false);
  });

  it('when npm run build runs, then its last step writes the stamp', async () => {
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).toMatch(/&& tsx scripts\/build-stamp\.ts$/);
  });
});
