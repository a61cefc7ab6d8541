import { assign, setup } from 'xstate';
import type { HandoffCreated, HandoffLine, HandoffStatus } from '#contracts/handoff.ts';
import { HANDOFF } from '#contracts/handoff-rules.ts';
import { messageOf, missingPromise } from '../shared/actors.ts';

/** `pollMs`: how often the kiosk asks whether the phone has claimed the link (2 s). */
export type OfferInput = { ttlMs?: number; pollMs?: number };
export type OfferContext = { ttlMs: number; pollMs: number; token: string | null; expiresAt: string | null; error: string | null };
export type OfferEvent =
  /** `Continue on your phone` (or `Try again`): the cart as product ids and quantities. */
  | { type: 'handoff.start'; lines: HandoffLine[] }
  /** `Done`, or the page goes away: the QR is no longer shown. */
  | { type: 'handoff.close' };

const FAILED = 'The link could not be made. Try again.';

/**
 * The kiosk's side of "Continue on your phone": closed → creating → shown (the QR) → expired
 * when its time is up, or failed; `Done` closes from anywhere and forgets the token. The QR
 * goes when the link stops working, so nobody scans a dead code. While it shows, the kiosk asks
 * every `pollMs` whether the phone claimed it (`status`; a failed ask is asked again); once
 * claimed the token is forgotten and `claimed` tells the kiosk to thank the shopper and reset.
 * Tags: `open` (the panel shows), `creating`, `qr` (the code is on screen: the kiosk's longer
 * idle time applies), `expired`, `failed`, `claimed`.
 */
export const handoffOfferMachine = setup({
  types: {
    input: {} as OfferInput,
    context: {} as OfferContext,
    events: {} as OfferEvent,
  },
  actors: {
    create: missingPromise<HandoffCreated, HandoffLine[]>('create'),
    /** POST /api/handoffs/status with the token: whether the phone has claimed it. */
    status: missingPromise<HandoffStatus, { token: string }>('status'),
  },
  delays: {
    linkLifetime: ({ context }) => context.ttlMs,
    poll: ({ context }) => context.pollMs,
  },
  actions: {
    forget: assign({ token: null, expiresAt: null, error: null }),
  },
  guards: {
    hasLines: ({ event }) => event.type === 'handoff.start' && event.lines.length > 0,
    claimed: (_, status: HandoffStatus) => status.claimed,
  },
}).createMachine({
  id: 'handoffOffer',
  context: ({ input }) => ({
    ttlMs: input.ttlMs ?? HANDOFF.ttlMinutes * 60_000,
    pollMs: input.pollMs ?? HANDOFF.statusPollMs,
    token: null,
    expiresAt: null,
    error: null,
  }),
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
      initial: 'waiting',
      states: {
        waiting: { after: { poll: 'asking' } },
        asking: {
          invoke: {
            id: 'status',
            src: 'status',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: [
              { guard: { type: 'claimed', params: ({ event }) => event.output }, target: '#handoffOffer.claimed' },
              { target: 'waiting' },
            ],
            // Not known yet (no answer, a limit): the code stays and the kiosk asks again.
            onError: 'waiting',
          },
        },
      },
    },
    // The phone has the cart: the used code never shows again, and the kiosk starts over (it unmounts this offer).
    claimed: {
      tags: ['open', 'claimed'],
      entry: 'forget',
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
