// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#contracts/order.ts';
import { PAYMENT_TEXTS } from '#machines/checkout/payment.machine.ts';
import { baseOrder } from '#machines/order/fixtures.ts';
import { getByRoleName, queryByRoleName, queryByText, settle } from '../../testing/dom.ts';
import { mockFetch, type MockAnswer, type MockRoute } from '../../testing/fetch-mock.ts';
import { setupComponentTests } from '../../testing/render.tsx';
import { UserOrderDetailsPage } from './order/order-details-page.tsx';
import { renderAsUser } from '../../testing/user.tsx';

type ButtonsOptions = {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel: (data: { orderID: string }) => void;
  onError: (error: unknown) => void;
};

/** A stand-in for the wallet's SDK: one 'Test wallet' button that runs createOrder then the buyer's choice. */
const sdk = vi.hoisted(() => ({ choice: 'approve' as 'approve' | 'cancel', loadScript: vi.fn() }));
vi.mock('@paypal/paypal-js', () => ({ loadScript: sdk.loadScript }));

const fakePaypal = {
  Buttons: (options: ButtonsOptions) => ({
    render: async (host: HTMLElement) => {
      const button = document.createElement('button');
      button.textContent = 'Test wallet';
      button.addEventListener('click', () => {
        void options
          .createOrder()
          .then((orderID) => (sdk.choice === 'approve' ? options.onApprove({ orderID }) : options.onCancel({ orderID })));
      });
      host.replaceChildren(button);
    },
    close: async () => undefined,
  }),
};

setupComponentTests();

const order: Order = { ...baseOrder, _id: 'o-wallet' };

async function renderPayable(routes: Record<string, MockRoute>) {
  const calls = mockFetch({ [`GET /api/orders/user/${order._id}`]: { body: order }, ...routes });
  const view = await renderAsUser(<UserOrderDetailsPage />, {
    route: `/user/order-details/${order._id}`,
    pattern: '/user/order-details/:id',
  });
  await settle(10);
  return { ...view, calls };
}

const clickWallet = async (root: HTMLElement) => {
  await act(async () => getByRoleName(root, 'button', 'Test wallet').click());
  await settle(10);
};

