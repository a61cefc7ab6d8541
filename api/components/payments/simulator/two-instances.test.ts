import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../../testing/api-harness.ts';
import { startTestApi } from '../../../testing/api-harness.ts';
import { startSecondInstance } from '../../../testing/second-instance.ts';
import { customerWithProfile, placedOrder, type Shopper } from '../../../testing/test-api.ts';
import { approve, createWalletOrder, paymentState, payWith } from '../test-fixtures.ts';
import { SIMULATOR_PATH } from './routes.ts';

/*
 * With `npm run start:cluster` each API calls its own /wallet-simulator, and the balancer
 * sends "create wallet order", the buyer's approval and the capture to any instance. The
 * simulator's wallet orders live in the shared database, so every instance knows them
 * (each its own pool on one PostgreSQL database under TEST_DATABASE_URL; one PGlite otherwise).
 */
describe('the wallet simulator on two API instances sharing one database', () => {
  let a: TestApi;
  let b: TestApi;
  let ada: Shopper;
  beforeAll(async () => {
    // One buyer leaves many wallet orders unpaid here: the open-orders limit is raised out of the way.
    a = await startTestApi({ attachments: [], config: { WALLET: 'simulator', MAX_OPEN_ORDERS_PER_ACCOUNT: 1000 } });
    b = await startSecondInstance(a);
    ada = await customerWithProfile(a);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  const simulatorOf = (api: TestApi) => `${api.url}${SIMULATOR_PATH}`;
  const walletOrderOn = async (api: TestApi, orderId: string) => {
    const res = await createWalletOrder(api, ada.token, orderId);
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const capturesOf = async (orderId: string) =>
    (
      await a.db.query<{ n: number }>(
        `select count(*)::int as n from wallet_simulator_orders where reference_id = $1 and wallet_order->'capture' is not null`,
        [orderId],
      )
    ).rows[0]!.n;

  /** A token of one instance's simulator, as that instance's own wallet client gets it. */
  const simulatorToken = async (api: TestApi) => {
    const res = await fetch(`${simulatorOf(api)}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('id:secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const captureAt = async (api: TestApi, token: string, walletOrderId: string, requestId: string) => {
    const res = await fetch(`${simulatorOf(api)}/v2/checkout/orders/${walletOrderId}/capture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'paypal-request-id': requestId },
      body: '{}',
    });
    type Body = {
      details?: Array<{ issue: string }>;
      purchase_units?: Array<{ payments?: { captures?: Array<{ id: string; status: string }> } }>;
    };
    const body = (await res.json()) as Body;
    return { status: res.status, issue: body.details?.[0]?.issue, capture: body.purchase_units?.[0]?.payments?.captures?.[0] };
  };

  it.each([
    ['A', 'B', 'A'],
    ['A', 'B', 'B'],
    ['B', 'A', 'B'],
  ])(
    'when a wallet order is created on %s, approved by the buyer through %s and paid on %s, then the order is paid once',
    async (...names) => {
      const [made, approved, paid] = names.map((n) => (n === 'A' ? a : b)) as [TestApi, TestApi, TestApi];
      const order = await placedOrder(a, ada);
      const walletOrder = await walletOrderOn(made, order._id);
      await approve(simulatorOf(approved), walletOrder, 'complete', ada.token);

      const res = await payWith(paid, ada.token, order._id, walletOrder);
      expect(res.status).toBe(200);
      expect(await paymentState(a, order._id)).toMatchObject({ isPaid: true, payments: 1, paidEvents: 1 });
      expect(await capturesOf(order._id)).toBe(1);
    },
  );

  it('when one approved wallet order is paid on both instances at once, then both answer the one payment that is recorded', async () => {
    for (let round = 0; round < 5; round++) {
      const order = await placedOrder(a, ada);
      const walletOrder = await walletOrderOn(a, order._id);
      await approve(simulatorOf(b), walletOrder, 'complete', ada.token);

      const answers = await Promise.all([a, b].map((api) => payWith(api, ada.token, order._id, walletOrder)));
      expect(
        answers.map((r) => r.status),
        `round ${round}`,
      ).toEqual([200, 200]);
      expect(await capturesOf(order._id), `round ${round}`).toBe(1);
      expect(await paymentState(a, order._id), `round ${round}`).toMatchObject({ isPaid: true, payments: 1, paidEvents: 1 });
    }
  });

  it('when the simulated provider is asked to capture one wallet order on both instances at once, then exactly one capture is COMPLETED and the other is ORDER_ALREADY_CAPTURED', async () => {
    const [tokenA, tokenB] = await Promise.all([simulatorToken(a), simulatorToken(b)]);
    for (let round = 0; round < 10; round++) {
      const order = await placedOrder(a, ada);
      const walletOrder = await walletOrderOn(b, order._id);
      await approve(simulatorOf(a), walletOrder, 'complete', ada.token);

      const answers = await Promise.all([captureAt(a, tokenA, walletOrder, `a-${round}`), captureAt(b, tokenB, walletOrder, `b-${round}`)]);
      const done = answers.filter((r) => r.status === 201);
      expect(done, `round ${round}`).toHaveLength(1);
      expect(done[0]!.capture?.status).toBe('COMPLETED');
      expect(
        answers.find((r) => r.status !== 201),
        `round ${round}`,
      ).toMatchObject({ status: 422, issue: 'ORDER_ALREADY_CAPTURED' });
      expect(await capturesOf(order._id)).toBe(1);
    }
  });

  it('when a capture is repeated with the same PayPal-Request-Id on the other instance at once, then both answer the one same capture', async () => {
    const [tokenA, tokenB] = await Promise.all([simulatorToken(a), simulatorToken(b)]);
    const order = await placedOrder(a, ada);
    const walletOrder = await walletOrderOn(a, order._id);
    await approve(simulatorOf(b), walletOrder, 'complete', ada.token);

    const answers = await Promise.all([captureAt(a, tokenA, walletOrder, 'same-key'), captureAt(b, tokenB, walletOrder, 'same-key')]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(answers[0]!.capture?.id).toBeDefined();
    expect(answers[1]!.capture?.id).toBe(answers[0]!.capture?.id);
  });

  it('when the buyer approves one wallet order on both instances at once, then one approval succeeds and the other is ORDER_ALREADY_APPROVED', async () => {
    const order = await placedOrder(a, ada);
    const walletOrder = await walletOrderOn(a, order._id);
    const decide = (api: TestApi) =>
      api.authed(ada.token)(`${SIMULATOR_PATH}/control/orders/${walletOrder}`, {
        method: 'POST',
        body: JSON.stringify({ action: 'approve' }),
      });
    const answers = await Promise.all([decide(a), decide(b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
  });
});
