import { createActor, fromPromise, type Actor } from 'xstate';
import { SOCKET_EVENTS } from '#contracts/chat.ts';
import { liveSessionUser } from '../auth/sessions.ts';
import type { ApiContext } from '../context.ts';
import type { Conversations } from './conversations.ts';
import { hubSocketMachine, type AccountChange } from './hub-socket.machine.ts';
import type { AdminPresence } from './presence.ts';
import type { guardRecovery } from './recovery-guard.ts';
import type { serial } from './reply.ts';
import { ADMINS_ROOM, type HubServer, type HubSocket } from './types.ts';

type Deps = {
  io: HubServer;
  ctx: ApiContext;
  presence: AdminPresence;
  conversations: Conversations;
  guard: ReturnType<typeof guardRecovery>;
  /** The hub's serial queue: every effect runs in turn with its other background work, as told. */
  background: ReturnType<typeof serial>;
  recoveryWindowMs: number;
};

/**
 * This instance's sockets, one hub-socket machine each (hub-socket.machine.ts), keyed by socket
 * id: the machines decide departure, recovery and what a final departure ends; this file gives
 * them their effects. An actor leaves the map when its socket is gone for good.
 */
export const createSocketLives = ({ io, ctx, presence, conversations, guard, background, recoveryWindowMs }: Deps) => {
  /**
   * Recovered on another instance meanwhile (behind a load balancer): it is that one's now.
   * An instance that does not answer must not keep the departure from being settled.
   */
  const livesElsewhere = async (socketId: string) => {
    try {
      return (await io.in(socketId).fetchSockets()).length > 0;
    } catch (err) {
      ctx.logger.warn({ err, socketId }, 'could not ask the other instances about a departed socket');
      return false;
    }
  };

  /** An effect as a promise actor, queued behind the hub's other background work; a failure is logged and told to the machine. */
  const queued = <I, O>(work: (input: I) => Promise<O>) =>
    fromPromise<O, I>(
      ({ input }) =>
        new Promise<O>((resolve, reject) =>
          background(() =>
            work(input).then(resolve, (err: unknown) => {
              ctx.logger.error({ err }, 'chat handler failed');
              reject(err);
            }),
          ),
        ),
    );

  const machine = hubSocketMachine.provide({
    actors: {
      livesElsewhere: queued(livesElsewhere),
      inPresence: queued((socketId: string) => presence.has(socketId)),
      leavePresence: queued((socketId: string) => presence.remove(socketId)),
      // The spec's `disconnected`, keyed by the conversation; visitors who never wrote have no room on any admin's screen.
      endConversation: queued(async ({ conversation, reason }: { conversation: string; reason: string }) => {
        if (await conversations.end(conversation, reason))
          io.to(ADMINS_ROOM).emit(SOCKET_EVENTS.disconnected, { reason, socketId: conversation });
      }),
      stillAdmin: queued(
        async ({ userId, sessionId }: { userId: string; sessionId: string }) =>
          (await liveSessionUser(ctx.db, sessionId, userId))?.isAdmin === true,
      ),
    },
  });
  const lives = new Map<string, Actor<typeof machine>>();

  const follow = (socket: HubSocket, conversation: string) => {
    const actor = createActor(machine, { input: { socketId: socket.id, conversation, user: socket.data.user, recoveryWindowMs } });
    actor.on('hub.seen', (e) => background(() => conversations.seen([e.conversation])));
    actor.on('hub.away', (e) => background(() => presence.setConnected(e.socketId, false)));
    actor.on('hub.block', (e) => guard.block(e.socketId));
    actor.on('hub.unblock', (e) => guard.unblock(e.socketId));
    actor.subscribe({ complete: () => lives.get(socket.id) === actor && lives.delete(socket.id) });
    lives.set(socket.id, actor);
    return actor.start();
  };

  return {
    /**
     * A socket connected: back within its window, its departure is cancelled; anything else (a
     * new socket, one that recovered here from another instance, or one whose departure is being
     * settled already) starts a life of its own. Answers the actor to tell of its disconnect.
     */
    connected: (socket: HubSocket, conversation: string) => {
      const departed = lives.get(socket.id);
      const returned = { type: 'socket.returned' as const, conversation, user: socket.data.user };
      if (!departed?.getSnapshot().can(returned)) return follow(socket, conversation);
      departed.send(returned);
      return departed;
    },
    /** This instance's connected customers' conversations (a customer may have several tabs). */
    present: (): string[] => {
      const here = new Set<string>();
      for (const actor of lives.values()) {
        const snapshot = actor.getSnapshot();
        if (snapshot.hasTag('present')) here.add(snapshot.context.conversation);
      }
      return [...here];
    },
    /** Departed admins inside their recovery window hear of account changes (no room lookup reaches them). */
    accountChanged: (change: AccountChange) => {
      for (const actor of lives.values()) actor.send({ type: 'account.changed', ...change });
    },
    /** The hub stops: every window's timer with it. */
    stop: () => {
      for (const actor of lives.values()) actor.stop();
      lives.clear();
    },
  };
};
