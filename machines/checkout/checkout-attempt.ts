import type { PaymentMethod } from '#contracts/order.ts';
import { readVersioned, safeRemove, writeVersioned, type StorageLike } from '../shared/storage.ts';

/** Session storage key of the checkout attempt under way: a reload goes on with it. */
export const CHECKOUT_ATTEMPT_KEY = 'statefront.checkout';
const VERSION = 1;

/**
 * What a reload of the checkout keeps: the chosen payment method, and the Idempotency-Key of the
 * attempt, so a placement sent before the reload and one sent after make one order. It is the
 * user's own: another account's attempt is not taken over.
 */
export type CheckoutAttempt = { paymentMethod: PaymentMethod; idempotencyKey: string };

export const readAttempt = (storage: StorageLike, userId: string): CheckoutAttempt | null =>
  readVersioned(storage, CHECKOUT_ATTEMPT_KEY, VERSION, (data) =>
    data.userId === userId &&
    (data.paymentMethod === 'pp' || data.paymentMethod === 'cod') &&
    typeof data.idempotencyKey === 'string' &&
    data.idempotencyKey.length > 0
      ? { paymentMethod: data.paymentMethod, idempotencyKey: data.idempotencyKey }
      : null,
  );

export const writeAttempt = (storage: StorageLike, userId: string, attempt: CheckoutAttempt): void =>
  writeVersioned(storage, CHECKOUT_ATTEMPT_KEY, VERSION, { userId, ...attempt });

/** The attempt placed its order: the next checkout is a new attempt with a new key. */
export const forgetAttempt = (storage: StorageLike): void => safeRemove(storage, CHECKOUT_ATTEMPT_KEY);
