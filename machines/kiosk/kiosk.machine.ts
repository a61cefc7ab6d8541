import { assign, setup } from 'xstate';
import { missingPromise } from '../shared/actors.ts';

/**
 * In-store defaults: 60 s without input, then a 15 s warning; 2 min while the hand-off QR shows;
 * a look for the shop every 3 s while it cannot be reached; a look for a new build every minute
 * on the attract screen. All are inputs, so the server's settings and tests choose.
 */
export const KIOSK_DEFAULTS = { idleMs: 60_000, warningMs: 15_000, handoffMs: 120_000, retryMs: 3_000, buildCheckMs: 60_000 } as const;

export type KioskInput = Partial<Record<keyof typeof KIOSK_DEFAULTS, number>>;
export type KioskContext = Record<keyof typeof KIOSK_DEFAULTS, number> & {
  /** Seconds left in the warning's countdown. */
  remaining: number;
  /** The hand-off QR is on screen (its idle time applies). */
  handoff: boolean;
  /** A shopper's app is mounted: it stays, hidden, while the shop cannot be reached. */
  mounted: boolean;
  /** A page crashed: the next attract screen reloads the page once the shop answers. */
  reloadWanted: boolean;
};
export type KioskEvent =
  /** A touch on the attract screen (its click: the screen must stay until the touch is over). */
  | { type: 'kiosk.start' }
  | { type: 'kiosk.activity' }
  | { type: 'kiosk.handoffShown' }
  | { type: 'kiosk.handoffHidden' }
  /** A call got no answer, or the BFF could not reach the API (502–504). */
  | { type: 'kiosk.unreachable' }
  /** An uncaught error in a page. */
  | { type: 'kiosk.crashed' };

/** What checkBuild finds: whether index.html now names other assets than the running page. */
export type BuildCheck = { changed: boolean };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The kiosk session: attract → browsing (or the hand-off, with its longer idle time) → a warning
 * with a countdown → resetting (the client's `resetSession` wipes cart, user, storages, server
 * session, chat, history and forms) → attract. Any input returns to browsing. While the shop
 * cannot be reached a calm screen probes it and then carries on where it was; an uncaught error
 * resets; a new build is loaded by a reload, only on the attract screen and only once the shop
 * answered. Nothing waits for a shopper forever.
 */
export const kioskMachine = setup({
  types: {
    input: {} as KioskInput,
    context: {} as KioskContext,
    events: {} as KioskEvent,
  },
  actors: {
    resetSession: missingPromise<void>('resetSession'),
    /** Resolves once the shop's API answers through the BFF; rejects while it cannot be reached. */
    probe: missingPromise<void>('probe'),
    checkBuild: missingPromise<BuildCheck>('checkBuild'),
  },
  actions: {
    showHandoff: assign({ handoff: true }),
    hideHandoff: assign({ handoff: false }),
    mount: assign({ mounted: true }),
    /** A full page load; the client provides it (the model and tests leave it a no-op). */
    reload: () => undefined,
  },
  delays: {
    idle: ({ context }) => context.idleMs,
    handoffIdle: ({ context }) => context.handoffMs,
    tick: 1000,
    retry: ({ context }) => context.retryMs,
    buildCheck: ({ context }) => context.buildCheckMs,
  },
  guards: {
    moreToCount: ({ context }) => context.remaining > 1,
    handoffOpen: ({ context }) => context.handoff,
    reloadDue: ({ context }, output: BuildCheck) => output.changed || context.reloadWanted,
  },
}).createMachine({
  id: 'kiosk',
  context: ({ input }) => {
    const ms = { ...KIOSK_DEFAULTS, ...input };
    return { ...ms, remaining: seconds(ms.warningMs), handoff: false, mounted: false, reloadWanted: false };
  },
  initial: 'shop',
  states: {
    shop: {
      initial: 'attract',
      on: {
        'kiosk.unreachable': '#kiosk.unreachable',
        'kiosk.crashed': { target: '.resetting', actions: assign({ reloadWanted: true }) },
      },
      states: {
        attract: {
          tags: ['attract'],
          entry: assign({ handoff: false, mounted: false }),
          initial: 'showing',
          on: { 'kiosk.start': 'browsing' },
          states: {
            showing: { after: { buildCheck: 'checking' } },
            checking: {
              invoke: {
                id: 'checkBuild',
                src: 'checkBuild',
                onDone: [
                  { guard: { type: 'reloadDue', params: ({ event }) => event.output }, target: '#kiosk.reloading' },
                  { target: 'showing' },
                ],
                // No answer: never reload into an error page.
                onError: 'showing',
              },
            },
          },
        },
        browsing: {
          tags: ['browsing', 'shopping'],
          entry: 'mount',
          after: { idle: 'warning' },
          on: {
            // Re-entering restarts the idle timer.
            'kiosk.activity': { target: 'browsing', reenter: true },
            'kiosk.handoffShown': { target: 'handoff', actions: 'showHandoff' },
          },
        },
        handoff: {
          tags: ['handoff', 'shopping'],
          entry: 'mount',
          after: { handoffIdle: 'warning' },
          on: {
            'kiosk.activity': { target: 'handoff', reenter: true },
            'kiosk.handoffHidden': { target: 'browsing', actions: 'hideHandoff' },
          },
        },
        warning: {
          tags: ['warning', 'shopping'],
          entry: ['mount', assign(({ context }) => ({ remaining: seconds(context.warningMs) }))],
          initial: 'counting',
          on: {
            'kiosk.activity': [{ guard: 'handoffOpen', target: 'handoff' }, { target: 'browsing' }],
            'kiosk.handoffShown': { target: 'handoff', actions: 'showHandoff' },
            'kiosk.handoffHidden': { actions: 'hideHandoff' },
          },
          states: {
            counting: {
              after: {
                tick: [
                  {
                    guard: 'moreToCount',
                    target: 'counting',
                    reenter: true,
                    actions: assign(({ context }) => ({ remaining: context.remaining - 1 })),
                  },
                  { target: '#kiosk.shop.resetting' },
                ],
              },
            },
          },
        },
        resetting: {
          tags: ['resetting'],
          entry: assign({ mounted: false, handoff: false }),
          // A failed reset still ends at attract: the kiosk must not stay on a shopper's screen.
          invoke: { id: 'resetSession', src: 'resetSession', onDone: 'attract', onError: 'attract' },
        },
        // Where the shop was when it could not be reached: a reset interrupted by the outage runs again.
        hist: { type: 'history' },
      },
    },
    unreachable: {
      tags: ['unreachable'],
      initial: 'probing',
      on: { 'kiosk.crashed': { target: '#kiosk.shop.resetting', actions: assign({ reloadWanted: true }) } },
      states: {
        probing: { invoke: { id: 'probe', src: 'probe', onDone: '#kiosk.shop.hist', onError: 'waiting' } },
        waiting: { after: { retry: 'probing' } },
      },
    },
    reloading: { tags: ['reloading'], entry: 'reload' },
  },
});
