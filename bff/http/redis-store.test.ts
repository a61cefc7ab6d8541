import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RedisServer, freePort, startRedisServer } from '../../tests/support/redis-server.ts';
import { createBff } from '../app.ts';
import { loadBffConfig } from '../config.ts';
import { type TestBff, TEST_SESSION_SECRET, cookieFrom, postJson, startTestBff } from '../testing/bff-harness.ts';
import { type FakeApi, FAKE_PASSWORD, startFakeApi } from '../testing/fake-api.ts';

let upstream: FakeApi;

beforeAll(async () => {
  upstream = await startFakeApi();
});

afterAll(async () => {
  await upstream?.stop();
});

type LogLine = { level: number; msg?: string };
const warnings = (bff: TestBff) =>
  bff.logs
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.level === 40)
    .map((line) => line.msg ?? '');

describe('REDIS_URL', () => {
  it('when REDIS_URL is not a redis URL, then the configuration is refused with a sentence naming it', async () => {
    await expect(loadBffConfig({ SESSION_SECRET: TEST_SESSION_SECRET, REDIS_URL: 'http://localhost:6379' })).rejects.toThrow(
      /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect((await loadBffConfig({ SESSION_SECRET: TEST_SESSION_SECRET, REDIS_URL: 'redis://localhost:6379' })).REDIS_URL).toBe(
      'redis://localhost:6379',
    );
  });

  it('when Redis cannot be reached at start, then the BFF does not start and says what to do, without showing the password', async () => {
    const url = `redis://:hunter2-secret@127.0.0.1:${await freePort()}`;
    const config = await loadBffConfig({ NODE_ENV: 'test', SESSION_SECRET: TEST_SESSION_SECRET, REDIS_URL: url, LOG_LEVEL: 'silent' });
    const bff = createBff({ apiUrl: upstream.url, config });
    const failure: unknown = await bff.start(0, '127.0.0.1').then(
      () => undefined,
      (error: unknown) => error,
    );
    await bff.stop(0);
    expect(failure).toBeInstanceOf(Error);
    const { message } = failure as Error;
    expect(message).toMatch(
      /^Cannot reach Redis at REDIS_URL \(redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\).*ECONNREFUSED.*unset REDIS_URL to count rate limits in memory\.$/,
    );
    expect(message).not.toContain('hunter2-secret');
  });
});

describe('when Redis fails while the shop runs', () => {
  let redis: RedisServer;
  let bff: TestBff;

  beforeAll(async () => {
    redis = await startRedisServer();
    bff = await startTestBff({ apiUrl: upstream.url, config: { REDIS_URL: redis.url } });
  });

  afterAll(async () => {
    await bff?.stop();
    await redis?.stop();
  });

  it('then logins and API calls are still served, unlimited, and a warning is logged', async () => {
    const before = await postJson(`${bff.url}/api/users/login`, { email: 'steady@shop.test', password: FAKE_PASSWORD });
    expect(before.status).toBe(200);
    const cookie = cookieFrom(before);

    await redis.stop();

    expect((await postJson(`${bff.url}/api/users/login`, { email: 'steady@shop.test', password: 'guess' })).status).toBe(401);
    expect((await postJson(`${bff.url}/api/users/login`, { email: 'steady@shop.test', password: FAKE_PASSWORD })).status).toBe(200);
    expect((await fetch(`${bff.url}/api/products`, { headers: { cookie } })).status).toBe(200);

    expect(warnings(bff).some((msg) => msg.includes('allowing request without rate-limiting'))).toBe(true);
    await vi.waitFor(() => expect(warnings(bff)).toContain('Redis is unreachable: rate limits let requests through until it is back'));
  });

  it('then, once Redis is back, failed logins are counted and limited again', async () => {
    redis = await startRedisServer({ port: redis.port });
    // The client reconnects by itself, with a growing pause between tries.
    await vi.waitFor(() => expect(bff.logs.some((line) => line.includes('Redis is back'))).toBe(true), { timeout: 15_000, interval: 50 });

    for (let i = 0; i < 10; i += 1)
      expect((await postJson(`${bff.url}/api/users/login`, { email: 'returning@shop.test', password: 'guess' })).status).toBe(401);
    expect((await postJson(`${bff.url}/api/users/login`, { email: 'returning@shop.test', password: FAKE_PASSWORD })).status).toBe(429);
  });

  // The old wait was the whole outage: a test timeout under it is how this fails there.
  it(
    'when Redis hangs with its connection open, then a logged-in request is still answered, unlimited, and counted again once Redis goes on',
    { timeout: 5_000 },
    async () => {
      const login = await postJson(`${bff.url}/api/users/login`, { email: 'frozen@shop.test', password: FAKE_PASSWORD });
      expect(login.status).toBe(200);
      const cookie = cookieFrom(login);
      redis.pause();
      try {
        const res = await fetch(`${bff.url}/api/products`, { headers: { cookie } });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual(expect.anything());
        expect((await fetch(`${bff.url}/api/orders`, { headers: { cookie } })).status).toBe(200);
      } finally {
        redis.resume();
      }
      await vi.waitFor(() => expect(bff.logs.filter((line) => line.includes('Redis is back')).length).toBeGreaterThan(1), {
        timeout: 4_000,
        interval: 50,
      });
    },
  );
});
