import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { Server } from 'socket.io';
import { CHAT_EVENTS, SOCKET_EVENTS } from '../../contracts/chat.ts';
import { liveSessionUser } from '../auth/sessions.ts';
import type { AuthUser } from '../auth/types.ts';
import type { ApiContext } from '../context.ts';
import type { InstanceState } from '../http/readiness.ts';
import { watchAccounts } from './account-watch.ts';
import { wireChat } from './chat-handlers.ts';
import { CONVERSATION_RULES } from './conversation-rules.ts';
import { createConversations } from './conversations.ts';
import { createFloodGuard } from './flood-guard.ts';
import { handshake } from './handshake.ts';
import { type AdminPresence, createMemoryPresence } from './presence.ts';
import { guardRecovery } from './recovery-guard.ts';
import { serial } from './reply.ts';
import { openSharedState } from './shared-state.ts';
import { ADMINS_ROOM, conversationOf, ORDERS_ROOM, type HubServer, type HubSocket, sessionRoom, userRoom } from './types.ts';

export type RealtimeHubOptions = {
  /** How long a dropped socket may come back as itself (socket.io connection state recovery). */
  recoveryWindowMs?: number;
  /** Chat messages allowed per customer socket: at most `max` in any `windowMs` (default: CHAT_MESSAGES_PER_SOCKET_PER_SECOND a second). */
  rateLimit?: { max: number; windowMs: number };
  /** The window of the per-address limits (messages, new conversations); a minute by default. */
  addressWindowMs?: number;
  /** Messages kept per conversation (default 200). */
  historyLimit?: number;
  /** How long a conversation waits for its customer to come back before it ends (default 30 minutes). */
  customerGoneMs?: number;
  /** How often this instance says its customers are there and ends abandoned conversations (default a minute). */
  sweepMs?: number;
  /** Admin presence; the default is Redis's with REDIS_URL (every instance), else this process's. */
  presence?: AdminPresence;
  /** With REDIS_URL: how long a dead instance's admins and open sockets still count (its heartbeats' TTL). */
  presenceTtlMs?: number;
  /** Called with the socket.io server once attached (tests reach the raw connections through it). */
  onAttached?: (io: HubServer) => void;
};

/** socket.io keeps a session for recovery only after these (see its RECOVERABLE_DISCONNECT_REASONS). */
const RECOVERABLE = new Set([
  'transport error',
  'transport close',
  'forced close',
  'ping timeout',
  'server shutting down',
  'forced server close',
]);

/**
 * A 2,000-character message is at most ~12 KB once JSON-escaped (six bytes for a control
 * character), so 16 KB refuses anything bigger before it is parsed, instead of socket.io's 1 MB.
 */
const MAX_PACKET_BYTES = 16 * 1024;

/**
 * Issue 16: engine.io session ids start with `<INSTANCE_ID>~` (the balancer routes a polling
 * request by its sid to the instance holding the session), and every engine.io answer, polling
 * or websocket 101, says which instance it is; while draining, polling answers close their connection.
 */
const announceInstance = (io: HubServer, instanceId: string, instance: InstanceState | undefined) => {
  io.engine.generateId = () => `${instanceId}~${randomBytes(15).toString('base64url')}`;
  io.engine.on('headers', (headers: Record<string, string>, req: http.IncomingMessage) => {
    headers['X-Instance'] = instanceId;
    if (instance?.draining && !req.headers.upgrade) headers['Connection'] = 'close';
  });
};

/**
 * The realtime hub: support chat between customers and admins, and newOrder for admins.
 * Returns an api/app.ts ServerAttachment (spelled out here: importing app.ts would be a cycle).
 */
