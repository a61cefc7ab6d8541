import { assign, emit, setup } from 'xstate';
import { KIOSK_PIN_LENGTH, KIOSK_PIN_LOCK, KIOSK_PIN_TEXTS, type KioskPinStatus } from '#contracts/kiosk-pin.ts';
import { messageOf, missingPromise, statusOf, type ApiError } from '../shared/actors.ts';

/** A press on the logo this long opens the pad; an input so tests choose. */
export const PIN_PAD_HOLD_MS = 5_000;
/** A pad left open this long without a key closes, forgetting its digits: the next shopper finds no half-typed PIN. */
export const PIN_PAD_IDLE_MS = 30_000;

export type PinPadInput = { holdMs?: number; idleMs?: number };
export type PinPadContext = {
  holdMs: number;
  idleMs: number;
  /** The digits typed so far; shown as dots, never sent anywhere but the check. */
  pin: string;
  /** What the pad says: a wrong PIN, the lock, an unreachable shop. */
  message: string | null;
  /** How long the lock still lasts, as the server said (Retry-After). */
  lockMs: number;
};
export type PinPadEvent =
  /** Pointer down on the logo, or Enter/Space held on it. */
  | { type: 'pin.press' }
  /** Pointer up, left or cancelled; the key let go. */
  | { type: 'pin.release' }
  | { type: 'pin.digit'; digit: string }
  | { type: 'pin.erase' }
  | { type: 'pin.submit' }
  /** Cancel, Escape. */
  | { type: 'pin.cancel' };
export type PinPadEmitted = { type: 'pinPad.left' };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const DEFAULT_LOCK_MS = KIOSK_PIN_LOCK.minutes * 60_000;
const lockMessage = (ms: number) => KIOSK_PIN_TEXTS.locked(Math.max(1, Math.ceil(ms / 60_000)));
const retryMs = (error: unknown) => {
  const seconds = (error as ApiError | undefined)?.retryAfter;
  return typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : DEFAULT_LOCK_MS;
};

/**
 * The way out of kiosk mode: closed → pressing (the logo held) → opening (is a PIN set?) →
 * open.entering → checking → closed, emitting `pinPad.left` for a right PIN. Left alone for
 * `idleMs` (30 s) the pad closes by itself, except while locked. A wrong PIN shows
 * the server's sentence; a lock (429) counts down the minutes the server gave and ignores the
 * keys meanwhile. The server holds the rule; this only shows it. Effects: `status` (GET, whether
 * a PIN is set) and `check` (POST the PIN). Tags: `pressing`, `dialog`, `loading`,
 * `unavailable`, `entering`, `checking`, `wrong`, `locked`.
 */
export const pinPadMachine = setup({
  types: {
    input: {} as PinPadInput,
    context: {} as PinPadContext,
    events: {} as PinPadEvent,
    emitted: {} as PinPadEmitted,
  },
  actors: {
    status: missingPromise<KioskPinStatus>('status'),
    check: missingPromise<unknown, { pin: string }>('check'),
  },
  delays: {
    hold: ({ context }) => context.holdMs,
    padIdle: ({ context }) => context.idleMs,
    // The minutes shown count down; the last tick ends the lock.
    lockTick: ({ context }) => Math.min(60_000, context.lockMs),
  },
  guards: {
    pinSet: (_, output: KioskPinStatus) => output.pinSet,
    room: ({ context }) => context.pin.length < KIOSK_PIN_LENGTH.max,
    longEnough: ({ context }) => context.pin.length >= KIOSK_PIN_LENGTH.min,
    isLocked: (_, error: unknown) => statusOf(error) === 429,
    isUnavailable: (_, error: unknown) => statusOf(error) === 404,
    moreLock: ({ context }) => context.lockMs > 60_000,
  },
  actions: {
    append: assign(({ context }, digit: string) => ({ pin: /^\d$/.test(digit) ? context.pin + digit : context.pin, message: null })),
    erase: assign(({ context }) => ({ pin: context.pin.slice(0, -1) })),
    clear: assign({ pin: '', message: null, lockMs: 0 }),
    refuse: assign((_, error: unknown) => ({ pin: '', message: messageOf(error, 'The PIN could not be checked. Try again.') })),
    lock: assign((_, error: unknown) => ({ pin: '', lockMs: retryMs(error), message: lockMessage(retryMs(error)) })),
    tick: assign(({ context }) => ({ lockMs: context.lockMs - 60_000, message: lockMessage(context.lockMs - 60_000) })),
    left: emit({ type: 'pinPad.left' as const }),
  },
}).createMachine({
  id: 'pinPad',
  context: ({ input }) => ({
    holdMs: input.holdMs ?? PIN_PAD_HOLD_MS,
    idleMs: input.idleMs ?? PIN_PAD_IDLE_MS,
    pin: '',
    message: null,
    lockMs: 0,
  }),
  initial: 'closed',
  states: {
    closed: { tags: ['closed'], on: { 'pin.press': 'pressing' } },
    pressing: { tags: ['pressing'], after: { hold: 'opening' }, on: { 'pin.release': 'closed' } },
    opening: {
      tags: ['dialog', 'loading'],
      after: { padIdle: 'closed' },
      on: { 'pin.cancel': 'closed' },
      invoke: {
        id: 'status',
        src: 'status',
        onDone: [{ guard: { type: 'pinSet', params: ({ event }) => event.output }, target: 'open' }, { target: 'unavailable' }],
        // Not knowing, offer the pad: the server refuses anyway when no PIN is set.
        onError: 'open',
      },
    },
    unavailable: { tags: ['dialog', 'unavailable'], after: { padIdle: 'closed' }, on: { 'pin.cancel': 'closed' } },
    open: {
      tags: ['dialog'],
      initial: 'entering',
      exit: 'clear',
      on: { 'pin.cancel': 'closed' },
      states: {
        entering: {
          tags: ['entering'],
          after: { padIdle: '#pinPad.closed' },
          on: {
            // Re-entering restarts the idle timer: every key gives the operator time again.
            'pin.digit': {
              guard: 'room',
              target: 'entering',
              reenter: true,
              actions: { type: 'append', params: ({ event }) => event.digit },
            },
            'pin.erase': { target: 'entering', reenter: true, actions: 'erase' },
            'pin.submit': { guard: 'longEnough', target: 'checking' },
          },
        },
        checking: {
          tags: ['checking'],
          // A check that never answers must not hold the pad open either.
          after: { padIdle: '#pinPad.closed' },
          invoke: {
            id: 'check',
            src: 'check',
            input: ({ context }) => ({ pin: context.pin }),
            onDone: { target: '#pinPad.closed', actions: 'left' },
            onError: [
              { guard: { type: 'isLocked', params: errorOf }, target: 'locked', actions: { type: 'lock', params: errorOf } },
              { guard: { type: 'isUnavailable', params: errorOf }, target: '#pinPad.unavailable' },
              { target: 'wrong', actions: { type: 'refuse', params: errorOf } },
            ],
          },
        },
        wrong: {
          tags: ['entering', 'wrong'],
          after: { padIdle: '#pinPad.closed' },
          on: { 'pin.digit': { target: 'entering', actions: { type: 'append', params: ({ event }) => event.digit } } },
        },
        locked: {
          tags: ['locked'],
          after: {
            lockTick: [
              { guard: 'moreLock', target: 'locked', reenter: true, actions: 'tick' },
              { target: 'entering', actions: 'clear' },
            ],
          },
        },
      },
    },
  },
});
