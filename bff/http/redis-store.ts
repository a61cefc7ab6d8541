import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { RedisLink } from '#server/redis-open-counts.ts';
import { closeRedis, REDIS_COMMAND_TIMEOUT_MS, watchForHang } from '#server/redis-watchdog.ts';

export type RedisCounters = {
  /** A fresh store for one limiter; each limiter needs its own prefix (and its own store). */
  store(prefix: string): Store;
  /** The same connection for counters that are not rate limits (open chat websockets); not ready until connected. */
  link: RedisLink;
  /** Connects; rejects with a sentence a person can act on when Redis cannot be reached. */
  connect(): Promise<void>;
  /** PING, for /readyz: rejects when Redis does not answer (no offline queue: at once while it is down). */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** The URL without its password, fit for messages and logs. */
const shown = (url: string): string => {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
};

/**
 * Rate-limit counters kept in Redis, so every BFF instance counts the same failures and
 * requests. One node-redis client serves every limiter. Losing Redis later must not take the
 * shop down: commands fail at once while the client reconnects (no offline queue), a Redis
 * that hangs with its connection open is dropped by the watchdog within about
 * REDIS_COMMAND_TIMEOUT_MS (failing the commands waiting on it), and the limiters, built with
 * `passOnStoreError`, let requests through.
 */
export const redisCounters = (url: string, logger: Logger): RedisCounters => {
  let connectedOnce = false;
  let healthy = true;
  // Without a listener node-redis would throw its 'error' events and end the process.
  const away = (err: Error) => {
    if (!connectedOnce || !healthy) return;
    healthy = false;
    logger.warn({ err: { message: err.message } }, 'Redis is unreachable: rate limits let requests through until it is back');
  };
  const made = async () => {
    const { createClient } = await import('redis');
    const c = createClient({
      url,
      disableOfflineQueue: true,
      commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS },
      socket: {
        connectTimeout: 5_000,
        // At start, one failure is final (the start stops with a message); later, keep retrying.
        reconnectStrategy: (retries, cause) => (connectedOnce ? Math.min(100 * 2 ** retries, 5_000) : cause),
      },
    });
    c.on('error', away);
    c.on('ready', () => {
      if (!healthy) logger.info('Redis is back: rate limits count again');
      healthy = true;
    });
    return c;
  };
  // Made at connect(): node-redis is loaded only by a BFF with REDIS_URL (decision 014).
  let client: Awaited<ReturnType<typeof made>> | undefined;
  let stopWatching = () => undefined as void;
  const connected = () => {
    if (!client) throw new Error('Redis is not connected yet');
    return client;
  };

  // rate-limit-redis loads its scripts as soon as a limiter is built, before start() connects.
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const sendCommand = async (...args: string[]): Promise<RedisReply> => {
    await open;
    return connected().sendCommand<RedisReply>(args);
  };

  return {
    store: (prefix) => new RedisStore({ prefix, sendCommand }),
    link: {
      get isReady() {
        return connectedOnce && client?.isReady === true;
      },
      sendCommand: (args) => connected().sendCommand(args),
    },
    async connect() {
      const c = (client ??= await made());
      try {
        await c.connect();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          `Cannot reach Redis at REDIS_URL (${shown(url)}): ${reason}. Start Redis there, or unset REDIS_URL to count rate limits in memory.`,
        );
      }
      connectedOnce = true;
      opened();
      stopWatching = watchForHang(c, { onHung: () => away(new Error(`no answer in ${REDIS_COMMAND_TIMEOUT_MS} ms`)) });
    },
    async ping() {
      await connected().sendCommand(['PING']);
    },
    async close() {
      stopWatching();
      if (client) await closeRedis(client);
    },
  };
};
