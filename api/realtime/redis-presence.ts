import type { Logger } from 'pino';
import type { AdminPresence } from './presence.ts';
import type { HubRedis } from './redis-client.ts';

/**
 * Admin presence shared by every API instance through Redis. Each admin entry names the
 * instance holding its socket; each instance keeps a heartbeat key alive with a TTL. When an
 * instance dies without a goodbye its heartbeat expires, and its admins stop counting: `has`
 * says no at once and `claim` removes them. Lua keeps the pick-and-count atomic, so two
 * instances never race on the least busy admin.
 *
 * Keys (prefix `p`): `p:admins` hash socketId → {"u": userId, "i": instanceId}; `p:load` hash
 * socketId → open conversations; `p:offline` set of sockets inside their recovery window;
 * `p:instance:<id>` the heartbeat.
 */

const CLAIM = `
local admins = redis.call('HGETALL', KEYS[1])
local best = {}
for n = 1, #admins, 2 do
  local sid = admins[n]
  local e = cjson.decode(admins[n + 1])
  if redis.call('EXISTS', ARGV[2] .. e.i) == 0 then
    redis.call('HDEL', KEYS[1], sid)
    redis.call('HDEL', KEYS[2], sid)
    redis.call('SREM', KEYS[3], sid)
  else
    local load = tonumber(redis.call('HGET', KEYS[2], sid) or '0')
    -- Inside its recovery window an admin takes no new conversation.
    if redis.call('SISMEMBER', KEYS[3], sid) == 0 then
      local tier = 2
      if e.u == ARGV[1] then tier = 1 end
      for t = tier, 2 do
        if not best[t] or load < best[t].load then best[t] = { sid = sid, u = e.u, load = load } end
      end
    end
  end
end
local pick = best[1] or best[2]
if not pick then return nil end
redis.call('HINCRBY', KEYS[2], pick.sid, 1)
return { pick.sid, pick.u }
`;

const RELEASE = `
local n = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if n > 0 then redis.call('HINCRBY', KEYS[1], ARGV[1], -1) end
return n
`;

const FORGET_INSTANCE = `
local admins = redis.call('HGETALL', KEYS[1])
for n = 1, #admins, 2 do
  if cjson.decode(admins[n + 1]).i == ARGV[1] then
    redis.call('HDEL', KEYS[1], admins[n])
    redis.call('HDEL', KEYS[2], admins[n])
    redis.call('SREM', KEYS[3], admins[n])
  end
end
redis.call('DEL', KEYS[4])
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
  load: `${prefix}:load`,
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
        for (const [socketId, userId] of local) again.hSet(keys.admins, socketId, entry(userId)).hSetNX(keys.load, socketId, '0');
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
      await redis.multi().hSet(keys.admins, socketId, entry(userId)).hSetNX(keys.load, socketId, '0').sRem(keys.offline, socketId).exec();
    },
    async remove(socketId) {
      local.delete(socketId);
      await redis.multi().hDel(keys.admins, socketId).hDel(keys.load, socketId).sRem(keys.offline, socketId).exec();
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
    async claim(preferUserId) {
      const picked = (await redis.eval(CLAIM, {
        keys: [keys.admins, keys.load, keys.offline],
        arguments: [preferUserId ?? '', keys.instance],
      })) as [string, string] | null;
      return picked ? { socketId: picked[0], userId: picked[1] } : undefined;
    },
    async release(socketId) {
      await redis.eval(RELEASE, { keys: [keys.load], arguments: [socketId] });
    },
    async close() {
      clearInterval(timer);
      local.clear();
      await redis.eval(FORGET_INSTANCE, {
        keys: [keys.admins, keys.load, keys.offline, own],
        arguments: [instanceId],
      });
    },
    abandon() {
      clearInterval(timer);
    },
  };
};
