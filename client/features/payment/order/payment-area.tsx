import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { Order } from '#contracts/order.ts';
import { livePaymentMachine, WalletButton } from '../wallet-button.tsx';
import { useLendStep } from '../../../lib/checkout-step.ts';
import { devEventLog } from '../../../lib/event-log.ts';

export type PaymentAreaProps = {
  order: Pick<Order, '_id' | 'paymentMethod' | 'orderTotal' | 'isPaid'>;
  onPaid: (paidAt: string | null) => void;
  /** The buyer moved the order to cash on delivery: the server's order as it now is. */
  onSwitchedToCash: (order: Order) => void;
  logic?: typeof livePaymentMachine;
};

/** Runs the payment machine for one unpaid order and reports a recorded payment to the page. */
export function PaymentArea({ order, onPaid, onSwitchedToCash, logic = livePaymentMachine }: PaymentAreaProps) {
  const payment = useActorRef(logic, {
    input: { orderId: order._id, paymentMethod: order.paymentMethod, cartSubtotal: order.orderTotal.cartSubtotal, isPaid: order.isPaid },
    inspect: devEventLog?.inspect('payment'),
  });
  useLendStep('payment', payment);
  const paid = useRef(onPaid);
  paid.current = onPaid;
  const switched = useRef(onSwitchedToCash);
  switched.current = onSwitchedToCash;
  useEffect(() => {
    const subs = [
      payment.on('payment.paid', ({ paidAt }) => paid.current(paidAt)),
      payment.on('payment.switchedToCash', ({ order: switchedOrder }) => switched.current(switchedOrder)),
      // Spec sections 7 and 8: cancel and error are only logged.
      payment.on('payment.log', ({ message }) => console.info(`[payment] ${message}`)),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [payment]);
  return <WalletButton payment={payment} />;
}
