import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, holdOffline } from '../api/realtime/test-sockets.ts';
import { postSlowly, sessionCallHeaders, TEST_INTERNAL_SECRET } from '../api/testing/api-harness.ts';

/** `npm run start:api` as one instance of several: a real process that drains on SIGTERM (issue 16). */
const START_API = fileURLToPath(new URL('./start-api.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');

let dir = '';
let child: ChildProcess | undefined;
let url = '';
let out = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'statefront-start-api-'));
  child = spawn(process.execPath, ['--import', TSX, START_API], {
    env: { ...process.env, NODE_ENV: 'test', API_PORT: '0', API_HOST: '127.0.0.1', DATA_DIR: dir, SEED: 'none', LOG_LEVEL: 'silent', INSTANCE_ID: 'api-1', INTERNAL_SECRET: TEST_INTERNAL_SECRET, REDIS_URL: '', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  url = await new Promise<string>((resolve, reject) => {
    child!.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening at (http:\/\/\S+) /.exec(out);
      if (found) resolve(found[1]!);
    });
    child!.once('exit', () => reject(new Error(`start-api exited early:\n${out}`)));
  });
}, 120_000);
afterAll(async () => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

describe('start:api, run alone', () => {
  it('when SIGTERM arrives, then the request in flight finishes, the chat socket sees a transport close, new connections are refused, and the process exits within 15 s', async () => {
    expect((await fetch(`${url}/readyz`)).headers.get('x-instance')).toBe('api-1');
    const chat = await connect(url);
    holdOffline(chat);
    const reason = new Promise<string>((resolve) => chat.once('disconnect', resolve));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const registering = postSlowly(`${url}/api/users/register`, { name: 'Drain', lastName: 'Test', email: 'drain@example.com', password: 'Secret-password-1' }, sessionCallHeaders(), 500);
    await new Promise((r) => setTimeout(r, 100));
    const signalled = Date.now();
    child!.kill('SIGTERM');

    expect(await reason).toBe('transport close');
    expect(chat.active).toBe(true);
    const answer = await registering;
    answer.resume();
    expect(answer.statusCode).toBe(201);
    expect(answer.headers.connection).toBe('close');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(15_000);
    chat.disconnect();
  }, 30_000);
});
