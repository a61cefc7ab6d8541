import { afterEach, describe, expect, it } from 'vitest';
import type { ApiConfig } from '../../config.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { customerWithProfile, placedOrder } from '../../testing/test-api.ts';
import { approvedWalletOrder, createWalletOrder, paymentState, payWith, unpaid } from './test-fixtures.ts';

describe('the wallet each configuration offers', () => {
  let t: TestApi | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });
  const start = async (config: Partial<ApiConfig>) => {
    t = await startTestApi({ attachments: [], config });
    return t;
  };

  it("when no credentials are set outside production, then the API's own simulator takes a payment end to end", async () => {
    const api = await start({});
    expect(await (await fetch(`${api.url}/api/payments/config`)).json()).toEqual({ wallet: 'simulator', clientId: expect.any(String) });
    const sdk = await fetch(`${api.url}/wallet-simulator/sdk/js?client-id=x&currency=USD`);
    expect(sdk.status).toBe(200);
    expect(await sdk.text()).toContain('Test wallet');

    const ada = await customerWithProfile(api);
    const order = await placedOrder(api, ada);
    const res = await payWith(
      api,
      ada.token,
      order._id,
      await approvedWalletOrder(api, `${api.url}/wallet-simulator`, ada.token, order._id),
    );
    expect(res.status).toBe(200);
    expect(await paymentState(api, order._id)).toMatchObject({ isPaid: true, payments: 1, paidEvents: 1 });
  });

  it('when someone other than the buyer approves a wallet order in the simulator, then 401 or 404 and it stays unapproved', async () => {
    const api = await start({});
    const [ada, eve] = [await customerWithProfile(api), await customerWithProfile(api, { name: 'Eve' })];
    const order = await placedOrder(api, ada);
    const { id } = (await (await createWalletOrder(api, ada.token, order._id)).json()) as { id: string };
    const decide = (token?: string) =>
      api.authed(token)(`/wallet-simulator/control/orders/${id}`, { method: 'POST', body: JSON.stringify({ action: 'approve' }) });
    expect((await decide()).status).toBe(401);
    expect((await decide(eve.token)).status).toBe(404);
    // Unapproved, the capture is refused: nobody but the buyer could say yes.
    expect((await payWith(api, ada.token, order._id, id)).status).not.toBe(200);
    expect(await paymentState(api, order._id)).toEqual(unpaid);
    expect((await decide(ada.token)).status).toBe(200);
  });

  it('when in production without credentials, then the wallet is unavailable with a clear message and the simulator does not exist', async () => {
    const api = await start({ NODE_ENV: 'production' });
    const config = (await (await fetch(`${api.url}/api/payments/config`)).json()) as { wallet: string; message: string; clientId?: string };
    expect(config).toEqual({ wallet: 'unavailable', message: expect.stringMatching(/not available.*cash on delivery/) });
    for (const path of ['/wallet-simulator/sdk/js', '/wallet-simulator/v1/oauth2/token', '/wallet-simulator/control/orders/X']) {
      expect((await fetch(api.url + path, { method: path.endsWith('js') ? 'GET' : 'POST' })).status).toBe(404);
    }
    const ada = await customerWithProfile(api);
    const order = await placedOrder(api, ada);
    const res = await createWalletOrder(api, ada.token, order._id);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(/cash on delivery/);
    expect((await payWith(api, ada.token, order._id, 'ANYWALLETORDER01')).status).toBe(503);
    expect(await paymentState(api, order._id)).toEqual(unpaid);
  });

  it('when credentials are set, then the real wallet is offered with its client id, never the secret, and no simulator', async () => {
    const api = await start({
      PAYPAL_CLIENT_ID: 'client-id-123',
      PAYPAL_CLIENT_SECRET: 'very-secret',
      PAYPAL_API_BASE: 'http://127.0.0.1:9',
    });
    const res = await fetch(`${api.url}/api/payments/config`);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ wallet: 'provider', clientId: 'client-id-123' });
    expect(text).not.toContain('very-secret');
    expect((await fetch(`${api.url}/wallet-simulator/sdk/js`)).status).toBe(404);
  });

  it('when the wallet provider cannot be reached, then 502 with a clear message and the order stays unpaid', async () => {
    const api = await start({
      PAYPAL_CLIENT_ID: 'client-id-123',
      PAYPAL_CLIENT_SECRET: 'very-secret',
      PAYPAL_API_BASE: 'http://127.0.0.1:9',
    });
    const ada = await customerWithProfile(api);
    const order = await placedOrder(api, ada);
    const res = await createWalletOrder(api, ada.token, order._id);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toMatch(/try again/);
    expect((await payWith(api, ada.token, order._id, 'ANYWALLETORDER01')).status).toBe(502);
    expect(await paymentState(api, order._id)).toEqual(unpaid);
  });
});
