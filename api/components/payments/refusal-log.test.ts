import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '#server/logger.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { customerWithProfile, placedOrder } from '../../testing/test-api.ts';
import { approvedWalletOrder, startSimulator } from './test-fixtures.ts';

describe('what the payment service logs about a request', () => {
  const lines: Array<Record<string, unknown>> = [];
  let t: TestApi;
  let sim: Awaited<ReturnType<typeof startSimulator>>;

  beforeAll(async () => {
    sim = await startSimulator();
    const logger = createLogger('info', 'api', {
      destination: { write: (text: string) => void lines.push(JSON.parse(text) as Record<string, unknown>) },
    });
    t = await startTestApi({ attachments: [], logger, config: { WALLET: 'simulator', PAYPAL_API_BASE: sim.base } });
  });
  afterAll(async () => {
    await t?.stop();
    await sim?.stop();
  });

  it('when the wallet refuses a capture, then the warning carries the request id of the call that asked for it', async () => {
    const ada = await customerWithProfile(t);
    const order = await placedOrder(t, ada);
    const walletOrderId = await approvedWalletOrder(t, sim.base, ada.token, order._id, 'decline');
    const res = await t.authed(ada.token)(`/api/orders/paid/${order._id}`, {
      method: 'PUT',
      headers: { 'x-request-id': 'lb-pay-1' },
      body: JSON.stringify({ walletOrderId }),
    });
    expect(res.status).toBe(402);
    await vi.waitFor(() =>
      expect(lines.filter((l) => l.msg === 'wallet capture refused')).toEqual([
        expect.objectContaining({ requestId: 'lb-pay-1', orderId: order._id }),
      ]),
    );
  });
});
