import { assign, setup } from 'xstate';
import { missingPromise } from '../shared/actors.ts';

/** In-store defaults: 60 s without input, then a 15 s warning. Both are inputs so stores and tests choose. */
export const KIOSK_DEFAULTS = { idleMs: 60_000, warningMs: 15_000 } as const;

export type KioskInput = { idleMs?: number; warningMs?: number };
export type KioskContext = { idleMs: number; warningMs: number; remaining: number };
export type KioskEvent =
  | { type: 'kiosk.activity' }
  | { type: 'kiosk.paymentStarted' }
  | { type: 'kiosk.paymentEnded' };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The kiosk session: attract → browsing → warning with a countdown → reset → attract. Any
 * input returns to browsing; timers pause during payment. `resetSession` clears cart, user,
 * both storages and chat (the client provides it).
 */
export const kioskMachine = setup({
  types: {
    input: {} as KioskInput,
    context: {} as KioskContext,
    events: {} as KioskEvent,
  },
  actors: {
    resetSession: missingPromise<void>('resetSession'),
  },
  delays: {
    idle: ({ context }) => context.idleMs,
    tick: 1000,
  },
  guards: {
    moreToCount: ({ context }) => context.remaining > 1,
  },
}).createMachine({
  id: 'kiosk',
  context: ({ input }) => {
    const warningMs = input.warningMs ?? KIOSK_DEFAULTS.warningMs;
    return { idleMs: input.idleMs ?? KIOSK_DEFAULTS.idleMs, warningMs, remaining: seconds(warningMs) };
  },
  initial: 'attract',
  states: {
    attract: { tags: ['attract'], on: { 'kiosk.activity': 'browsing' } },
    browsing: {
      tags: ['browsing'],
      after: { idle: 'warning' },
      on: {
        // Re-entering restarts the idle timer.
        'kiosk.activity': { target: 'browsing', reenter: true },
        'kiosk.paymentStarted': 'paying',
      },
    },
    paying: { tags: ['paying'], on: { 'kiosk.paymentEnded': 'browsing' } },
    warning: {
      tags: ['warning'],
      entry: assign(({ context }) => ({ remaining: seconds(context.warningMs) })),
      initial: 'counting',
      on: { 'kiosk.activity': 'browsing', 'kiosk.paymentStarted': 'paying' },
      states: {
        counting: {
          after: {
            tick: [
              { guard: 'moreToCount', target: 'counting', reenter: true, actions: assign(({ context }) => ({ remaining: context.remaining - 1 })) },
              { target: '#kiosk.resetting' },
            ],
          },
        },
      },
    },
    resetting: {
      tags: ['resetting'],
      invoke: { id: 'resetSession', src: 'resetSession', onDone: 'attract', onError: 'attract' },
    },
  },
});
