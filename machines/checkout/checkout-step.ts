import type { SnapshotFrom } from 'xstate';
import type { checkoutMachine } from './checkout.machine.ts';
import type { paymentMachine } from './payment.machine.ts';

/*
 * Where the shopper is in checkout and payment, in words made from the two machines' states (the
 * support view's `step`, decision 022), never from the page's address: `Checkout › Payment ›
 * Waiting for the wallet`. Read through tags, as the pages read them; types only, so a page that
 * shows the words does not load the machines.
 */

export const STEP_TEXTS = {
  checkout: 'Checkout',
  payment: 'Payment',
  loading: 'Loading your details',
  loadFailed: 'Could not load the details',
  checkingPrices: 'Checking the prices',
  blocked: 'Details missing before ordering',
  ready: 'Ready to place the order',
  confirmingPrices: 'Confirming the prices',
  placing: 'Placing the order',
  stillWorking: 'Placing the order, still working',
  placed: 'Order placed',
  cashOnDelivery: 'Cash on delivery',
  loadingWallet: 'Loading the wallet',
  walletUnavailable: 'The wallet is unavailable',
  waiting: 'Waiting for the wallet',
  declined: 'Declined',
  cancelled: 'Cancelled in the wallet',
  verifying: 'Confirming the payment',
  paid: 'Paid',
} as const;

type CheckoutSnapshot = Pick<SnapshotFrom<typeof checkoutMachine>, 'hasTag' | 'context'>;
type PaymentSnapshot = Pick<SnapshotFrom<typeof paymentMachine>, 'hasTag' | 'matches'>;

const checkoutWords = (s: CheckoutSnapshot): string => {
  if (s.hasTag('placed')) return STEP_TEXTS.placed;
  if (s.hasTag('placing')) return s.context.slow ? STEP_TEXTS.stillWorking : STEP_TEXTS.placing;
  if (s.hasTag('confirmingPrices')) return STEP_TEXTS.confirmingPrices;
  if (s.hasTag('checkingPrices')) return STEP_TEXTS.checkingPrices;
  if (s.hasTag('canPlaceOrder')) return STEP_TEXTS.ready;
  if (s.hasTag('blocked')) return STEP_TEXTS.blocked;
  if (s.hasTag('error')) return STEP_TEXTS.loadFailed;
  return STEP_TEXTS.loading;
};

const paymentWords = (s: PaymentSnapshot): string => {
  if (s.hasTag('paid')) return STEP_TEXTS.paid;
  if (s.hasTag('payOnDelivery')) return STEP_TEXTS.cashOnDelivery;
  if (s.hasTag('paymentDeclined')) return STEP_TEXTS.declined;
  if (s.hasTag('paymentCancelled')) return STEP_TEXTS.cancelled;
  if (s.hasTag('showWallet')) return STEP_TEXTS.waiting;
  if (s.hasTag('walletUnavailable')) return STEP_TEXTS.walletUnavailable;
  // `loading` is both the wallet's script and the server's check of an approved payment.
  return s.matches('verifying') ? STEP_TEXTS.verifying : STEP_TEXTS.loadingWallet;
};

/** The step in words, or null when neither machine runs (the shopper is not checking out). */
export const checkoutStepOf = (checkout?: CheckoutSnapshot, payment?: PaymentSnapshot): string | null => {
  if (payment) return [STEP_TEXTS.checkout, STEP_TEXTS.payment, paymentWords(payment)].join(' › ');
  if (checkout) return [STEP_TEXTS.checkout, checkoutWords(checkout)].join(' › ');
  return null;
};
