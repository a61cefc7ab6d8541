import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../../tests/support/redis-server.ts';
import { type TestBff, cookieFrom, postJson, startTestBff } from '../testing/bff-harness.ts';
import { type FakeApi, FAKE_PASSWORD, startFakeApi } from '../testing/fake-api.ts';

const PER_MINUTE = 4;

let redis: RedisServer;
let upstream: FakeApi;
let alone: TestBff;
let first: TestBff;
let second: TestBff;

beforeAll(async () => {
  redis = await startRedisServer();
  upstream = await startFakeApi();
  alone = await startTestBff({ apiUrl: upstream.url, apiLimitPerMinute: PER_MINUTE });
  first = await startTestBff({ apiUrl: upstream.url, config: { REDIS_URL: redis.url }, apiLimitPerMinute: PER_MINUTE });
  second = await startTestBff({ apiUrl: upstream.url, config: { REDIS_URL: redis.url }, apiLimitPerMinute: PER_MINUTE });
});

afterAll(async () => {
  await alone?.stop();
  await first?.stop();
  await second?.stop();
  await upstream?.stop();
  await redis?.stop();
});

const sessionAt = async (bff: TestBff, email: string): Promise<string> => {
  const res = await postJson(`${bff.url}/api/users/login`, { email, password: FAKE_PASSWORD });
  expect(res.status).toBe(200);
  return cookieFrom(res);
};

const reachedApi = (email: string) => upstream.requests.filter((r) => r.url === '/api/products' && r.headers.authorization?.includes(email)).length;

describe('per-session /api limit', () => {
  it('when a session exceeds its requests per minute, then it gets 429 with a JSON message, while another session is still served', async () => {
    const busy = await sessionAt(alone, 'busy@shop.test');
    for (let i = 0; i < PER_MINUTE; i += 1) expect((await fetch(`${alone.url}/api/products`, { headers: { cookie: busy } })).status).toBe(200);

    const refused = await fetch(`${alone.url}/api/products`, { headers: { cookie: busy } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await refused.json()) as { message: string }).message).toBe('Too many requests. Wait a minute and try again.');
    expect(reachedApi('busy@shop.test')).toBe(PER_MINUTE);

    const calm = await sessionAt(alone, 'calm@shop.test');
    expect((await fetch(`${alone.url}/api/products`, { headers: { cookie: calm } })).status).toBe(200);
  });

  it('when one session spreads its requests across two instances sharing Redis, then the limit counts them together', async () => {
    const cookie = await sessionAt(first, 'roaming@shop.test');
    for (let i = 0; i < PER_MINUTE; i += 1) {
      expect((await fetch(`${(i % 2 === 0 ? first : second).url}/api/products`, { headers: { cookie } })).status).toBe(200);
    }

    for (const bff of [first, second]) {
      const refused = await fetch(`${bff.url}/api/products`, { headers: { cookie } });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toMatch(/Too many requests/);
    }
  });
});
