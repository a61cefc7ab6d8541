import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { Order, PaidResponse } from '#contracts/order.ts';
import type { WalletOrderResponse } from '#contracts/payment.ts';
import { PAYMENT_TEXTS, paymentMachine } from '#machines/checkout/payment.machine.ts';
import { messageOf } from '#machines/shared/actors.ts';
import { api } from '../../lib/api.ts';
import { PAYMENT_METHOD_LABELS } from '../../lib/order-summary/order-labels.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { colors } from '../../ui/theme.ts';
import { currentWallet, loadWalletSdk, unavailableReason, WALLET_UNAVAILABLE } from './wallet-sdk.ts';

/*
 * The one place of the client that knows about the card wallet: the payment machine's effects
 * and the wallet's buttons. The server creates and captures the wallet order; the browser
 * only relays the id the buyer approved. Cancel, errors and load failures are logged (spec
 * sections 7 and 8); a declined or cancelled payment also shows the machine's notice.
 */

export { WALLET_UNAVAILABLE };

/** The payment machine with its real effects. */
export const livePaymentMachine = paymentMachine.provide({
  actors: {
    loadWallet: fromPromise<void, { orderId: string; cartSubtotal: number }>(async () => {
      try {
        await loadWalletSdk();
      } catch (error) {
        console.warn(`[payment] ${messageOf(error, 'The wallet SDK could not be loaded')}`);
        throw error;
      }
    }),
    confirmPaid: fromPromise<PaidResponse, { orderId: string; walletOrderId: string }>(({ input, signal }) =>
      api.put(`/api/orders/paid/${encodeURIComponent(input.orderId)}`, { walletOrderId: input.walletOrderId }, { signal }),
    ),
    switchToCash: fromPromise<Order, { orderId: string }>(({ input, signal }) =>
      api.put(`/api/orders/cash-on-delivery/${encodeURIComponent(input.orderId)}`, undefined, { signal }),
    ),
  },
});

export type PaymentRef = ActorRefFrom<typeof livePaymentMachine>;

/** Renders the wallet's own buttons into a box while the machine shows the wallet. */
function WalletButtons({ payment }: { payment: PaymentRef }) {
  const box = useRef<HTMLDivElement>(null);
  const orderId = useSelector(payment, (s) => s.context.orderId);
  useEffect(() => {
    const wallet = currentWallet();
    if (!box.current || !wallet?.paypal.Buttons) return;
    const buttons = wallet.paypal.Buttons({
      createOrder: async () => (await api.post<WalletOrderResponse>(`/api/orders/${encodeURIComponent(orderId)}/wallet-order`)).id,
      onApprove: async (data) => {
        payment.send({ type: 'payment.approved', walletOrderId: data.orderID });
      },
      onCancel: () => {
        console.warn('[payment] Payment cancelled in the wallet');
        payment.send({ type: 'payment.cancelled' });
      },
      onError: (error) => {
        const message = messageOf(error, 'Payment error');
        console.warn(`[payment] ${message}`);
        payment.send({ type: 'payment.failed', message });
      },
    });
    buttons
      .render(box.current)
      .catch((error: unknown) => console.warn(`[payment] ${messageOf(error, 'The wallet buttons could not be shown')}`));
    return () => {
      buttons.close().catch(() => undefined);
    };
  }, [payment, orderId]);
  return <div ref={box} />;
}

/** The wallet's pay button for an unpaid 'pp' order, driven by the payment machine's tags. */
export function WalletButton({ payment }: { payment: PaymentRef }) {
  const loading = useSelector(payment, (s) => s.hasTag('loading'));
  const showWallet = useSelector(payment, (s) => s.hasTag('showWallet'));
  const unavailable = useSelector(payment, (s) => s.hasTag('walletUnavailable'));
  const paid = useSelector(payment, (s) => s.hasTag('paid'));
  const notice = useSelector(payment, (s) =>
    s.hasTag('switchRefused')
      ? s.context.switchError
      : s.hasTag('paymentDeclined')
        ? PAYMENT_TEXTS.notPaid
        : s.hasTag('paymentCancelled')
          ? PAYMENT_TEXTS.cancelled
          : null,
  );
  const canSwitch = useSelector(payment, (s) => s.hasTag('canSwitchToCash'));
  const switching = useSelector(payment, (s) => s.hasTag('switchingToCash'));
  // Read on each render: the machine re-renders this on every tag change, the load included.
  const isSimulated = !unavailable && currentWallet()?.simulated === true;
  if (paid) return <Button disabled>Your order is finished</Button>;
  return (
    <div css={{ display: 'grid', gap: 8 }} aria-busy={loading}>
      {notice ? <Alert tone={notice === PAYMENT_TEXTS.cancelled ? 'warning' : 'danger'}>{notice}</Alert> : null}
      {canSwitch || switching ? (
        // Beside the wallet's buttons (which try again): the other way to pay this order.
        <Button
          variant="secondary"
          disabled={switching}
          aria-busy={switching || undefined}
          onClick={() => payment.send({ type: 'payment.switchToCash' })}
        >
          {PAYMENT_TEXTS.switchToCash}
        </Button>
      ) : null}
      {isSimulated ? <p css={{ margin: 0, color: colors.muted, fontSize: '0.875rem' }}>Test wallet</p> : null}
      {showWallet ? (
        <WalletButtons payment={payment} />
      ) : (
        <Button disabled aria-describedby={unavailable ? 'wallet-unavailable' : undefined}>
          Pay with {PAYMENT_METHOD_LABELS.pp}
        </Button>
      )}
      {unavailable ? (
        <p id="wallet-unavailable" css={{ margin: 0, color: colors.muted }}>
          {unavailableReason()}
        </p>
      ) : null}
    </div>
  );
}
