import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiChildStart } from './api-child.ts';
import { API_NODE_FLAGS, SERVER_NODE_FLAGS } from './server-memory.ts';

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('npm start sizes its processes for a small server (decision 014)', () => {
  it.each(['start', 'start:api', 'start:bff'])(
    'npm run %s starts node with the V8 flags, two malloc arenas and a fixed trim threshold unless the owner set theirs',
    (name) => {
      const line = scripts[name]!;
      expect(line).toMatch(
        /^MALLOC_ARENA_MAX=\$\{MALLOC_ARENA_MAX:-2\} MALLOC_TRIM_THRESHOLD_=\$\{MALLOC_TRIM_THRESHOLD_:-131072\} exec node /,
      );
      expect(line).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/launch.mjs`);
    },
  );

  it('forks the API child with those flags and one V8 thread, before the loader, and MALLOC_ARENA_MAX=2 in its environment', () => {
    const start = apiChildStart({ PATH: '/bin' }, ['--import', 'tsx']);
    expect(start.execArgv).toEqual([...SERVER_NODE_FLAGS, '--v8-pool-size=1', '--import', 'tsx']);
    expect(API_NODE_FLAGS).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
    expect(start.env).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072', PATH: '/bin', API_HOST: '127.0.0.1' });
  });

  it("runs the embedded database on the API child's own thread unless the owner asks for the worker thread", () => {
    // No PGLITE_THREAD: the API's configuration keeps PGlite on its thread (about 26 MB less at rest).
    expect(apiChildStart({ PATH: '/bin' }, []).env).not.toHaveProperty('PGLITE_THREAD');
    expect(apiChildStart({ PGLITE_THREAD: '1' }, []).env).toMatchObject({ PGLITE_THREAD: '1' });
  });

  it("leaves the owner's settings: their MALLOC_ARENA_MAX, and a flag they gave in NODE_OPTIONS", () => {
    const start = apiChildStart({ MALLOC_ARENA_MAX: '4', MALLOC_TRIM_THRESHOLD_: '0', NODE_OPTIONS: '--max-semi-space-size=16' }, []);
    expect(start.execArgv).toEqual(['--optimize-for-size', '--v8-pool-size=1']);
    expect(start.env.MALLOC_ARENA_MAX).toBe('4');
    expect(start.env.MALLOC_TRIM_THRESHOLD_).toBe('0');
  });
});
