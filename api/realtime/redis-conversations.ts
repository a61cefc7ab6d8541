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
    async record(roomId, from, text) {
      const id = await redis.hIncrBy(roomKey(roomId), 'nextId', 1);
      const entry: ChatHistoryEntry = { id, from, text };
      await redis
        .multi()
        .rPush(historyKey(roomId), JSON.stringify(entry))
        .lTrim(historyKey(roomId), -historyLimit, -1)
        .expire(historyKey(roomId), ttlSec)
        .expire(roomKey(roomId), ttlSec)
        .exec();
      return entry;
    },
    async after(roomId, id) {
      const all = await redis.lRange(historyKey(roomId), 0, -1);
      return all.map((raw) => JSON.parse(raw) as ChatHistoryEntry).filter((m) => m.id > id);
    },
    async close(roomId) {
      await redis.multi().hSet(roomKey(roomId), 'open', '0').hDel(roomKey(roomId), ['adminSocketId', 'adminUserId']).del(historyKey(roomId)).exec();
    },
    async drop(roomId) {
      return (await redis.del([roomKey(roomId), historyKey(roomId)])) > 0;
    },
    async unassignAdmin(socketId) {
      await redis.eval(UNASSIGN, { keys: [adminKey(socketId)], arguments: [socketId, `${prefix}:room:`] });
    },
  };
};
