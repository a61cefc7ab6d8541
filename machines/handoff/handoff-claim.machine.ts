import { assign, enqueueActions, setup } from 'xstate';
import { HANDOFF } from '#contracts/handoff-rules.ts';
import { messageOf, missingPromise, statusOf } from '../shared/actors.ts';
import type { CartRef } from '../checkout/cart-link.ts';
import type { Restored } from './restore-lines.ts';

export type ClaimInput = { token: string; cart: CartRef };
export type ClaimContext = { token: string; cart: CartRef; notes: string[]; error: string | null };
export type ClaimEvent = { type: 'handoff.retry' };

const FAILED = 'The shop could not be reached. Check your connection and try again.';

/** The rejected claim's error, for the guards that sort it. */
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

const isRefusal = (error: unknown, status: number, message?: string) =>
  statusOf(error) === status && (message === undefined || messageOf(error, '') === message);

/**
 * The phone's side: claiming → restored (the kiosk's cart, repriced, replaces this phone's
 * cart through the cart actor's own events) | used | expired | unknown, or failed (no answer:
 * Try again). A page without a token is unknown at once. The claim actor claims the link and
 * reprices its lines. Tags: `claiming`, `restored`, `used`, `expired`, `unknown`, `failed`.
 */
export const handoffClaimMachine = setup({
  types: {
    input: {} as ClaimInput,
    context: {} as ClaimContext,
    events: {} as ClaimEvent,
  },
  actors: {
    claim: missingPromise<Restored, { token: string }>('claim'),
  },
  actions: {
    fillCart: enqueueActions(({ context, enqueue }, restored: Restored) => {
      enqueue.assign({ notes: restored.notes });
      enqueue.sendTo(context.cart, { type: 'cart.clear' });
      for (const item of restored.items) enqueue.sendTo(context.cart, { type: 'cart.add', item });
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token.length > 0,
    used: (_, error: unknown) => isRefusal(error, 410, HANDOFF.used),
    expired: (_, error: unknown) => isRefusal(error, 410),
    // A token the API cannot even read (400) is as unknown as one it never issued (404).
    unknown: (_, error: unknown) => isRefusal(error, 404) || isRefusal(error, 400),
  },
}).createMachine({
  id: 'handoffClaim',
  context: ({ input }) => ({ token: input.token, cart: input.cart, notes: [], error: null }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasToken', target: 'claiming' }, { target: 'unknown' }] },
    claiming: {
      tags: ['claiming'],
      invoke: {
        id: 'claim',
        src: 'claim',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'restored', actions: { type: 'fillCart', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'used', params: errorOf }, target: 'used' },
          { guard: { type: 'expired', params: errorOf }, target: 'expired' },
          { guard: { type: 'unknown', params: errorOf }, target: 'unknown' },
          { target: 'failed', actions: assign(({ event }) => ({ error: messageOf(event.error, FAILED) })) },
        ],
      },
    },
    restored: { tags: ['restored'] },
    used: { tags: ['used'] },
    expired: { tags: ['expired'] },
    unknown: { tags: ['unknown'] },
    failed: { tags: ['failed'], on: { 'handoff.retry': { target: 'claiming', actions: assign({ error: null }) } } },
  },
});
