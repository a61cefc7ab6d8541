import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../../tests/support/redis-server.ts';
import { type TestBff, startTestBff } from '../testing/bff-harness.ts';
import { type FakeApi, FAKE_PASSWORD, startFakeApi } from '../testing/fake-api.ts';

let redis: RedisServer;
let upstream: FakeApi;
let first: TestBff;
let second: TestBff;

beforeAll(async () => {
  redis = await startRedisServer();
  upstream = await startFakeApi();
  first = await startTestBff({ apiUrl: upstream.url, config: { REDIS_URL: redis.url } });
  second = await startTestBff({ apiUrl: upstream.url, config: { REDIS_URL: redis.url } });
});

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await upstream?.stop();
  await redis?.stop();
});

/** POST /api/users/login to one instance from a chosen local address (all of 127.0.0.0/8 is loopback on Linux). */
const loginAt = (bff: TestBff, localAddress: string, email: string, password: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { port } = new URL(bff.url);
    const req = http.request(
      { host: '127.0.0.1', port, path: '/api/users/login', method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'x-csrf': '1' } },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ email, password }));
  });

describe('failed-login limit shared through Redis', () => {
  it('when 10 failures for one account from one address are spread across two instances, then the 11th gets 429 on either, yet the owner logs in from another address', async () => {
    const email = 'shared-victim@shop.test';
    for (let i = 0; i < 10; i += 1) {
      expect((await loginAt(i % 2 === 0 ? first : second, '127.0.0.2', email, 'guess')).status).toBe(401);
    }

    for (const bff of [first, second]) {
      const blocked = await loginAt(bff, '127.0.0.2', email, FAKE_PASSWORD);
      expect(blocked.status).toBe(429);
      expect((JSON.parse(blocked.body) as { message: string }).message).toMatch(/Too many failed logins/);
    }

    expect((await loginAt(first, '127.0.0.1', email, FAKE_PASSWORD)).status).toBe(200);
    expect((await loginAt(second, '127.0.0.1', email, FAKE_PASSWORD)).status).toBe(200);
  });

  it('when logins succeed on both instances, then they do not count towards the shared limit', async () => {
    const email = 'shared-regular@shop.test';
    for (let i = 0; i < 12; i += 1) {
      expect((await loginAt(i % 2 === 0 ? first : second, '127.0.0.3', email, FAKE_PASSWORD)).status).toBe(200);
    }
  });
});
