import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, FAKE_PASSWORD, startFakeApi } from '../testing/fake-api.ts';
import { type TestBff, startTestBff } from '../testing/bff-harness.ts';
import { cookieOf, requestFrom } from '../testing/from-address.ts';
import { AUTH_FAILURE_HEADER } from '#contracts/user.ts';

let upstream: FakeApi;
let bff: TestBff;

beforeAll(async () => {
  upstream = await startFakeApi();
  // The defaults: 10 failures per account and address, 50 per address, in 15 minutes.
  bff = await startTestBff({ apiUrl: upstream.url });
});

afterAll(async () => {
  await bff?.stop();
  await upstream?.stop();
});

const loginFrom = (localAddress: string, email: string, password: string) =>
  requestFrom(bff.url, localAddress, '/api/users/login', { method: 'POST', json: { email, password } });

const changeProfileFrom = (localAddress: string, cookie: string, body: Record<string, string>) =>
  requestFrom(bff.url, localAddress, '/api/users/profile', { method: 'PUT', headers: { cookie }, json: body });

const message = (answer: { body: string }) => JSON.parse(answer.body) as { message: string; field?: string };

describe('failed-login limit', () => {
  it('when one address fails 10 times for an account, then the 11th try gets 429, yet the owner still logs in from another address', async () => {
    const email = 'victim@shop.test';
    for (let i = 0; i < 10; i += 1) expect((await loginFrom('127.0.0.2', email, 'guess')).status).toBe(401);

    const blocked = await loginFrom('127.0.0.2', email, FAKE_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(message(blocked).message).toBe('Too many failed logins for this account. Wait 15 minutes and try again.');

    expect((await loginFrom('127.0.0.1', email, FAKE_PASSWORD)).status).toBe(200);
    // Another account from the blocked address is not affected either.
    expect((await loginFrom('127.0.0.2', 'someone-else@shop.test', FAKE_PASSWORD)).status).toBe(200);
  });

  it('when logins succeed, then they do not count towards the limit', async () => {
    const email = 'regular@shop.test';
    for (let i = 0; i < 12; i += 1) expect((await loginFrom('127.0.0.3', email, FAKE_PASSWORD)).status).toBe(200);
  });

  it('when one address fails 50 times across 50 accounts, then its next login gets 429, while the same account still logs in from another address', async () => {
    for (let i = 0; i < 50; i += 1) expect((await loginFrom('127.0.0.4', `stuffed-${i}@shop.test`, 'leaked-elsewhere')).status).toBe(401);

    const blocked = await loginFrom('127.0.0.4', 'stuffed-50@shop.test', FAKE_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(message(blocked).message).toBe('Too many failed logins from your network. Wait 15 minutes and try again.');
    expect(upstream.requests.filter((r) => r.body.includes('stuffed-50@')).length).toBe(0);

    expect((await loginFrom('127.0.0.5', 'stuffed-50@shop.test', FAKE_PASSWORD)).status).toBe(200);
  });
});

describe('wrong current passwords count as failed logins', () => {
  it('when a session gives 10 wrong current passwords, then the 11th change gets 429 unseen by the API, logins for that account from there too, and the browser never sees the API’s marker', async () => {
    const email = 'changer@shop.test';
    const cookie = cookieOf(await loginFrom('127.0.0.6', email, FAKE_PASSWORD));
    for (let i = 0; i < 10; i += 1) {
      const wrong = await changeProfileFrom('127.0.0.6', cookie, { password: 'new-password', currentPassword: `guess-${i}` });
      expect(wrong.status).toBe(400);
      expect(message(wrong)).toEqual({ message: 'Your current password is not correct', field: 'currentPassword' });
      expect(wrong.headers[AUTH_FAILURE_HEADER]).toBeUndefined();
    }

    const reached = upstream.requests.length;
    const refused = await changeProfileFrom('127.0.0.6', cookie, { password: 'new-password', currentPassword: FAKE_PASSWORD });
    expect(refused.status).toBe(429);
    expect(message(refused)).toEqual({
      message: 'Too many wrong passwords for this account. Wait 15 minutes and try again.',
      field: 'currentPassword',
    });
    expect(upstream.requests.length).toBe(reached);

    // One counter: the guesser cannot switch to the login form either, but the owner elsewhere can.
    expect((await loginFrom('127.0.0.6', email, FAKE_PASSWORD)).status).toBe(429);
    expect((await loginFrom('127.0.0.7', email, FAKE_PASSWORD)).status).toBe(200);
  });

  it('when a session guesses the password to delete the account or show its address on the kiosk 10 times, then the 11th gets 429 unseen by the API', async () => {
    const cookie = cookieOf(await loginFrom('127.0.0.9', 'deleter@shop.test', FAKE_PASSWORD));
    const deleteFrom = (currentPassword: string) =>
      requestFrom(bff.url, '127.0.0.9', '/api/users/profile', { method: 'DELETE', headers: { cookie }, json: { currentPassword } });
    const showFrom = (currentPassword: string) =>
      requestFrom(bff.url, '127.0.0.9', '/api/users/profile/check-password', {
        method: 'POST',
        headers: { cookie },
        json: { currentPassword },
      });
    for (let i = 0; i < 10; i += 1) expect((await (i % 2 ? showFrom : deleteFrom)(`guess-${i}`)).status).toBe(400);
    const reached = upstream.requests.length;
    expect((await deleteFrom(FAKE_PASSWORD)).status).toBe(429);
    expect(upstream.requests.length).toBe(reached);
  });

  it('when profile changes succeed, then they do not count towards the limit', async () => {
    const cookie = cookieOf(await loginFrom('127.0.0.8', 'tidy@shop.test', FAKE_PASSWORD));
    for (let i = 0; i < 12; i += 1) {
      expect((await changeProfileFrom('127.0.0.8', cookie, { name: `Name ${i}` })).status).toBe(200);
      expect((await changeProfileFrom('127.0.0.8', cookie, { password: 'new-password', currentPassword: FAKE_PASSWORD })).status).toBe(200);
    }
  });
});
