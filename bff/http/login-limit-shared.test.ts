import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBff } from '../testing/bff-harness.ts';
import { FAKE_PASSWORD } from '../testing/fake-api.ts';
import { requestFrom } from '../testing/from-address.ts';
import { type SharedBffs, startSharedBffs } from '../testing/shared-bffs.ts';

let shop: SharedBffs;
let first: TestBff;
let second: TestBff;

beforeAll(async () => {
  shop = await startSharedBffs({ LOGIN_FAILURES_PER_ADDRESS: 12 });
  ({ first, second } = shop);
});

afterAll(() => shop?.stop());

const loginAt = (bff: TestBff, localAddress: string, email: string, password: string) =>
  requestFrom(bff.url, localAddress, '/api/users/login', { method: 'POST', json: { email, password } });

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

  it('when failures for many accounts from one address are spread across two instances, then the per-address limit counts them together', async () => {
    for (let i = 0; i < 12; i += 1) {
      expect((await loginAt(i % 2 === 0 ? first : second, '127.0.0.4', `shared-stuffed-${i}@shop.test`, 'guess')).status).toBe(401);
    }
    for (const bff of [first, second]) {
      const blocked = await loginAt(bff, '127.0.0.4', 'shared-stuffed-new@shop.test', FAKE_PASSWORD);
      expect(blocked.status).toBe(429);
      expect((JSON.parse(blocked.body) as { message: string }).message).toMatch(/from your network/);
    }
    expect((await loginAt(first, '127.0.0.5', 'shared-stuffed-new@shop.test', FAKE_PASSWORD)).status).toBe(200);
  });
});
