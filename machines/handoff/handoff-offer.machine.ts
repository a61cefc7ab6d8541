import { assign, setup } from 'xstate';
import type { HandoffCreated, HandoffLine } from '../../contracts/handoff.ts';
import { HANDOFF } from '../../contracts/handoff-rules.ts';
import { messageOf, missingPromise } from '../shared/actors.ts';

export type OfferInput = { ttlMs?: number };
export type OfferContext = { ttlMs: number; token: string | null; expiresAt: string | null; error: string | null };
export type OfferEvent =
  /** `Continue on your phone` (or `Try again`): the cart as product ids and quantities. */
  | { type: 'handoff.start'; lines: HandoffLine[] }
  /** `Done`, or the page goes away: the QR is no longer shown. */
  | { type: 'handoff.close' };

const FAILED = 'The link could not be made. Try again.';

/**
 * The kiosk's side of "Continue on your phone": closed → creating → shown (the QR) → expired
 * when its time is up, or failed; `Done` closes from anywhere and forgets the token. The QR
 * goes when the link stops working, so nobody scans a dead code. Tags: `open` (the panel
 * shows), `creating`, `qr` (the code is on screen: the kiosk's longer idle time applies),
 * `expired`, `failed`.
 */
export const handoffOfferMachine = setup({
  types: {
    input: {} as OfferInput,
    context: {} as OfferContext,
    events: {} as OfferEvent,
  },
  actors: {
    create: missingPromise<HandoffCreated, HandoffLine[]>('create'),
  },
  delays: {
    linkLifetime: ({ context }) => context.ttlMs,
  },
  actions: {
    forget: assign({ token: null, expiresAt: null, error: null }),
  },
  guards: {
    hasLines: ({ event }) => event.type === 'handoff.start' && event.lines.length > 0,
  },
}).createMachine({
  id: 'handoffOffer',
  context: ({ input }) => ({ ttlMs: input.ttlMs ?? HANDOFF.ttlMinutes * 60_000, token: null, expiresAt: null, error: null }),
  initial: 'closed',
  states: {
    closed: {
      entry: 'forget',
      on: { 'handoff.start': { guard: 'hasLines', target: 'creating' } },
    },
    creating: {
      tags: ['open', 'creating'],
      entry: 'forget',
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ event }) => (event.type === 'handoff.start' ? event.lines : []),
        onDone: { target: 'shown', actions: assign(({ event }) => ({ token: event.output.token, expiresAt: event.output.expiresAt })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: messageOf(event.error, FAILED) })) },
      },
      on: { 'handoff.close': 'closed' },
    },
    shown: {
      tags: ['open', 'qr'],
      after: { linkLifetime: 'expired' },
      on: { 'handoff.close': 'closed' },
    },
    expired: {
      tags: ['open', 'expired'],
      entry: assign({ token: null }),
      on: { 'handoff.start': { guard: 'hasLines', target: 'creating' }, 'handoff.close': 'closed' },
    },
    failed: {
      tags: ['open', 'failed'],
      on: { 'handoff.start': { guard: 'hasLines', target: 'creating' }, 'handoff.close': 'closed' },
    },
  },
});
