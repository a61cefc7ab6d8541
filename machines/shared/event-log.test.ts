import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type AnyMachineSnapshot, type InspectionEvent } from 'xstate';
import { authMachine } from '../auth/auth.machine.ts';
import { cartMachine } from '../cart/cart.machine.ts';
import { checkoutMachine } from '../checkout/checkout.machine.ts';
import { completeProfile, laptopDearer, lines, unchanged } from '../checkout/fixtures.ts';
import { createControl } from '../testing/controlled-actors.ts';
import { createEventLog, redact, replayEvents, type LoggedEvent } from './event-log.ts';
import { memoryStorage } from './storage.ts';

const user = { _id: 'u1', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', isAdmin: false };

/** The client's actors with effects that only answer when told (recording) or never (replay). */
const session = (inspect?: (name: string) => (e: InspectionEvent) => void) => {
  const control = createControl();
  const opts = (name: string) => ({ ...(inspect ? { inspect: inspect(name) } : {}) });
  const auth = createActor(
    authMachine.provide({
      actors: { login: control.promise(), register: control.promise(), logout: control.promise(), updateProfile: control.promise() },
    }),
    { input: { local: memoryStorage(), session: memoryStorage() }, ...opts('auth') },
  ).start();
  const cart = createActor(cartMachine, { input: { storage: memoryStorage() }, ...opts('cart') }).start();
  const checkout = createActor(
    checkoutMachine.provide({ actors: { loadProfile: control.promise(), reprice: control.promise(), createOrder: control.promise() } }),
    {
      input: { userId: 'u1', cart, idempotencyKey: 'k1' },
      ...opts('checkout'),
    },
  ).start();
  return { control, actors: { auth, cart, checkout } as Record<string, AnyActorRef> };
};

const state = (actors: Record<string, AnyActorRef>) =>
  Object.fromEntries(
    Object.entries(actors).map(([name, a]) => {
      const s = a.getSnapshot() as AnyMachineSnapshot;
      // An actor held in context (the checkout's cart) is compared by being there, not by its system-made id.
      const json = JSON.stringify({ value: s.value, context: s.context, status: s.status }, (_, v: unknown) =>
        (v as { xstate$$type?: number } | null)?.xstate$$type === 1 ? '[actor]' : v,
      );
      return [name, JSON.parse(json)];
    }),
  );

describe('event log', () => {
  it('when a cart-and-checkout session is recorded, exported and replayed, then the same snapshots are rebuilt, personal data redacted', async () => {
    const log = createEventLog();
    const { control, actors } = session(log.inspect);
    actors.auth!.send({ type: 'auth.login', email: 'ann@example.com', password: 'hunter22', doNotLogout: false });
    await control.resolve('login', { success: 'user logged in', userLoggedIn: user });
    for (const item of lines) actors.cart!.send({ type: 'cart.add', item });
    actors.cart!.send({ type: 'cart.setQuantity', productID: 'p2', quantity: 4 });
    await control.resolve('loadProfile', completeProfile);
    await control.resolve('reprice', laptopDearer);
    actors.checkout!.send({ type: 'checkout.setPaymentMethod', method: 'cod' });
    actors.checkout!.send({ type: 'checkout.placeOrder' });
    actors.checkout!.send({ type: 'checkout.placeOrder' });
    await control.resolve('reprice', unchanged);
    await control.resolve('createOrder', { _id: 'o1' });
    const recorded = state(actors);
    expect(recorded.checkout.value).toBe('placed');
    expect(recorded.cart.context.items).toEqual([]);

    const exported = log.toJSON();
    expect(exported).not.toContain('hunter22');
    // Masked by shape (event-log-mask.ts): the length and kinds of characters, nothing of what was typed.
    expect(exported).toContain('"password": "xxxxxx00"');
    expect(exported).not.toContain('ann@example.com');
    const events = JSON.parse(exported) as LoggedEvent[];
    expect(events.map((e) => `${e.actor}:${e.event.type}`)).toContain('checkout:xstate.done.actor.createOrder');
    // What the checkout sends the cart is not logged as the checkout's: replaying the checkout sends it again.
    expect(events.filter((e) => e.actor === 'checkout' && e.event.type.startsWith('cart.'))).toEqual([]);

    const replay = session();
    replayEvents(events, replay.actors);
    const replayed = state(replay.actors);
    for (const name of Object.keys(recorded)) expect(replayed[name].value, name).toEqual(recorded[name].value);
    expect(redact(replayed)).toEqual(redact(recorded));
    // Nothing was asked of the effects beyond what the machines start by themselves.
    expect(replay.control.started.filter((s) => s.id === 'createOrder')).toHaveLength(1);
  });

  it('when the log names an actor the replay lacks, then replay refuses', () => {
    expect(() => replayEvents([{ actor: 'ghost', event: { type: 'x' } }], {})).toThrow(/ghost/);
  });
});
