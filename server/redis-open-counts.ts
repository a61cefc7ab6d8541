import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { OpenCap } from './open-counts.ts';

/**
 * What the counter needs of a Redis connection: the API's hub client and the BFF's limiter
 * client both fit. `isReady` false means "count on this instance meanwhile".
 */
export type RedisLink = { readonly isReady: boolean; sendCommand(args: string[]): Promise<unknown> };

export type Taken = { full: OpenCap } | { release: () => void };

export type SharedOpenCounts = {
  /** Counts one holder in on every key when each has room (across every instance), else names the first full one. */
  take(caps: OpenCap[]): Promise<Taken>;
  /** Stops the heartbeat and forgets this instance's holders at once (a graceful stop). */
  close(): Promise<void>;
  /** Stops the heartbeat only, as a crash would: the other instances forget this one's holders after the TTL. */
  abandon(): void;
};

export type SharedOpenCountsOptions = {
  /** Keys: `<prefix>:open:<key>` hash instance → holders; `<prefix>:instance:<id>` the heartbeat. */
  prefix: string;
  logger: Logger;
  /** How long a silent (crashed) instance's holders still count. */
  ttlMs?: number;
  /** How long an untouched key's hash lives (a safety net: every write renews it). */
  keyTtlMs?: number;
};

/**
 * Sums every live instance's holders of each key, dropping the entries of instances whose
 * heartbeat is gone; when all fit, writes this instance's new totals. Returns 0, or the
 * 1-based index of the first full key. ARGV: heartbeat prefix, own id, key TTL, then per key
 * its max and this instance's total with the new holder.
 */
const TAKE = `
for i, key in ipairs(KEYS) do
  local max = tonumber(ARGV[2 + 2 * i])
  local total = tonumber(ARGV[3 + 2 * i])
  local entries = redis.call('HGETALL', key)
  for n = 1, #entries, 2 do
    local instance = entries[n]
    if instance ~= ARGV[2] then
      if redis.call('EXISTS', ARGV[1] .. instance) == 0 then
        redis.call('HDEL', key, instance)
      else
        total = total + tonumber(entries[n + 1])
      end
    end
  end
  if total > max then return i end
end
for i, key in ipairs(KEYS) do
  redis.call('HSET', key, ARGV[2], ARGV[3 + 2 * i])
  redis.call('PEXPIRE', key, ARGV[3])
end
return 0
`;

/** This instance's total for one key, written as a whole (so a lost write is mended by the next one). */
const WRITE = `
if tonumber(ARGV[2]) > 0 then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
else
  redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
`;

/**
 * Concurrent holders per key (open chat sockets per address and per session) counted across
 * every instance sharing one Redis. Each instance keeps its own totals here and writes them
 * to Redis as whole numbers (never increments), under its own id, beside a heartbeat key
 * with a TTL: a crashed instance's sockets stop counting when its heartbeat expires, and a
 * write that failed (Redis away) is mended by the heartbeat's next round. While Redis is
 * unreachable the instance counts alone against the same caps, rather than refusing everyone
 * or letting a flood through.
 */
export const sharedOpenCounts = (
  redis: RedisLink,
  { prefix, logger, ttlMs = 15_000, keyTtlMs = 24 * 60 * 60_000 }: SharedOpenCountsOptions,
): SharedOpenCounts => {
  const id = randomUUID();
  const heartbeats = `${prefix}:instance:`;
  const own = heartbeats + id;
  const keyOf = (key: string) => `${prefix}:open:${key}`;
  const mine = new Map<string, number>();
  /** Keys whose total in Redis may differ from `mine`: written again by the next heartbeat. */
  const dirty = new Set<string>();
  const add = (key: string, n: number) => {
    const next = (mine.get(key) ?? 0) + n;
    if (next > 0) mine.set(key, next);
    else mine.delete(key);
  };
  const write = (key: string) => redis.sendCommand(['EVAL', WRITE, '1', keyOf(key), id, String(mine.get(key) ?? 0), String(keyTtlMs)]);
  const writeOrMark = async (key: string) => {
    if (!redis.isReady) return void dirty.add(key);
    try {
      await write(key);
    } catch (err) {
      dirty.add(key);
      logger.warn({ err }, 'open chat socket count not written to redis; the heartbeat writes it again');
    }
  };

  /** Whether our heartbeat has been written once: entries of an instance without one do not count. */
  let alive = false;
  let stopped = false;
  const beat = async () => {
    if (!redis.isReady) return;
    try {
      const previous = await redis.sendCommand(['SET', own, String(Date.now()), 'PX', String(ttlMs), 'GET']);
      // Our heartbeat lapsed (Redis restarted, or we were too slow): others may have dropped our entries.
      if (previous === null && alive) for (const key of mine.keys()) dirty.add(key);
      alive = true;
      for (const key of [...dirty]) {
        dirty.delete(key);
        await writeOrMark(key);
      }
    } catch (err) {
      logger.warn({ err }, 'open chat socket heartbeat failed');
    }
  };
  let beating = beat();
  const timer = setInterval(
    () => {
      if (!stopped) beating = beat();
    },
    Math.max(50, Math.floor(ttlMs / 3)),
  );
  timer.unref();

  const releaser = (keys: string[]) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const key of keys) {
        add(key, -1);
        if (!stopped) void writeOrMark(key);
      }
    };
  };
  /** This instance alone: what it holds against the caps. */
  const takeLocally = (caps: OpenCap[], reserved: boolean): Taken => {
    const full = caps.find(({ key, max }) => (mine.get(key) ?? 0) - (reserved ? 1 : 0) >= max);
    if (full) {
      if (reserved) for (const { key } of caps) add(key, -1);
      return { full };
    }
    if (!reserved) for (const { key } of caps) add(key, 1);
    for (const { key } of caps) dirty.add(key);
    return { release: releaser(caps.map((c) => c.key)) };
  };

  return {
    async take(caps) {
      if (!redis.isReady) return takeLocally(caps, false);
      await beating;
      if (!alive) await (beating = beat());
      // Reserved before the call, so two takes of this instance in flight send different totals.
      for (const { key } of caps) add(key, 1);
      const args = caps.flatMap(({ key, max }) => [String(max), String(mine.get(key) ?? 0)]);
      let answer: unknown;
      try {
        answer = await redis.sendCommand([
          'EVAL',
          TAKE,
          String(caps.length),
          ...caps.map((c) => keyOf(c.key)),
          heartbeats,
          id,
          String(keyTtlMs),
          ...args,
        ]);
      } catch (err) {
        logger.warn({ err }, 'open chat socket count failed in redis; counting on this instance meanwhile');
        return takeLocally(caps, true);
      }
      const fullAt = Number(answer);
      if (fullAt > 0) {
        for (const { key } of caps) {
          add(key, -1);
          // A take of ours sent meanwhile may have written the reserved total: mend it.
          dirty.add(key);
        }
        return { full: caps[fullAt - 1]! };
      }
      return { release: releaser(caps.map((c) => c.key)) };
    },
    async close() {
      stopped = true;
      clearInterval(timer);
      const keys = [...mine.keys()];
      mine.clear();
      dirty.clear();
      if (!redis.isReady) return;
      try {
        await redis.sendCommand(['DEL', own]);
        for (const key of keys) await redis.sendCommand(['HDEL', keyOf(key), id]);
      } catch (err) {
        logger.warn({ err }, "could not remove this instance's open chat sockets from redis; they expire with its heartbeat");
      }
    },
    abandon() {
      stopped = true;
      clearInterval(timer);
    },
  };
};
