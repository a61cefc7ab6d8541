import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, FAKE_PASSWORD, startFakeApi } from '../testing/fake-api.ts';
import { type TestBff, startTestBff } from '../testing/bff-harness.ts';

let upstream: FakeApi;
let bff: TestBff;

beforeAll(async () => {
  upstream = await startFakeApi();
  bff = await startTestBff({ apiUrl: upstream.url });
});

afterAll(async () => {
  await bff?.stop();
  await upstream?.stop();
});

/** POST /api/users/login from a chosen local address (the whole of 127.0.0.0/8 is loopback on Linux). */
const loginFrom = (localAddress: string, email: string, password: string) =>
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

describe('failed-login limit', () => {
  it('when one address fails 10 times for an account, then the 11th try gets 429, yet the owner still logs in from another address', async () => {
    const email = 'victim@shop.test';
    for (let i = 0; i < 10; i += 1) expect((await loginFrom('127.0.0.2', email, 'guess')).status).toBe(401);

    const blocked = await loginFrom('127.0.0.2', email, FAKE_PASSWORD);
    expect(blocked.status).toBe(429);
    expect((JSON.parse(blocked.body) as { message: string }).message).toMatch(/Too many failed logins/);

    expect((await loginFrom('127.0.0.1', email, FAKE_PASSWORD)).status).toBe(200);
    // Another account from the blocked address is not affected either.
    expect((await loginFrom('127.0.0.2', 'someone-else@shop.test', FAKE_PASSWORD)).status).toBe(200);
  });

  it('when logins succeed, then they do not count towards the limit', async () => {
    const email = 'regular@shop.test';
    for (let i = 0; i < 12; i += 1) expect((await loginFrom('127.0.0.3', email, FAKE_PASSWORD)).status).toBe(200);
  });
});
