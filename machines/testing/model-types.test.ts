/**
 * The model harness's types, pinned: these tests assert nothing at run time, `npm run typecheck`
 * checks them (each `@ts-expect-error` line must stay an error, each `expectTypeOf` must hold).
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { HourBucket, Order, OrderUser } from '#contracts/order.ts';
import type { analyticsMachine } from '../analytics/analytics.machine.ts';
import { baseOrder } from '../order/fixtures.ts';
import type { OrderContext, orderMachine } from '../order/order.machine.ts';
import type { ActorFailure, ModelCheck, ModelEvent, ModelPlan, ModelSpec } from './model.ts';

type OrderModelEvent = ModelEvent<typeof orderMachine>;
type Loaded = Extract<OrderModelEvent, { type: 'xstate.done.actor.loadOrder' }>;

describe('model types', () => {
  it('when a model samples events, then only those its machine takes and its actors settle as typecheck', () => {
    expectTypeOf<OrderModelEvent['type']>().toEqualTypeOf<
      | 'order.reload'
      | 'order.paid'
      | 'order.switchedToCash'
      | 'order.markDelivered'
      | 'order.deliverConfirmed'
      | 'order.deliverDismissed'
      | 'order.cancel'
      | 'order.cancelConfirmed'
      | 'order.cancelDismissed'
      | `xstate.${'done' | 'error'}.actor.${'loadOrder' | 'cancelOrder' | 'markDelivered'}`
    >();
    const sample: ModelSpec<typeof orderMachine>['events'] = [
      { type: 'order.paid', paidAt: null },
      // @ts-expect-error the order machine takes no cart event
      { type: 'cart.clear' },
      // @ts-expect-error order.paid says when
      { type: 'order.paid' },
      // @ts-expect-error no actor of the order machine is called checkStock
      { type: 'xstate.done.actor.checkStock', output: [] },
    ];
    expectTypeOf(sample).not.toBeAny();
  });

  it('when an actor answers in a model, then its output is typed by the actor: loadOrder gives an Order whose buyer is an OrderUser', () => {
    expectTypeOf<Loaded['output']>().toEqualTypeOf<Order>();
    expectTypeOf<Loaded['output']['user']>().toEqualTypeOf<OrderUser>();
    // The buyer as an order keeps it: a user without the admin flag and the account's creation date.
    expectTypeOf<keyof OrderUser>().toEqualTypeOf<
      '_id' | 'name' | 'lastName' | 'email' | 'phoneNumber' | 'address' | 'country' | 'zipCode' | 'city' | 'state'
    >();
    const answers: OrderModelEvent[] = [
      { type: 'xstate.done.actor.loadOrder', output: baseOrder },
      // @ts-expect-error an order's buyer carries no isAdmin
      { type: 'xstate.done.actor.loadOrder', output: { ...baseOrder, user: { ...baseOrder.user, isAdmin: true } } },
      // @ts-expect-error markDelivered answers when the order was delivered, as a date's text
      { type: 'xstate.done.actor.markDelivered', output: { deliveredAt: 20261123 } },
      { type: 'xstate.error.actor.loadOrder', error: { status: 404, message: 'order not found' } },
    ];
    expectTypeOf(answers).not.toBeAny();
    expectTypeOf<Extract<OrderModelEvent, { type: 'xstate.error.actor.loadOrder' }>['error']>().toEqualTypeOf<ActorFailure>();
  });

  it('when one actor runs under other ids, then the model names them and each id answers with its output', () => {
    type Ids = { fetchFirst: 'fetchHours'; fetchSecond: 'fetchHours' };
    expectTypeOf<Extract<ModelEvent<typeof analyticsMachine, Ids>, { type: 'xstate.done.actor.fetchFirst' }>['output']>().toEqualTypeOf<
      HourBucket[]
    >();
    // @ts-expect-error without the ids a model cannot answer for fetchFirst
    const unnamed: ModelEvent<typeof analyticsMachine> = { type: 'xstate.done.actor.fetchFirst', output: [] };
    expectTypeOf(unnamed).not.toBeAny();
  });

  it("when a model's rules and sentences are written, then they read the machine's own context and events", () => {
    expectTypeOf<Parameters<ModelCheck<typeof orderMachine>>[0]['context']>().toEqualTypeOf<OrderContext>();
    expectTypeOf<Parameters<ModelCheck<typeof orderMachine>>[1]>().toEqualTypeOf<OrderModelEvent>();
    const events: ModelPlan<typeof orderMachine>['events'] = {
      'order.paid': (e, s) => `${e.paidAt ?? 'now'} for ${s.context.orderId}`,
      'xstate.done.actor.loadOrder': (e) => e.output.user.name,
      'xstate.after.5000': 'five seconds pass',
      // @ts-expect-error a sentence for an event the machine does not take
      'cart.clear': 'the cart is cleared',
    };
    expectTypeOf(events).not.toBeAny();
  });

  it('when a machine has a typed model, then it is still a model the harness runs', () => {
    expectTypeOf<ModelSpec<typeof orderMachine>>().toExtend<ModelSpec>();
    expectTypeOf<ModelSpec<typeof analyticsMachine, { fetchFirst: 'fetchHours' }>>().toExtend<ModelSpec>();
  });
});
