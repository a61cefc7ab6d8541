import type { Logger } from 'pino';
import type { AdminPresence } from './presence.ts';
import type { HubRedis } from './redis-client.ts';

/**
 * Admin presence shared by every API instance through Redis. Each admin entry names the
 * instance holding its socket; each instance keeps a heartbeat key alive with a TTL. When an
 * instance dies without a goodbye its heartbeat expires, and its admins stop counting: `has`
 * says no at once and `online` removes them.
 *
 * Keys (prefix `p`): `p:admins` hash socketId → {"u": userId, "i": instanceId}; `p:offline` set
 * of sockets inside their recovery window; `p:instance:<id>` the heartbeat.
 */

/** Whether any admin of a live instance is connected (not inside its recovery window); prunes dead instances' entries. */
const ONLINE = `
local admins = redis.call('HGETALL', KEYS[1])
local found = 0
for n = 1, #admins, 2 do
  local sid = admins[n]
  local e = cjson.decode(admins[n + 1])
  if redis.call('EXISTS', ARGV[1] .. e.i) == 0 then
    redis.call('HDEL', KEYS[1], sid)
    redis.call('SREM', KEYS[2], sid)
  elseif redis.call('SISMEMBER', KEYS[2], sid) == 0 then
    found = 1
  end
end
return found
`;

const FORGET_INSTANCE = `
local admins = redis.call('HGETALL', KEYS[1])
for n = 1, #admins, 2 do
  if cjson.decode(admins[n + 1]).i == ARGV[1] then
    redis.call('HDEL', KEYS[1], admins[n])
    redis.call('SREM', KEYS[2], admins[n])
  end
end
redis.call('DEL', KEYS[3])
return 0
`;

export type RedisPresence = AdminPresence & {
  /** Stops the heartbeat and forgets this instance's admins (a graceful shutdown). */
  close(): Promise<void>;
  /** Stops the heartbeat only, as a crash would: the entries expire with the TTL. */
  abandon(): void;
};

export type RedisPresenceOptions = {
  instanceId: string;
  ttlMs: number;
  prefix?: string;
  logger: Logger;
};

/** The keys of presence under `prefix`, as described above. */
export const presenceKeys = (prefix = 'sf:chat:presence') => ({
  admins: `${prefix}:admins`,
  offline: `${prefix}:offline`,
  instance: `${prefix}:instance:`,
});

export const createRedisPresence = (redis: HubRedis, { instanceId, ttlMs, prefix, logger }: RedisPresenceOptions): RedisPresence => {
  const keys = presenceKeys(prefix);
  const own = keys.instance + instanceId;
  const entry = (userId: string) => JSON.stringify({ u: userId, i: instanceId });
  /** This instance's connected admins, to write again if Redis lost them (restarted, or our heartbeat lapsed and was pruned). */
  const local = new Map<string, string>();
  let first = true;
  const beat = async () => {
    try {
      const previous = await redis.set(own, String(Date.now()), {
        PX: ttlMs,
        GET: true,
      });
      if (previous === null && !first && local.size > 0) {
        const again = redis.multi();
        for (const [socketId, userId] of local) again.hSet(keys.admins, socketId, entry(userId));
        await again.exec();
        logger.warn({ admins: local.size }, "chat presence heartbeat had lapsed; this instance's admins were written again");
      }
      first = false;
    } catch (err) {
      logger.error({ err }, 'chat presence heartbeat failed');
    }
  };
  // An admin is added only once this instance's heartbeat exists, or it would not count.
  let beating = beat();
  const timer = setInterval(() => (beating = beat()), Math.max(50, Math.floor(ttlMs / 3)));
  timer.unref();

  const instanceOf = async (socketId: string): Promise<string | undefined> => {
    const raw = await redis.hGet(keys.admins, socketId);
    return raw ? (JSON.parse(raw) as { i: string }).i : undefined;
  };

  return {
    async add(socketId, userId) {
      await beating;
      local.set(socketId, userId);
      await redis.multi().hSet(keys.admins, socketId, entry(userId)).sRem(keys.offline, socketId).exec();
    },
    async remove(socketId) {
      local.delete(socketId);
      await redis.multi().hDel(keys.admins, socketId).sRem(keys.offline, socketId).exec();
    },
    async has(socketId) {
      const instance = await instanceOf(socketId);
      return instance !== undefined && (await redis.exists(keys.instance + instance)) === 1;
    },
    async setConnected(socketId, connected) {
      if (connected) await redis.sRem(keys.offline, socketId);
      else {
        // It may come back on another instance, which then owns the entry: not ours to rewrite.
        local.delete(socketId);
        if (await instanceOf(socketId)) await redis.sAdd(keys.offline, socketId);
      }
    },
    async online() {
      return (await redis.eval(ONLINE, { keys: [keys.admins, keys.offline], arguments: [keys.instance] })) === 1;
    },
    async close() {
      clearInterval(timer);
      local.clear();
      await redis.eval(FORGET_INSTANCE, {
        keys: [keys.admins, keys.offline, own],
        arguments: [instanceId],
      });
    },
    abandon() {
      clearInterval(timer);
    },
  };
};
