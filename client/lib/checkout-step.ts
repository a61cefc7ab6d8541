import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { checkoutStepOf } from '#machines/checkout/checkout-step.ts';
import type { paymentMachine } from '#machines/checkout/payment.machine.ts';

/*
 * The checkout and payment machines run on their own pages, the chat panel that shares the
 * screen runs beside every page: each page lends its actor here while it is mounted, and the
 * shared screen reads the step in words from their states (decision 022), not from the address.
 */
type Sources = { checkout?: ActorRefFrom<typeof checkoutMachine>; payment?: ActorRefFrom<typeof paymentMachine> };

const sources: Sources = {};
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** The step from the lent actors' states now. */
const read = () => checkoutStepOf(sources.checkout?.getSnapshot(), sources.payment?.getSnapshot());

/** A page's checkout or payment actor, lent to the shared screen while the page is mounted. */
export const useLendStep = <K extends keyof Sources>(name: K, actor: NonNullable<Sources[K]>): void => {
  useEffect(() => {
    sources[name] = actor;
    changed();
    return () => {
      if (sources[name] === actor) delete sources[name];
      changed();
    };
  }, [name, actor]);
};

/** Where the shopper is in checkout and payment, in words, or null: follows the lent actors. */
export const useCheckoutStep = (): string | null => {
  const [step, setStep] = useState(read);
  useEffect(() => {
    let subs: { unsubscribe(): void }[] = [];
    const follow = () => {
      subs.forEach((sub) => sub.unsubscribe());
      const update = () => setStep(read());
      subs = [sources.checkout?.subscribe(update), sources.payment?.subscribe(update)].filter((sub) => sub !== undefined);
      update();
    };
    listeners.add(follow);
    follow();
    return () => {
      listeners.delete(follow);
      subs.forEach((sub) => sub.unsubscribe());
    };
  }, []);
  return step;
};
