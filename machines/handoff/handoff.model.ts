import { createActor } from 'xstate';
import type { CartItem } from '#contracts/order.ts';
import { HANDOFF } from '#contracts/handoff-rules.ts';
import { writeCart, totalsOf } from '../cart/cart-storage.ts';
import { cartMachine } from '../cart/cart.machine.ts';
import { memoryStorage } from '../shared/storage.ts';
import { assertEqual, assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import { handoffClaimMachine, type ClaimContext } from './handoff-claim.machine.ts';
import { handoffOfferMachine } from './handoff-offer.machine.ts';
import type { Restored } from './restore-lines.ts';

const item = (productID: string, price: number, quantity: number, count: number): CartItem => ({
  productID,
  name: productID,
  price,
  count,
  quantity,
});

const offerEvents: ModelEvent<typeof handoffOfferMachine>[] = [
  { type: 'handoff.start', lines: [{ productID: 'book', quantity: 2 }] },
  { type: 'handoff.start', lines: [] },
  { type: 'handoff.close' },
  { type: 'xstate.done.actor.create', output: { token: 't0k3n', expiresAt: '2026-11-24T18:00:00.000Z' } },
  { type: 'xstate.error.actor.create', error: { status: 400, message: 'There is no product with this id', field: 'lines.0.productID' } },
  { type: 'xstate.error.actor.create', error: { status: 0 } },
  { type: 'xstate.done.actor.status', output: { claimed: false } },
  { type: 'xstate.done.actor.status', output: { claimed: true } },
  { type: 'xstate.error.actor.status', error: { status: 429, message: 'Too many requests' } },
];

const offerDescribe: ModelPlan<typeof handoffOfferMachine> = {
  states: {
    closed: 'the cart page offers "Continue on your phone"',
    creating: 'the link is being made',
    'shown.waiting': ({ context }) =>
      `the QR code of link ${context.token} is shown, valid until ${context.expiresAt?.slice(11, 16)} UTC, with Done`,
    'shown.asking': 'the QR code stays while the kiosk asks whether the phone has claimed the link',
    claimed: 'the QR code is gone: the phone has the cart',
    expired: 'the QR code is gone and "This link has expired" offers a new one',
    failed: ({ context }) => `the panel shows "${context.error}" and Try again`,
  },
  events: {
    'handoff.start': (e) =>
      e.lines.length
        ? `the shopper presses "Continue on your phone" with ${e.lines.length} product in the cart`
        : 'the shopper presses it with an empty cart',
    'handoff.close': 'the shopper presses Done',
    'xstate.done.actor.create': (e) => `the server makes link ${e.output.token}`,
    'xstate.error.actor.create': (e) => (e.error.message ? `the server refuses: "${e.error.message}"` : 'the request gets no answer'),
    'xstate.after.linkLifetime': `${HANDOFF.ttlMinutes} minutes pass`,
    'xstate.after.poll': `${HANDOFF.statusPollMs / 1000} s pass`,
    'xstate.done.actor.status': (e) => (e.output.claimed ? 'the phone has claimed the link' : 'the link is not claimed yet'),
    'xstate.error.actor.status': 'the kiosk gets no answer about the link',
  },
};

/** The kiosk's QR: shown only with a live token, gone (and the token forgotten) once closed or expired. */
export const handoffOfferModel = (): ModelSpec<typeof handoffOfferMachine> => {
  const control = createControl();
  return {
    name: 'handoff-offer',
    machine: handoffOfferMachine.provide({ actors: { create: control.promise(), status: control.promise() } }),
    control,
    input: () => ({ ttlMs: 60_000, pollMs: 2_000 }),
    events: offerEvents,
    check: (before, event, after) => {
      const ctx = after.context;
      assertEqual(after.hasTag('qr'), ctx.token !== null, 'a QR code shows exactly while there is a live token');
      if (event.type === 'handoff.close')
        assertTrue(!after.hasTag('open') && ctx.token === null, 'Done closes the panel and forgets the token');
      if (event.type === 'handoff.start' && event.lines.length === 0) assertEqual(after.value, before.value, 'an empty cart makes no link');
      if (after.hasTag('failed')) assertTrue(ctx.error !== null && ctx.error.length > 0, 'a failure says why');
      if (after.hasTag('claimed') && !before.hasTag('claimed'))
        assertTrue(
          event.type === 'xstate.done.actor.status' && event.output.claimed,
          'claimed only when the server says the phone took it',
        );
    },
    describe: offerDescribe,
  };
};

const restored: Restored = {
  items: [item('book', 19.99, 2, 5), item('pen', 2.5, 3, 3)],
  notes: ['Only 3 of pen left in stock: your quantity is now 3.'],
};

const claimEvents: ModelEvent<typeof handoffClaimMachine>[] = [
  { type: 'xstate.done.actor.claim', output: restored },
  { type: 'xstate.error.actor.claim', error: { status: 410, message: HANDOFF.used } },
  { type: 'xstate.error.actor.claim', error: { status: 410, message: HANDOFF.expired } },
  { type: 'xstate.error.actor.claim', error: { status: 404, message: HANDOFF.unknown } },
  { type: 'xstate.error.actor.claim', error: { status: 400, message: 'token is too long', field: 'token' } },
  { type: 'xstate.error.actor.claim', error: { status: 0 } },
  { type: 'handoff.retry' },
];

const claimDescribe: ModelPlan<typeof handoffClaimMachine> = {
  states: {
    checking: '',
    claiming: 'the phone claims the link',
    restored: ({ context }) => `the phone's cart is the kiosk's${context.notes.length ? `, with "${context.notes.join(' ')}"` : ''}`,
    used: `the page says "${HANDOFF.used}" and links to the shop`,
    expired: `the page says "${HANDOFF.expired}" and links to the shop`,
    unknown: `the page says "${HANDOFF.unknown}" and links to the shop`,
    failed: ({ context }) => `the page shows "${context.error}" and Try again`,
  },
  events: {
    'xstate.done.actor.claim': (e) => `the server hands over ${e.output.items.length} lines`,
    'xstate.error.actor.claim': (e) =>
      e.error.message ? `the server answers ${e.error.status} "${e.error.message}"` : 'the request gets no answer',
    'handoff.retry': 'the shopper presses Try again',
  },
};

/** The phone: the kiosk's lines replace its cart once, only on a successful claim. */
export const handoffClaimModel = (): ModelSpec<typeof handoffClaimMachine> => {
  const control = createControl();
  let cart = createActor(cartMachine, { input: { storage: memoryStorage() } });
  const withToken = (token: string) => () => {
    cart.stop();
    const storage = memoryStorage();
    // The phone already holds something: a claim replaces it, anything else leaves it.
    writeCart(storage, totalsOf([item('old', 1, 1, 9)]));
    cart = createActor(cartMachine, { input: { storage } }).start();
    return { token, cart };
  };
  return {
    name: 'handoff-claim',
    machine: handoffClaimMachine.provide({ actors: { claim: control.promise() } }),
    control,
    inputs: [withToken('t0k3n'), withToken('')],
    events: claimEvents,
    select: (c: ClaimContext) => ({ token: c.token, notes: c.notes, error: c.error }),
    check: (_before, _event, after) => {
      const items = cart.getSnapshot().context.items.map((i) => i.productID);
      assertEqual(
        items,
        after.hasTag('restored') ? ['book', 'pen'] : ['old'],
        "the kiosk's lines replace the phone's cart only when the claim succeeds",
      );
      if (after.hasTag('failed')) assertTrue(after.context.error !== null, 'a failure says why');
    },
    describe: claimDescribe,
  };
};
