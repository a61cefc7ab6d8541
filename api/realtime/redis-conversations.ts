import type { ChatHistoryEntry } from '../../contracts/chat.ts';
import type { Conversations } from './conversations.ts';
import type { HubRedis } from './redis-client.ts';

/**
 * Conversations shared by every API instance through Redis, so that a customer on one
 * instance and their admin on another see the same assignment, ids and history.
 *
 * Keys (prefix `c`): `c:room:<roomId>` hash {open, adminSocketId, adminUserId, nextId};
 * `c:history:<roomId>` list of JSON entries, trimmed to the limit; `c:admin:<socketId>` set of
 * the rooms assigned to an admin socket (possibly stale: checked against the room on use).
 * Rooms expire `ttlSec` after their last change, so an instance stopped while its customers were
 * inside their recovery window leaves nothing behind for long.
 */

const UNASSIGN = `
for _, room in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local key = ARGV[2] .. room
  if redis.call('HGET', key, 'adminSocketId') == ARGV[1] then redis.call('HDEL', key, 'adminSocketId') end
end
redis.call('DEL', KEYS[1])
return 0
`;

/*
 * Records one entry, atomically: a message whose sender's id (ARGV[3], '' for none) an entry of
 * the room's recent history already carries from the same side (ARGV[2]) is answered with that
 * entry (flag 1) and not appended, so a copy re-sent to another instance is counted once.
 * ARGV[1] is the entry's JSON without its id, which the room's counter gives here.
 */
const RECORD = `
if ARGV[3] ~= '' then
  for _, raw in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do
    local e = cjson.decode(raw)
    if e.cid == ARGV[3] and e.from == ARGV[2] then return {1, raw} end
  end
end
local id = redis.call('HINCRBY', KEYS[1], 'nextId', 1)
local raw = '{"id":' .. id .. ',' .. string.sub(ARGV[1], 2)
redis.call('RPUSH', KEYS[2], raw)
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[4]), -1)
redis.call('EXPIRE', KEYS[2], ARGV[5])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return {0, raw}
`;

/** Entries are stored with the sender's id (`cid`) for spotting repeats; readers get the contract's shape. */
const entryOf = (raw: string): ChatHistoryEntry => {
  const { id, from, text } = JSON.parse(raw) as ChatHistoryEntry;
  return { id, from, text };
};

export type RedisConversationsOptions = { historyLimit: number; ttlSec?: number; prefix?: string };

export const createRedisConversations = (
  redis: HubRedis,
  { historyLimit, ttlSec = 24 * 3600, prefix = 'sf:chat:conversations' }: RedisConversationsOptions,
): Conversations => {
  const roomKey = (roomId: string) => `${prefix}:room:${roomId}`;
  const historyKey = (roomId: string) => `${prefix}:history:${roomId}`;
  const adminKey = (socketId: string) => `${prefix}:admin:${socketId}`;

  return {
    async get(roomId) {
      const r = await redis.hGetAll(roomKey(roomId));
      if (r.open !== '1') return undefined;
      return { roomId, adminSocketId: r.adminSocketId || undefined, adminUserId: r.adminUserId || undefined };
    },
    async assign(roomId, admin) {
      await redis
        .multi()
        .hSet(roomKey(roomId), { open: '1', adminSocketId: admin.socketId, adminUserId: admin.userId })
        .expire(roomKey(roomId), ttlSec)
        .sAdd(adminKey(admin.socketId), roomId)
        .expire(adminKey(admin.socketId), ttlSec)
        .exec();
    },
    async record(roomId, from, text, clientId) {
      const [flag, raw] = (await redis.eval(RECORD, {
        keys: [roomKey(roomId), historyKey(roomId)],
        arguments: [
          JSON.stringify({ from, text, ...(clientId ? { cid: clientId } : {}) }),
          from,
          clientId ?? '',
          String(historyLimit),
          String(ttlSec),
        ],
      })) as [number, string];
      return { entry: entryOf(raw), repeat: flag === 1 };
    },
    async after(roomId, id) {
      const all = await redis.lRange(historyKey(roomId), 0, -1);
      return all.map(entryOf).filter((m) => m.id > id);
    },
    async close(roomId) {
      await redis
        .multi()
        .hSet(roomKey(roomId), 'open', '0')
        .hDel(roomKey(roomId), ['adminSocketId', 'adminUserId'])
        .del(historyKey(roomId))
        .exec();
    },
    async drop(roomId) {
      return (await redis.del([roomKey(roomId), historyKey(roomId)])) > 0;
    },
    async unassignAdmin(socketId) {
      await redis.eval(UNASSIGN, { keys: [adminKey(socketId)], arguments: [socketId, `${prefix}:room:`] });
    },
  };
};
