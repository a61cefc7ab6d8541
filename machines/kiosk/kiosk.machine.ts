import { assign, setup } from 'xstate';
import { missingPromise } from '../shared/actors.ts';
import { ACCESS_OFF, idleFactor, keyTurnsOn, toggled, withVolume, type Access, type AccessEvent } from './access.ts';

/**
 * In-store defaults: 60 s without input, then a 20 s warning (WCAG 2.2.1's least); 2 min while the hand-off QR shows;
 * a look for the shop every 3 s while it cannot be reached; a look for a new build every minute
 * on the attract screen; the thank-you after a hand-off shows 5 s; a reset whose session is not
 * yet gone tries again after 1 s, doubling up to 30 s. All are inputs, so the server's settings
 * and tests choose.
 */
export const KIOSK_DEFAULTS = {
  idleMs: 60_000,
  warningMs: 20_000,
  handoffMs: 120_000,
  retryMs: 3_000,
  buildCheckMs: 60_000,
  thanksMs: 5_000,
  confirmRetryMs: 1_000,
  confirmRetryMaxMs: 30_000,
} as const;

/**
 * `servedToGuest`: the page was served without a session (the BFF's guest mark). Only the first
 * shopper's restore may trust it; every later one follows a reset, when the page is older.
 */
export type KioskInput = Partial<Record<keyof typeof KIOSK_DEFAULTS, number>> & { servedToGuest?: boolean };
export type KioskContext = Record<keyof typeof KIOSK_DEFAULTS, number> & {
  /** Seconds left in the warning's countdown. */
  remaining: number;
  /** The hand-off QR is on screen (its idle time applies). */
  handoff: boolean;
  /** A shopper's app is mounted: it stays, hidden, while the shop cannot be reached. */
  mounted: boolean;
  /** A page crashed: the next attract screen reloads the page once the shop answers. */
  reloadWanted: boolean;
  /** How many times this reset found the session still alive (its backoff doubles with each). */
  confirmFailures: number;
  /** What the shopper's app gives the auth machine as its `servedToGuest`: the page's mark, until the first shopper's app goes. */
  servedToGuest: boolean;
  /** The accessibility mode (access.ts): the shopper's, so the reset ends it. */
  access: Access;
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
  | { type: 'kiosk.crashed' }
  /** The shopper's phone claimed the hand-off link: the cart left with it. */
  | { type: 'kiosk.handoffClaimed' }
  /** Staff's `Reset now` on /admin/kiosks, in a heartbeat's reply: the reset for the next shopper, at once. */
  | { type: 'kiosk.staffReset' }
  /** Staff's `Reload` on /admin/kiosks: a full page load, whatever shows (the shop answered the heartbeat). */
  | { type: 'kiosk.staffReload' }
  | AccessEvent;

/** What checkBuild finds: whether index.html now names other assets than the running page. */
export type BuildCheck = { changed: boolean };

/** What checkSession finds: GET /api/session answered 401 (true) or still names a user (false). */
export type SessionCheck = { signedOut: boolean };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The kiosk session: attract → browsing (or the hand-off, with its longer idle time) → a warning
 * with a countdown → resetting (the client's `resetSession` wipes cart, user, storages, server
 * session, chat, history and forms; then `checkSession` must find the server session gone, else
 * both run again after a growing pause) → attract. Any input returns to browsing. Once the phone
 * claims the hand-off, a thank-you shows and the kiosk resets for the next shopper. While the shop
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
    /** GET /api/session: resolves whether it answered 401; rejects on any other failure (429, 500, no answer). */
    checkSession: missingPromise<SessionCheck>('checkSession'),
  },
  actions: {
    showHandoff: assign({ handoff: true }),
    hideHandoff: assign({ handoff: false }),
    mount: assign({ mounted: true }),
    // The next shopper starts without the last one's accessibility mode.
    unmount: assign({ mounted: false, handoff: false, servedToGuest: false, access: ACCESS_OFF }),
    /** A full page load; the client provides it (the model and tests leave it a no-op). */
    reload: () => undefined,
  },
  delays: {
    idle: ({ context }) => context.idleMs * idleFactor(context.access),
    handoffIdle: ({ context }) => context.handoffMs * idleFactor(context.access),
    tick: 1000,
    retry: ({ context }) => context.retryMs,
    buildCheck: ({ context }) => context.buildCheckMs,
    thanks: ({ context }) => context.thanksMs,
    /** 1 s, 2 s, 4 s … up to the cap: a limited or failing server is not hammered. */
    confirmRetry: ({ context }) =>
      Math.min(context.confirmRetryMaxMs, context.confirmRetryMs * 2 ** Math.max(0, context.confirmFailures - 1)),
  },
  guards: {
    moreToCount: ({ context }) => context.remaining > 1,
    handoffOpen: ({ context }) => context.handoff,
    reloadDue: ({ context }, output: BuildCheck) => output.changed || context.reloadWanted,
    signedOut: (_, output: SessionCheck) => output.signedOut,
    keyTurnsOn: ({ context }) => keyTurnsOn(context.access),
  },
}).createMachine({
  id: 'kiosk',
  context: ({ input: { servedToGuest = false, ...input } }) => {
    const ms = { ...KIOSK_DEFAULTS, ...input };
    return {
      ...ms,
      remaining: seconds(ms.warningMs),
      handoff: false,
      mounted: false,
      reloadWanted: false,
      confirmFailures: 0,
      servedToGuest,
      access: ACCESS_OFF,
    };
  },
  initial: 'shop',
  // The mode is at hand on every screen, the attract screen included; it changes no screen of the session.
  on: {
    'kiosk.access.toggle': { actions: assign(({ context, event }) => ({ access: toggled(context.access, event.setting) })) },
    'kiosk.access.volume': { actions: assign(({ context, event }) => ({ access: withVolume(context.access, event.volume) })) },
    'kiosk.access.key': { guard: 'keyTurnsOn', actions: assign(({ context }) => ({ access: { ...context.access, readAloud: true } })) },
    'kiosk.staffReload': '#kiosk.reloading',
  },
  states: {
    shop: {
      initial: 'attract',
      on: {
        'kiosk.unreachable': '#kiosk.unreachable',
        'kiosk.crashed': { target: '.resetting', actions: assign({ reloadWanted: true }) },
        'kiosk.staffReset': '.resetting',
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
            // The claimed offer hides its QR first (handoffHidden), then tells of the claim.
            'kiosk.handoffClaimed': 'thanks',
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
            'kiosk.handoffClaimed': 'thanks',
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
        // The phone has the cart: the shopper's app goes at once (no cart, no used QR), a thank-you shows, then the reset.
        thanks: {
          tags: ['thanks'],
          entry: 'unmount',
          after: { thanks: 'resetting' },
        },
        resetting: {
          tags: ['resetting'],
          entry: ['unmount', assign({ confirmFailures: 0 })],
          initial: 'wiping',
          // No calm "right back" screen mid-reset: the reset itself keeps asking until the session is gone.
          on: { 'kiosk.unreachable': {} },
          states: {
            // A failed wipe (logout refused or unanswered) is judged by the session check, never trusted.
            wiping: { invoke: { id: 'resetSession', src: 'resetSession', onDone: 'confirming', onError: 'confirming' } },
            confirming: {
              invoke: {
                id: 'checkSession',
                src: 'checkSession',
                onDone: [
                  { guard: { type: 'signedOut', params: ({ event }) => event.output }, target: '#kiosk.shop.attract' },
                  { target: 'waiting' },
                ],
                onError: 'waiting',
              },
            },
            // The next shopper must never inherit this session: log out again, then check again.
            waiting: {
              entry: assign(({ context }) => ({ confirmFailures: context.confirmFailures + 1 })),
              after: { confirmRetry: 'wiping' },
            },
          },
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