describe('paying an order with the wallet', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    sdk.choice = 'approve';
    sdk.loadScript.mockReset().mockResolvedValue(fakePaypal);
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  const simulator = { 'GET /api/payments/config': { body: { wallet: 'simulator', clientId: 'sim-id' } } };

  it('when the buyer approves, then the server creates and captures the wallet order and the page says the order is finished', async () => {
    const { container, calls } = await renderPayable({
      ...simulator,
      [`POST /api/orders/${order._id}/wallet-order`]: { status: 201, body: { id: 'WALLET123' } },
      [`PUT /api/orders/paid/${order._id}`]: { body: { isPaid: true, paidAt: '2026-11-22T10:00:00.000Z' } },
    });
    expect(sdk.loadScript).toHaveBeenCalledWith({ clientId: 'sim-id', currency: 'USD', sdkBaseUrl: '/wallet-simulator/sdk/js' });
    expect(queryByText(container, 'Test wallet', 'p')).not.toBeNull();
    await clickWallet(container);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ walletOrderId: 'WALLET123' });
    expect(calls.some((c) => /capture/.test(c.url))).toBe(false);
    expect((getByRoleName(container, 'button', 'Your order is finished') as HTMLButtonElement).disabled).toBe(true);
  });

  it('when the server refuses the capture, then the order stays unpaid, the page says the payment did not go through, the wallet is offered again, and cash on delivery beside it', async () => {
    const { container, calls } = await renderPayable({
      ...simulator,
      [`POST /api/orders/${order._id}/wallet-order`]: { status: 201, body: { id: 'WALLET456' } },
      [`PUT /api/orders/paid/${order._id}`]: { status: 402, body: { message: 'The wallet declined the payment. The order stays unpaid.' } },
      [`PUT /api/orders/cash-on-delivery/${order._id}`]: { body: { ...order, paymentMethod: 'cod', events: [] } },
    });
    await clickWallet(container);
    expect(queryByRoleName(container, 'button', 'Your order is finished')).toBeNull();
    expect(queryByText(container, 'Not paid yet')).not.toBeNull();
    expect(queryByText(container, PAYMENT_TEXTS.notPaid)).not.toBeNull();
    expect(queryByRoleName(container, 'button', 'Test wallet')).not.toBeNull();

    // The other way out: cash on delivery, which the server records on the order.
    await act(async () => getByRoleName(container, 'button', PAYMENT_TEXTS.switchToCash).click());
    await settle(10);
    expect(calls.find((c) => c.method === 'PUT' && c.url.includes('cash-on-delivery'))).toBeDefined();
    expect((getByRoleName(container, 'button', PAYMENT_TEXTS.payOnDelivery) as HTMLButtonElement).disabled).toBe(true);
    expect(queryByText(container, 'Cash on delivery')).not.toBeNull();
    expect(queryByRoleName(container, 'button', 'Test wallet')).toBeNull();
  });

  it('when the buyer cancels in the wallet, then it is logged, "Payment cancelled." shows and nothing is paid', async () => {
    sdk.choice = 'cancel';
    const { container, calls } = await renderPayable({
      ...simulator,
      [`POST /api/orders/${order._id}/wallet-order`]: { status: 201, body: { id: 'WALLET789' } },
    });
    await clickWallet(container);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/cancelled/));
    expect(queryByText(container, 'Payment cancelled.')).not.toBeNull();
    expect(queryByText(container, PAYMENT_TEXTS.notPaid)).toBeNull();
    expect(queryByRoleName(container, 'button', 'Test wallet')).not.toBeNull();
  });

  it('when the shop has no wallet, then the SDK is not loaded and the reason shows on a disabled button', async () => {
    const reason = 'Paying by card wallet is not available right now: please choose cash on delivery.';
    const { container } = await renderPayable({ 'GET /api/payments/config': { body: { wallet: 'unavailable', message: reason } } });
    expect(sdk.loadScript).not.toHaveBeenCalled();
    expect((getByRoleName(container, 'button', 'Pay with Card wallet') as HTMLButtonElement).disabled).toBe(true);
    expect(queryByText(container, reason)).not.toBeNull();
  });

  it('when the wallet never loaded and the server refuses cash on delivery, then its reason shows with the switch to try again', async () => {
    const refusal = 'A wallet capture is under way for this order.';
    const answers: MockAnswer[] = [{ status: 409, body: { message: refusal } }, { body: { ...order, paymentMethod: 'cod', events: [] } }];
    const { container } = await renderPayable({
      'GET /api/payments/config': { body: { wallet: 'unavailable', message: 'The wallet is down.' } },
      [`PUT /api/orders/cash-on-delivery/${order._id}`]: () => answers.shift()!,
    });
    const switchToCash = async () => {
      await act(async () => getByRoleName(container, 'button', PAYMENT_TEXTS.switchToCash).click());
      await settle(10);
    };
    await switchToCash();
    expect(queryByText(container, refusal)).not.toBeNull();
    expect(queryByText(container, 'The wallet is down.')).not.toBeNull();
    await switchToCash();
    expect((getByRoleName(container, 'button', PAYMENT_TEXTS.payOnDelivery) as HTMLButtonElement).disabled).toBe(true);
  });

  it('when the SDK fails to load, then it is logged and the pay button stays disabled', async () => {
    sdk.loadScript.mockRejectedValue(new Error('The script failed to load'));
    const { container } = await renderPayable({ 'GET /api/payments/config': { body: { wallet: 'provider', clientId: 'live-id' } } });
    expect(sdk.loadScript).toHaveBeenCalledWith({ clientId: 'live-id', currency: 'USD' });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/could not be loaded/));
    expect((getByRoleName(container, 'button', 'Pay with Card wallet') as HTMLButtonElement).disabled).toBe(true);
  });
});
