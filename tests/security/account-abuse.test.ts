import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#contracts/rules.ts';
import { AUTH_FAILURE_HEADER, CURRENT_PASSWORD_WRONG } from '#contracts/user.ts';
import { productRow } from '../../api/components/orders/fixtures.ts';
import { body as orderBody } from '../../api/testing/test-api.ts';
import { addProduct } from '../../api/components/products/test-fixtures.ts';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { type TestBff, cookieFrom, postJson, startTestBff } from '../../bff/testing/bff-harness.ts';

/**
 * Two things a holder of a fresh or borrowed session could do through the shop's public port:
 * lock the owner out by changing the password, and hoard stock with orders from an
 * account nobody could ship to.
 */
describe('security: a session alone cannot change the password or hoard stock', () => {
  let t: TestApi;
  let bff: TestBff;
  beforeAll(async () => {
    t = await startTestApi();
    bff = await startTestBff({ apiUrl: t.url });
  });
  afterAll(async () => {
    await bff?.stop();
    await t?.stop();
  });

  const PASSWORD = 'owner-password';
  let counter = 0;
  const newAccount = async () => {
    const email = `abuse-${++counter}-${Date.now()}@example.test`;
    const res = await postJson(`${bff.url}/api/users/register`, { name: 'Owen', lastName: 'Owner', email, password: PASSWORD });
    expect(res.status).toBe(201);
    return { email, cookie: cookieFrom(res) };
  };
  const login = async (email: string, password = PASSWORD) =>
    postJson(`${bff.url}/api/users/login`, { email, password, doNotLogout: false });
  const send = (method: 'PUT' | 'POST', path: string, cookie: string, payload: unknown) =>
    fetch(`${bff.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-csrf': '1', cookie },
      body: JSON.stringify(payload),
    });
  const profile = { name: 'Owen', lastName: 'Owner', phoneNumber: '', address: '', country: '', zipCode: '', city: '', state: '' };

  it('when a session changes the password without the current one, then 400 naming it; with it, the other sessions end', async () => {
    const { email, cookie } = await newAccount();
    const other = cookieFrom(await login(email));

    for (const extra of [{}, { currentPassword: 'a-guess' }]) {
      const refused = await send('PUT', '/api/users/profile', cookie, { ...profile, password: 'taken-over', ...extra });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ message: CURRENT_PASSWORD_WRONG, field: 'currentPassword' });
      // The API's mark is for the BFF's login limit alone: the browser never sees it.
      expect(refused.headers.get(AUTH_FAILURE_HEADER)).toBeNull();
    }
    expect((await login(email, 'taken-over')).status).toBe(401);
    expect((await fetch(`${bff.url}/api/orders`, { headers: { cookie: other } })).status).toBe(200);

    const same = await send('PUT', '/api/users/profile', cookie, { ...profile, password: PASSWORD });
    expect(same.status).toBe(200);

    const changed = await send('PUT', '/api/users/profile', cookie, { ...profile, password: 'the-new-one', currentPassword: PASSWORD });
    expect(changed.status).toBe(200);
    expect((await fetch(`${bff.url}/api/orders`, { headers: { cookie: other } })).status).toBe(401);
    expect((await fetch(`${bff.url}/api/orders`, { headers: { cookie } })).status).toBe(200);
    expect((await login(email, 'the-new-one')).status).toBe(200);
  });

  it('when a fresh account with an empty profile orders the whole stock, then 400 naming what is missing and the stock stays', async () => {
    const { cookie } = await newAccount();
    const product = await addProduct(t.db, { name: 'Scarce console', category: 'Security/Consoles', priceCents: 49_900, count: 4 });
    const res = await send('POST', '/api/orders', cookie, orderBody([{ productID: product, quantity: 4 }], 'pp'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: `${MESSAGES.fillProfile} Missing: address, city, country, zipCode, state, phoneNumber.`,
      field: 'address',
    });
    expect(await productRow(t, product)).toEqual({ count: 4, sales: 0 });

    const filled = {
      ...profile,
      password: PASSWORD,
      phoneNumber: '+1 555 0100',
      address: '1 Main St',
      country: 'USA',
      zipCode: '10001',
      city: 'New York',
      state: 'NY',
    };
    expect((await send('PUT', '/api/users/profile', cookie, filled)).status).toBe(200);
    expect((await send('POST', '/api/orders', cookie, orderBody([{ productID: product, quantity: 1 }], 'pp'))).status).toBe(201);
    expect(await productRow(t, product)).toEqual({ count: 3, sales: 1 });
  });
});
