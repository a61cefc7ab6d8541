import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../test-fixtures.ts';
import { sdkScript } from './sdk-script.ts';

describe('the wallet simulator', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let token: string;
  beforeAll(async () => {
    sim = await startSimulator();
    const res = await fetch(`${sim.base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('id:secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    token = ((await res.json()) as { access_token: string }).access_token;
  });
  afterAll(() => sim.stop());

  const orders = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${sim.base}/v2/checkout/orders${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const usd = (value: string) => ({ currency_code: 'USD', value });
  const unit = (itemValue: string) => ({
    reference_id: 'order-1',
    amount: { ...usd('20.00'), breakdown: { item_total: usd('20.00') } },
    items: [{ name: 'Lamp', quantity: '2', unit_amount: usd(itemValue) }],
  });

  it('when the SDK script is served, then it is JavaScript that parses', async () => {
    const res = await fetch(`${sim.base}/sdk/js?client-id=x&currency=USD`);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    const script = await res.text();
    expect(script).toBe(sdkScript('/wallet-simulator'));
    expect(() => new Function(script)).not.toThrow();
  });

  it('when a call has no token from the simulator, then 401 as from the provider', async () => {
    const res = await fetch(`${sim.base}/v2/checkout/orders/ANY`, { headers: { authorization: 'Bearer made-up' } });
    expect(res.status).toBe(401);
  });

  it('when the items do not add up to the total, then 422 ITEM_TOTAL_MISMATCH', async () => {
    const res = await orders('', { intent: 'CAPTURE', purchase_units: [unit('9.99')] });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { details: Array<{ issue: string }> }).details[0]?.issue).toBe('ITEM_TOTAL_MISMATCH');
  });

  it('when a capture is repeated with the same PayPal-Request-Id, then the first capture comes back; with another id, ORDER_ALREADY_CAPTURED', async () => {
    const created = (await (await orders('', { intent: 'CAPTURE', purchase_units: [unit('10.00')] })).json()) as {
      id: string;
      status: string;
    };
    expect(created.status).toBe('CREATED');
    await fetch(`${sim.base}/control/orders/${created.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"action":"approve"}',
    });
    type Captured = {
      status: string;
      purchase_units: Array<{ payments: { captures: Array<{ id: string; status: string; amount: unknown }> } }>;
    };
    const first = (await (await orders(`/${created.id}/capture`, {}, { 'paypal-request-id': 'k1' })).json()) as Captured;
    const capture = first.purchase_units[0]!.payments.captures[0]!;
    expect(capture).toMatchObject({ status: 'COMPLETED', amount: usd('20.00') });
    const again = (await (await orders(`/${created.id}/capture`, {}, { 'paypal-request-id': 'k1' })).json()) as Captured;
    expect(again.purchase_units[0]!.payments.captures[0]!.id).toBe(capture.id);
    const other = await orders(`/${created.id}/capture`, {}, { 'paypal-request-id': 'k2' });
    expect(other.status).toBe(422);
    expect(((await other.json()) as { details: Array<{ issue: string }> }).details[0]?.issue).toBe('ORDER_ALREADY_CAPTURED');
  });
});
