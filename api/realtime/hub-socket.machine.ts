import { assign, emit, fromPromise, setup } from 'xstate';
import { notProvided } from '#contracts/rules.ts';
import type { AuthUser } from '../auth/types.ts';

/** socket.io keeps a session for recovery only after these (see its RECOVERABLE_DISCONNECT_REASONS). */
export const RECOVERABLE_REASONS: ReadonlySet<string> = new Set([
  'transport error',
  'transport close',
  'forced close',
  'ping timeout',
  'server shutting down',
  'forced server close',
]);

/** The page let go of its socket on purpose (socket.disconnect(): a kiosk reset, a login, the admin's close). */
export const DELIBERATE_REASON = 'client namespace disconnect';
/** Why a departed admin's socket is let go before its window ends. */
export const REVOKED_REASON = 'admin rights revoked';

export type HubSocketInput = {
  socketId: string;
  /** conversationOf(socket): the id the browser keeps, else the socket's own id. */
  conversation: string;
  user?: AuthUser;
  /** How long a dropped socket may come back as itself (socket.io's maxDisconnectionDuration). */
  recoveryWindowMs: number;
};
export type HubSocketContext = HubSocketInput & { reason: string | null };

/** An account changed (userChanged) or a session ended (sessionRevoked): one of the two is set. */
export type AccountChange = { userId?: string; sessionId?: string };

export type HubSocketEvent =
  /** socket.io's 'disconnect', with its reason. */
  | { type: 'socket.disconnected'; reason: string }
  /** The same socket id connected again on this instance within its window (connection state recovery). */
  | { type: 'socket.returned'; conversation: string; user?: AuthUser }
  | ({ type: 'account.changed' } & AccountChange);

/** What the hub does when told (in the order told, through its serial queue). */
export type HubSocketEmitted =
  /** conversations.seen([conversation]): the 30 minutes of a customer who does not come back run from the last. */
  | { type: 'hub.seen'; conversation: string }
  /** presence.setConnected(socketId, false): an admin inside their window does not count as online. */
  | { type: 'hub.away'; socketId: string }
  /** recovery-guard's block / unblock: a socket.io restore of this id starts afresh instead. */
  | { type: 'hub.block'; socketId: string }
  | { type: 'hub.unblock'; socketId: string };

/**
 * One socket's life in the realtime hub (hub.ts runs one actor per socket id of this instance).
 *
 * connected → (socket.io's disconnect) → departed, for a reason socket.io recovers from: the
 * socket may come back as itself within `recoveryWindowMs` (→ connected again), else its
 * departure is final; any other reason is final at once. While departed, an admin whose account
 * changed is blocked from recovering at once, and let back in only if their session is still an
 * admin's; otherwise the departure is final now, as `admin rights revoked`.
 *
 * Final means: nothing if the socket lives on another instance (recovered there); an admin leaves
 * presence; a conversation keyed by this socket (the spec's own client) ends with it; one the
 * browser keeps ends only when the page let it go on purpose and no other tab holds it (else it
 * waits `customerGoneMs` for its customer, the hub's sweep). Ending tells every admin.
 *
 * Tags: `present` (a connected customer: their conversation is seen), `away` (inside the
 * recovery window), `checking` (a departed admin's rights are being checked), `leaving`.
 */