export const createRealtimeHub =
  (options: RealtimeHubOptions = {}) =>
  (server: http.Server, ctx: ApiContext, instance?: InstanceState): (() => Promise<void>) => {
    const windowMs = options.recoveryWindowMs ?? 2 * 60_000;
    const io: HubServer = new Server(server, {
      path: '/socket.io',
      serveClient: false,
      maxHttpBufferSize: MAX_PACKET_BYTES,
      connectionStateRecovery: { maxDisconnectionDuration: windowMs, skipMiddlewares: false },
      // A draining instance takes no new session: the client retries, through the balancer, elsewhere.
      allowRequest: (_req, answer) => answer(instance?.draining ? 'draining' : null, !instance?.draining),
    });
    announceInstance(io, ctx.config.INSTANCE_ID, instance);
    const rules = {
      historyLimit: options.historyLimit ?? 200,
      customerGoneMs: options.customerGoneMs ?? CONVERSATION_RULES.customerGoneMs,
    };
    const shared = ctx.config.REDIS_URL
      ? openSharedState(ctx.config.REDIS_URL, { rules, presenceTtlMs: options.presenceTtlMs ?? 15_000, logger: ctx.logger })
      : undefined;
    const guard = guardRecovery(io, shared?.adapter);
    if (shared) instance?.probe('redis', () => (shared.redis.isReady ? shared.redis.ping() : Promise.reject(new Error('not connected'))));
    const flood = createFloodGuard({
      limits: ctx.config,
      redis: shared?.redis,
      logger: ctx.logger,
      windowMs: options.addressWindowMs,
      openTtlMs: options.presenceTtlMs,
    });
    io.use(handshake(ctx));
    // After the handshake: admins, known by their session, are not counted.
    io.use(flood.admit);
    const presence = options.presence ?? shared?.presence ?? createMemoryPresence();
    const conversations = shared?.conversations ?? createConversations(rules);
    const rateLimit = options.rateLimit ?? { max: ctx.config.CHAT_MESSAGES_PER_SOCKET_PER_SECOND, windowMs: 1000 };
    const deps = { io, ctx, presence, conversations, rateLimit, flood };
    const departures = new Map<string, { user?: AuthUser; conversation: string; timer: NodeJS.Timeout }>();
    /** This instance's connected customers' conversations → their sockets here (a customer may have several tabs). */
    const present = new Map<string, Set<string>>();
    const background = serial(ctx.logger);
    let closing = false;

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

    /** Ends a conversation and tells every admin tab (the spec's `disconnected`, keyed by the conversation). */
    const end = async (conversation: string, reason: string) => {
      // Visitors who never wrote are nobody's business: admins only have rooms for those who did.
      if (await conversations.end(conversation)) io.to(ADMINS_ROOM).emit(SOCKET_EVENTS.disconnected, { reason, socketId: conversation });
    };

    /**
     * The socket is gone for good. An admin leaves presence. A conversation keyed by this socket
     * (the spec's own client) ends with it; one the browser keeps ends only when the page let go
     * of it on purpose (a kiosk reset, a login, the admin's close) and no other tab holds it,
     * else it waits 30 minutes for its customer (a reload, a lost connection).
     */
    const finalize = async (socketId: string, reason: string, conversation: string) => {
      departures.delete(socketId);
      if (await livesElsewhere(socketId)) return;
      if (await presence.has(socketId)) {
        await presence.remove(socketId);
        return;
      }
      if (conversation === socketId) return end(conversation, reason);
      if (reason === 'client namespace disconnect' && !(await livesElsewhere(conversation))) await end(conversation, reason);
    };

    const arrive = (conversation: string, socketId: string) => {
      const sockets = present.get(conversation) ?? new Set();
      present.set(conversation, sockets.add(socketId));
    };
    const leave = (conversation: string, socketId: string) => {
      const sockets = present.get(conversation);
      sockets?.delete(socketId);
      if (sockets?.size === 0) present.delete(conversation);
    };

    /** Says this instance's customers are there, then ends the conversations whose customer is gone. */
    const sweep = async () => {
      await conversations.seen([...present.keys()]);
      for (const conversation of await conversations.endAbandoned()) {
        io.to(ADMINS_ROOM).emit(SOCKET_EVENTS.disconnected, { reason: 'customer gone', socketId: conversation });
      }
    };

    /** A recovered socket is back in its old rooms; an admin room needs an admin behind it still. */
    const readmit = async (socket: HubSocket) => {
      if (!socket.rooms.has(ADMINS_ROOM) && !socket.rooms.has(ORDERS_ROOM)) return;
      const user = socket.data.user;
      if (user?.isAdmin) {
        if (socket.rooms.has(ADMINS_ROOM)) await presence.add(socket.id, user._id);
        return;
      }
      await presence.remove(socket.id);
      socket.disconnect(true);
    };

    /**
     * Blocks recovery at once (the domain event fires before the HTTP answer), then lets an
     * admin who is still an admin back in; otherwise their departure is final now.
     */
    const recheckDeparted = (match: (user: AuthUser) => boolean) => {
      for (const [socketId, departure] of departures) {
        const user = departure.user;
        if (!user?.isAdmin || !match(user)) continue;
        guard.block(socketId);
        background(async () => {
          if ((await liveSessionUser(ctx.db, user.sessionId, user._id))?.isAdmin) {
            guard.unblock(socketId);
            return;
          }
          clearTimeout(departure.timer);
          await finalize(socketId, 'admin rights revoked', departure.conversation);
        });
      }
    };

    io.on('connection', (socket) => {
      const pending = departures.get(socket.id);
      if (pending) clearTimeout(pending.timer);
      departures.delete(socket.id);
      const user = socket.data.user;
      const conversation = conversationOf(socket);
      // A conversation the browser keeps is a room of its own: every tab of that customer hears the replies.
      const rooms = [
        ...(conversation === socket.id ? [] : [conversation]),
        ...(user ? [userRoom(user._id), sessionRoom(user.sessionId)] : []),
      ];
      if (user?.isAdmin) rooms.push(ORDERS_ROOM);
      if (rooms.length > 0) void socket.join(rooms);
      arrive(conversation, socket.id);
      background(() => conversations.seen([conversation]));
      if (socket.recovered) background(() => readmit(socket));
      else {
        socket.emit(CHAT_EVENTS.sync);
        const why = socket.data.identifyError;
        if (why) socket.emit(CHAT_EVENTS.identifyFailed, { code: 'identify failed', message: why });
      }
      wireChat(deps, socket);
      socket.on('disconnect', (reason) => {
        leave(conversation, socket.id);
        if (closing) return;
        // The 30 minutes of a conversation whose customer does not come back run from now.
        background(() => conversations.seen([conversation]));
        if (!RECOVERABLE.has(reason)) {
          background(() => finalize(socket.id, reason, conversation));
          return;
        }
        background(() => presence.setConnected(socket.id, false));
        const timer = setTimeout(() => background(() => finalize(socket.id, reason, conversation)), windowMs);
        departures.set(socket.id, { user: socket.data.user, conversation, timer });
      });
    });

    // Keeps every client's recovery offset recent (socket.io recovers only from a known one).
    const sync = setInterval(() => io.emit(CHAT_EVENTS.sync), Math.max(100, Math.floor(windowMs / 3)));
    sync.unref();
    const sweeping = setInterval(() => background(sweep), options.sweepMs ?? 60_000);
    sweeping.unref();
    const stopWatching = watchAccounts(io, ctx, recheckDeparted);
    // Draining: every engine.io connection ends as a transport close ('forced close' here, a
    // recoverable reason), never 'io server disconnect', so clients reconnect (elsewhere) and recover.
    instance?.onDrain(() => {
      for (const socket of io.of('/').sockets.values()) socket.conn.close();
    });
    options.onAttached?.(io);

    return async () => {
      closing = true;
      clearInterval(sync);
      clearInterval(sweeping);
      for (const { timer } of departures.values()) clearTimeout(timer);
      departures.clear();
      stopWatching();
      await shared?.leave();
      await io.close();
      await flood.close();
      await shared?.close();
    };
  };
