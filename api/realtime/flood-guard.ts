import type { Logger } from 'pino';
import { CHAT_TEXTS, type ChatError } from '#contracts/chat.ts';
import type { ApiConfig } from '../config.ts';
import { type OpenCap, openCounts } from '#server/open-counts.ts';
import { keyedWindows } from './rate-limit.ts';
import type { HubRedis } from './redis-client.ts';
import { type KeyedLimit, redisWindows } from './redis-limits.ts';
import { sharedOpenCounts, type Taken } from '#server/redis-open-counts.ts';
import { countApiRefusal } from '#server/metrics.ts';
import type { HubSocket } from './types.ts';

export type ChatLimits = Pick<
  ApiConfig,
  | 'CHAT_SOCKETS_PER_ADDRESS'
  | 'CHAT_SOCKETS_PER_SESSION'
  | 'CHAT_MESSAGES_PER_ADDRESS_PER_MINUTE'
  | 'CHAT_CONVERSATIONS_PER_ADDRESS_PER_MINUTE'
>;

/** The widgets show a refusal's message as the hub words it. */
const refusal = (message: string): ChatError => ({ code: 'rate limited', message });

/**
 * The shopper's address, as per-address limits see it: the one the BFF signed (the handshake
 * settles it), else the connection's.
 */
export const shopperAddress = (socket: HubSocket): string => socket.data.address ?? socket.handshake.address;

export type FloodGuardOptions = {
  limits: ChatLimits;
  /** With REDIS_URL: message and conversation counts shared by every instance. */
  redis?: HubRedis;
  logger: Logger;
  /** The per-address windows; a minute unless a test shortens it. */
  windowMs?: number;
  /** With REDIS_URL: how long a crashed instance's open sockets still count (its heartbeat's TTL). */
  openTtlMs?: number;
};

/**
 * The hub's limits per shopper, on top of the 5 messages a second of each socket: open sockets
 * per address and per session, and messages and new conversations per address per minute: all
 * counted across every instance in Redis when there is one (a crashed instance's sockets are
 * forgotten with its heartbeat), else here.
 * Admins are held to none of them: they answer everyone, and the hub checks their session.
 */
export const createFloodGuard = ({ limits, redis, logger, windowMs = 60_000, openTtlMs }: FloodGuardOptions) => {
  const here = openCounts();
  const shared = redis && sharedOpenCounts(redis, { prefix: 'sf:chat:sockets', logger, ttlMs: openTtlMs });
  const take = async (caps: OpenCap[]): Promise<Taken> => (shared ? shared.take(caps) : here.take(caps));
  const perAddress = (prefix: string, max: number): KeyedLimit => {
    const local = keyedWindows(max, windowMs);
    return redis ? redisWindows(redis, { prefix, max, windowMs, local, logger }) : async (key) => local(key);
  };
  const messages = perAddress('sf:chat:limit:messages', limits.CHAT_MESSAGES_PER_ADDRESS_PER_MINUTE);
  const conversations = perAddress('sf:chat:limit:conversations', limits.CHAT_CONVERSATIONS_PER_ADDRESS_PER_MINUTE);
  const exempt = (socket: HubSocket) => Boolean(socket.data.user?.isAdmin);

  const admitCounted = async (socket: HubSocket, next: (err?: Error) => void): Promise<void> => {
    const user = socket.data.user;
    const caps: OpenCap[] = [{ key: `address:${shopperAddress(socket)}`, max: limits.CHAT_SOCKETS_PER_ADDRESS }];
    if (user) caps.push({ key: `session:${user.sessionId}`, max: limits.CHAT_SOCKETS_PER_SESSION });
    const taken = await take(caps);
    if ('full' in taken) {
      const perSession = taken.full.key.startsWith('session:');
      countApiRefusal(perSession ? 'chat-sockets-per-session' : 'chat-sockets-per-address');
      const why = refusal(perSession ? CHAT_TEXTS.tooManyWindows : CHAT_TEXTS.tooManyChats);
      logger.info({ limit: taken.full.key, max: taken.full.max }, 'chat socket refused: too many open');
      return next(Object.assign(new Error(why.message), { data: why }));
    }
    // The connection may have closed while Redis answered: then nothing will fire.
    if (socket.conn.readyState === 'closed') return taken.release();
    socket.conn.once('close', taken.release);
    socket.once('disconnect', taken.release);
    next();
  };

  return {
    /**
     * socket.io middleware, after the handshake has settled who it is: counts the socket in
     * until its connection closes, or refuses it with a connect_error the widgets show. Runs on
     * recovered reconnections too; the dropped connection has let go of its count by then.
     */
    admit(socket: HubSocket, next: (err?: Error) => void): void {
      if (exempt(socket)) return next();
      admitCounted(socket, next).catch((err: unknown) => next(err instanceof Error ? err : new Error(String(err))));
    },
    /** Lets go of this instance's share of the open-socket counts (a graceful stop), before the Redis connection closes. */
    close: async () => shared?.close(),
    /** A customer message from this socket's address; undefined when allowed. */
    async message(socket: HubSocket): Promise<ChatError | undefined> {
      if (exempt(socket) || (await messages(shopperAddress(socket)))) return undefined;
      countApiRefusal('chat-messages-per-address');
      return refusal(CHAT_TEXTS.tooManyMessages);
    },
    /** A new conversation from this socket's address; undefined when allowed. */
    async conversation(socket: HubSocket): Promise<ChatError | undefined> {
      if (exempt(socket) || (await conversations(shopperAddress(socket)))) return undefined;
      countApiRefusal('chat-conversations-per-address');
      return refusal(CHAT_TEXTS.tooManyNewChats);
    },
  };
};

export type FloodGuard = ReturnType<typeof createFloodGuard>;