export const hubSocketMachine = setup({
  types: {
    input: {} as HubSocketInput,
    context: {} as HubSocketContext,
    events: {} as HubSocketEvent,
    emitted: {} as HubSocketEmitted,
  },
  actors: {
    /** Whether a socket of this id (or anyone in this room) is connected to any instance now. */
    livesElsewhere: fromPromise<boolean, string>(notProvided('livesElsewhere')),
    /** presence.has: whether the socket is a chat admin's. */
    inPresence: fromPromise<boolean, string>(notProvided('inPresence')),
    leavePresence: fromPromise<void, string>(notProvided('leavePresence')),
    /** Ends the conversation and, if it was open, tells every admin (`disconnected`, keyed by it). */
    endConversation: fromPromise<void, { conversation: string; reason: string }>(notProvided('endConversation')),
    /** Whether the user's session is still a live admin's. */
    stillAdmin: fromPromise<boolean, { userId: string; sessionId: string }>(notProvided('stillAdmin')),
  },
  delays: {
    recoveryWindow: ({ context }) => context.recoveryWindowMs,
  },
  guards: {
    recoverable: ({ event }) => event.type === 'socket.disconnected' && RECOVERABLE_REASONS.has(event.reason),
    /** The change concerns this departed socket's admin (a customer's identity is re-read when they come back). */
    concernsAdmin: ({ context: { user }, event }) =>
      event.type === 'account.changed' &&
      user?.isAdmin === true &&
      (event.userId === user._id || (event.sessionId !== undefined && event.sessionId === user.sessionId)),
    yes: (_, answer: boolean) => answer,
    keyedBySocket: ({ context }) => context.conversation === context.socketId,
    deliberate: ({ context }) => context.reason === DELIBERATE_REASON,
  },
  actions: {
    seen: emit(({ context }) => ({ type: 'hub.seen' as const, conversation: context.conversation })),
    noteReason: assign({ reason: ({ event }) => (event.type === 'socket.disconnected' ? event.reason : null) }),
  },
}).createMachine({
  id: 'hubSocket',
  context: ({ input }) => ({ ...input, reason: null }),
  initial: 'connected',
  states: {
    connected: {
      tags: ['present'],
      entry: 'seen',
      on: {
        'socket.disconnected': [
          {
            guard: 'recoverable',
            target: 'departed',
            actions: ['noteReason', 'seen', emit(({ context }) => ({ type: 'hub.away' as const, socketId: context.socketId }))],
          },
          { target: 'leaving', actions: ['noteReason', 'seen'] },
        ],
      },
    },
    departed: {
      tags: ['away'],
      after: { recoveryWindow: 'leaving' },
      on: {
        // Back in its rooms, with the identity its handshake settled again.
        'socket.returned': {
          target: 'connected',
          actions: assign(({ event }) => ({ conversation: event.conversation, user: event.user, reason: null })),
        },
      },
      initial: 'waiting',
      states: {
        waiting: {
          on: { 'account.changed': { guard: 'concernsAdmin', target: 'checking' } },
        },
        checking: {
          tags: ['checking'],
          // At once, before the request that changed the account is answered: its missed packets stay unsent.
          entry: emit(({ context }) => ({ type: 'hub.block' as const, socketId: context.socketId })),
          invoke: {
            id: 'stillAdmin',
            src: 'stillAdmin',
            input: ({ context }) => ({ userId: context.user?._id ?? '', sessionId: context.user?.sessionId ?? '' }),
            onDone: [
              {
                guard: { type: 'yes', params: ({ event }) => event.output },
                target: 'waiting',
                actions: emit(({ context }) => ({ type: 'hub.unblock' as const, socketId: context.socketId })),
              },
              { target: '#hubSocket.leaving', actions: assign({ reason: REVOKED_REASON }) },
            ],
            // Not known (the database did not answer): the block stays, the window runs on.
            onError: 'waiting',
          },
          // A later change decides: ask again.
          on: { 'account.changed': { guard: 'concernsAdmin', target: 'checking', reenter: true } },
        },
      },
    },
    leaving: {
      tags: ['leaving'],
      initial: 'elsewhere',
      states: {
        // Recovered on another instance meanwhile (behind a load balancer): it is that one's now.
        elsewhere: {
          invoke: {
            id: 'elsewhere',
            src: 'livesElsewhere',
            input: ({ context }) => context.socketId,
            onDone: [{ guard: { type: 'yes', params: ({ event }) => event.output }, target: '#hubSocket.gone' }, { target: 'presence' }],
            // An instance that does not answer must not keep the departure from being settled.
            onError: 'presence',
          },
        },
        presence: {
          invoke: {
            id: 'inPresence',
            src: 'inPresence',
            input: ({ context }) => context.socketId,
            onDone: [
              { guard: { type: 'yes', params: ({ event }) => event.output }, target: 'leavingPresence' },
              { guard: 'keyedBySocket', target: 'ending' },
              { guard: 'deliberate', target: 'otherTabs' },
              // A reload, a lost connection: the conversation waits for its customer.
              { target: '#hubSocket.gone' },
            ],
            onError: '#hubSocket.gone',
          },
        },
        leavingPresence: {
          invoke: {
            id: 'leavePresence',
            src: 'leavePresence',
            input: ({ context }) => context.socketId,
            onDone: '#hubSocket.gone',
            onError: '#hubSocket.gone',
          },
        },
        otherTabs: {
          invoke: {
            id: 'otherTabs',
            src: 'livesElsewhere',
            input: ({ context }) => context.conversation,
            onDone: [{ guard: { type: 'yes', params: ({ event }) => event.output }, target: '#hubSocket.gone' }, { target: 'ending' }],
            onError: 'ending',
          },
        },
        ending: {
          invoke: {
            id: 'endConversation',
            src: 'endConversation',
            input: ({ context }) => ({ conversation: context.conversation, reason: context.reason ?? '' }),
            onDone: '#hubSocket.gone',
            onError: '#hubSocket.gone',
          },
        },
      },
    },
    gone: { type: 'final' },
  },
});
