import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../../tests/support/redis-server.ts';
import { type TestBff, startTestBff } from '../testing/bff-harness.ts';
import { type FakeApi, FAKE_PASSWORD, startFakeApi } from '../testing/fake-api.ts';
import { cookieOf, requestFrom } from '../testing/from-address.ts';

const PER_MINUTE = 4;
const limits = { API_LIMIT_PER_MINUTE: PER_MINUTE, API_GUEST_LIMIT_PER_MINUTE: PER_MINUTE };

let redis: RedisServer;
let upstream: FakeApi;
let alone: TestBff;
let first: TestBff;
let second: TestBff;

beforeAll(async () => {
  redis = await startRedisServer();
  upstream = await startFakeApi();
  alone = await startTestBff({ apiUrl: upstream.url, config: limits });
  first = await startTestBff({ apiUrl: upstream.url, config: { ...limits, REDIS_URL: redis.url } });
  second = await startTestBff({ apiUrl: upstream.url, config: { ...limits, REDIS_URL: redis.url } });
});

afterAll(async () => {
  await alone?.stop();
  await first?.stop();
  await second?.stop();
  await upstream?.stop();
  await redis?.stop();
});

let logins = 0;
/** Logs in from an address of its own, so logins never count against an address under test. */
const sessionAt = async (bff: TestBff, email: string): Promise<string> => {
  logins += 1;
  const res = await requestFrom(bff.url, `127.0.1.${logins}`, '/api/users/login', {
    method: 'POST',
    json: { email, password: FAKE_PASSWORD },
  });
  expect(res.status).toBe(200);
  return cookieOf(res);
};

const productsFrom = (localAddress: string, cookie?: string) =>
  requestFrom(alone.url, localAddress, '/api/products', { headers: cookie ? { cookie } : {} });

const reachedApi = (email: string) =>
  upstream.requests.filter((r) => r.url === '/api/products' && r.headers.authorization?.includes(email)).length;

describe('per-user /api limit', () => {
  it('when a session exceeds its requests per minute, then it gets 429 with a JSON message, while another session is still served', async () => {
    const busy = await sessionAt(alone, 'busy@shop.test');
    for (let i = 0; i < PER_MINUTE; i += 1)
      expect((await fetch(`${alone.url}/api/products`, { headers: { cookie: busy } })).status).toBe(200);

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

  it('when one account logs in again, then its new session shares the allowance instead of buying a fresh one', async () => {
    const once = await sessionAt(alone, 'twice@shop.test');
    const again = await sessionAt(alone, 'twice@shop.test');
    for (let i = 0; i < PER_MINUTE; i += 1)
      expect((await fetch(`${alone.url}/api/products`, { headers: { cookie: once } })).status).toBe(200);
    expect((await fetch(`${alone.url}/api/products`, { headers: { cookie: again } })).status).toBe(429);
  });
});

describe('a cookie that only decrypts is a guest', () => {
  it('when a logged-out cookie is replayed, then it counts against its address, which guests have used up', async () => {
    const cookie = await sessionAt(alone, 'gone@shop.test');
    expect((await productsFrom('127.0.0.20', cookie)).status).toBe(200);
    expect((await requestFrom(alone.url, '127.0.0.21', '/api/logout', { headers: { cookie } })).status).toBe(200);

    for (let i = 0; i < PER_MINUTE; i += 1) expect((await productsFrom('127.0.0.20')).status).toBe(200);
    expect((await productsFrom('127.0.0.20')).status).toBe(429);
    expect((await productsFrom('127.0.0.20', cookie)).status).toBe(429);
    // Another address is not affected.
    expect((await productsFrom('127.0.0.22', cookie)).status).toBe(200);
  });

  it('when guests exceed their address’s requests per minute, then a live session from that address is still served', async () => {
    const cookie = await sessionAt(alone, 'kiosk-customer@shop.test');
    for (let i = 0; i < PER_MINUTE; i += 1) {
      const served = await productsFrom('127.0.0.23');
      expect(served.status).toBe(200);
      // A shared cache keeps what a guest is served: nothing in it may be this address's own.
      expect(Object.keys(served.headers).filter((name) => /ratelimit/i.test(name))).toEqual([]);
    }
    const refused = await productsFrom('127.0.0.23');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await productsFrom('127.0.0.23', cookie)).status).toBe(200);
  });
});

describe('never limited', () => {
  it.each(['/api/logout', '/api/session', '/api/LOGOUT', '/api/session/'])(
    'when an address has spent its allowance, then GET %s still reaches its route',
    async (path) => {
      const address = '127.0.0.30';
      while ((await productsFrom(address)).status !== 429);
      expect((await requestFrom(alone.url, address, path)).status).not.toBe(429);
    },
  );
});
