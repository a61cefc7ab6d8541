import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { Server } from 'socket.io';
import { CHAT_EVENTS, SOCKET_EVENTS } from '#contracts/chat.ts';
import type { ApiContext } from '../context.ts';
import type { InstanceState } from '#server/readiness.ts';
import { watchAccounts } from './account-watch.ts';
import { wireChat } from './chat-handlers.ts';
import { createScreens } from './screen-handlers.ts';
import { createScreenShares, type ScreenShares } from './screen-shares.ts';
import { CONVERSATION_RULES } from './conversation-rules.ts';
import { forgetPast } from './conversation-history.ts';
import { createConversations } from './conversations.ts';
import { createFloodGuard } from './flood-guard.ts';
import { handshake } from './handshake.ts';
import { type AdminPresence, createMemoryPresence } from './presence.ts';
import { guardRecovery } from './recovery-guard.ts';
import { serial } from './reply.ts';
import type { SharedState } from './shared-state.ts';
import { createSocketLives } from './socket-lives.ts';
import { ADMINS_ROOM, conversationOf, ORDERS_ROOM, type HubServer, type HubSocket, sessionRoom, userRoom } from './types.ts';
import { watchOpenSockets } from '#server/metrics.ts';
import { traceMessages } from './traced-messages.ts';

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

/**
 * A 2,000-character message is at most ~12 KB once JSON-escaped (six bytes for a control
 * character), so 16 KB refuses anything bigger before it is parsed, instead of socket.io's 1 MB.
 */
const MAX_PACKET_BYTES = 16 * 1024;

/**
 * The engine.io session ids start with `<INSTANCE_ID>~` (the balancer routes a polling
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
  async (server: http.Server, ctx: ApiContext, instance?: InstanceState): Promise<() => Promise<void>> => {
    // node-redis and the Streams adapter load only with REDIS_URL: a single shop holds neither (decision 014).
    const shared = ctx.config.REDIS_URL
      ? (await import('./shared-state.ts')).openSharedState(ctx.config.REDIS_URL, {
          presenceTtlMs: options.presenceTtlMs ?? 15_000,
          logger: ctx.logger,
        })
      : undefined;
    // What this instance's previous run was sharing is over: its transcript lines end where it was last seen.
    const shares = createScreenShares(ctx.db, ctx.config.INSTANCE_ID);
    await shares.endOwn().catch((err: unknown) => ctx.logger.error({ err }, 'shared screen lines of the last run not kept'));
    return attachHub(options, server, ctx, instance, shared, shares);
  };

const attachHub = (
  options: RealtimeHubOptions,
  server: http.Server,
  ctx: ApiContext,
  instance: InstanceState | undefined,
  shared: SharedState | undefined,
  shares: ScreenShares,
): (() => Promise<void>) => {
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
  watchOpenSockets('api', () => io.engine.clientsCount);
  const rules = {
    historyLimit: options.historyLimit ?? 200,
    customerGoneMs: options.customerGoneMs ?? CONVERSATION_RULES.customerGoneMs,
  };
  const guard = guardRecovery(io, shared?.adapter);
  if (shared) instance?.probe('redis', () => (shared.redis.isReady ? shared.redis.ping() : Promise.reject(new Error('not connected'))));
  const flood = createFloodGuard({
    limits: ctx.config,
    redis: shared?.redis,
    logger: ctx.logger,
    windowMs: options.addressWindowMs,
    openTtlMs: options.presenceTtlMs,
  });
  // In the shop's database, whatever carries the sockets (decision 018).
  const conversations = createConversations(ctx.db, rules);
  io.use(handshake(ctx, conversations));
  // After the handshake: admins, known by their session, are not counted.
  io.use(flood.admit);
  const presence = options.presence ?? shared?.presence ?? createMemoryPresence();
  const rateLimit = options.rateLimit ?? { max: ctx.config.CHAT_MESSAGES_PER_SOCKET_PER_SECOND, windowMs: 1000 };
  const screens = createScreens(io, presence, conversations, shares, {
    cluster: shared !== undefined,
    bus: shared?.screens,
    onError: (err) => ctx.logger.error({ err }, 'shared screen line not kept'),
  });
  const deps = { io, ctx, presence, conversations, rateLimit, flood, screens };
  const background = serial(ctx.logger);
  let closing = false;
  const lives = createSocketLives({ io, ctx, presence, conversations, guard, background, recoveryWindowMs: windowMs });

  /**
   * Says this instance's customers and shares are there, ends the conversations whose customer
   * is gone (they become transcripts) and the shares no instance holds, and deletes transcripts past CHAT_HISTORY_DAYS.
   */
  const sweep = async () => {
    await conversations.seen(lives.present());
    // A share this instance holds is seen; one no instance has seen for as long as a customer may be away is over.
    await shares.seen(screens.sharingNow());
    await shares.endStale(Date.now() - rules.customerGoneMs);
    // Screens heard from an instance whose shares are over (it died): nothing of them stays here.
    const others = screens.othersNow();
    if (others.length > 0) {
      const held = await shares.held(others);
      screens.forget(others.filter((conversation) => !held.has(conversation)));
    }
    for (const conversation of await conversations.endAbandoned()) {
      screens.ended(conversation);
      io.to(ADMINS_ROOM).emit(SOCKET_EVENTS.disconnected, { reason: 'customer gone', socketId: conversation });
    }
    await forgetPast(ctx.db, { days: ctx.config.CHAT_HISTORY_DAYS });
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

  io.on('connection', (socket) => {
    traceMessages(socket);
    const user = socket.data.user;
    const conversation = conversationOf(socket);
    // A conversation the browser keeps is a room of its own: every tab of that customer hears the replies.
    const rooms = [
      ...(conversation === socket.id ? [] : [conversation]),
      ...(user ? [userRoom(user._id), sessionRoom(user.sessionId)] : []),
    ];
    if (user?.isAdmin) rooms.push(ORDERS_ROOM);
    if (rooms.length > 0) void socket.join(rooms);
    const life = lives.connected(socket, conversation);
    if (socket.recovered) background(() => readmit(socket));
    else {
      socket.emit(CHAT_EVENTS.sync);
      const why = socket.data.identifyError;
      if (why) socket.emit(CHAT_EVENTS.identifyFailed, { code: 'identify failed', message: why });
      const token = socket.data.anonymous?.token;
      if (token) {
        socket.emit(CHAT_EVENTS.visitor, { token });
        // Sent once, to this socket only: not kept in the socket's data (which recovery stores).
        socket.data.anonymous = {};
      }
    }
    wireChat(deps, socket);
    screens.wire(socket);
    socket.on('disconnect', (reason) => {
      if (!closing) life.send({ type: 'socket.disconnected', reason });
    });
  });

  // Keeps every client's recovery offset recent (socket.io recovers only from a known one).
  const sync = setInterval(() => io.emit(CHAT_EVENTS.sync), Math.max(100, Math.floor(windowMs / 3)));
  sync.unref();
  const sweeping = setInterval(() => background(sweep), options.sweepMs ?? 60_000);
  sweeping.unref();
  const stopWatching = watchAccounts(io, ctx, lives.accountChanged);
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
    lives.stop();
    screens.close();
    stopWatching();
    await shared?.leave();
    await io.close();
    await flood.close();
    await shared?.close();
  };
};
