import type { ChatAdmin, ChatConversation, ChatHistoryEntry } from '#contracts/chat.ts';
import { type ConversationRules, type Conversations, DEFAULT_RULES, newConversationId } from './conversations.ts';
import type { HubRedis } from './redis-client.ts';

/**
 * Conversations shared by every API instance through Redis (decision 010): a customer on one
 * instance and admins on any other see the same conversations, ids, history and holder.
 *
 * Keys (prefix `c`): `c:owner:<owner>` the id issued to that owner (decision 013); `c:room:<id>` hash {open, nextId, name, takenById, takenByName};
 * `c:history:<id>` list of JSON entries, trimmed to the limit; `c:open` sorted set of the open
 * conversations scored by when their customer was last seen (ms). Room and history expire
 * `keepMs` after their last change; an id left in `c:open` by an expired room is pruned on read.
 * Every check-and-change is one Lua script, so instances never race (two first replies, two sweeps).
 */

const OPEN = `
if redis.call('HGET', KEYS[1], 'open') == '1' then
  if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], 'name', ARGV[2]) end
  return 0
end
redis.call('HDEL', KEYS[1], 'takenById', 'takenByName', 'name')
redis.call('HSET', KEYS[1], 'open', '1')
if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], 'name', ARGV[2]) end
redis.call('DEL', KEYS[2])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`;

/*
 * Records one entry, atomically: a message whose sender's id (ARGV[3], '' for none) an entry of
 * the recent history already carries from the same side (ARGV[2]) is answered with that entry
 * (flag 1) and not appended, so a copy re-sent to another instance is counted once. ARGV[1] is
 * the entry's JSON without its id, which the room's counter gives here. A customer's message
 * also says they are there (ARGV[7] the id, ARGV[6] now).
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
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
if ARGV[2] == 'client' then redis.call('ZADD', KEYS[3], 'XX', ARGV[6], ARGV[7]) end
return {0, raw}
`;

/** The owner's id (KEYS[1]), or ARGV[1] as its new one; either way kept ARGV[2] ms from now. */
const OWNED = `
local id = redis.call('GET', KEYS[1])
if not id then id = ARGV[1] end
redis.call('SET', KEYS[1], id, 'PX', ARGV[2])
return id
`;

/** The first reply takes it: sets the holder when there is none; answers the holder, or nil when not open. */
const TAKE = `
if redis.call('HGET', KEYS[1], 'open') ~= '1' then return nil end
local id = redis.call('HGET', KEYS[1], 'takenById')
if id then return {id, redis.call('HGET', KEYS[1], 'takenByName')} end
redis.call('HSET', KEYS[1], 'takenById', ARGV[1], 'takenByName', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {ARGV[1], ARGV[2]}
`;

/** Ends one conversation (ARGV[1]: its id; ARGV[2]: room key prefix; ARGV[3]: history key prefix). */
const END_ONE = `
local function finish(id)
  redis.call('ZREM', KEYS[1], id)
  local room = ARGV[2] .. id
  if redis.call('HGET', room, 'open') ~= '1' then return 0 end
  redis.call('HSET', room, 'open', '0')
  redis.call('HDEL', room, 'takenById', 'takenByName', 'name')
  redis.call('DEL', ARGV[3] .. id)
  return 1
end
`;

const END = `${END_ONE}
return finish(ARGV[1])
`;

/** Ends every conversation whose customer was last seen at or before ARGV[1]; answers their ids. */
const END_ABANDONED = `${END_ONE}
local ended = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])) do
  if finish(id) == 1 then table.insert(ended, id) end
end
return ended
`;

/** Entries are stored with the sender's id (`cid`) for spotting repeats; readers get the contract's shape. */
const entryOf = (raw: string): ChatHistoryEntry => {
  const { id, from, text } = JSON.parse(raw) as ChatHistoryEntry;
  return { id, from, text };
};
const holderOf = (r: Record<string, string>): ChatAdmin | undefined =>
  r.takenById ? { id: r.takenById, name: r.takenByName ?? '' } : undefined;

export type RedisConversationsOptions = Partial<ConversationRules> & { prefix?: string };

export const createRedisConversations = (
  redis: HubRedis,
  { prefix = 'sf:chat:conversations', ...rules }: RedisConversationsOptions = {},
): Conversations => {
  const { historyLimit, customerGoneMs, keepMs } = { ...DEFAULT_RULES, ...rules };
  const roomKey = (id: string) => `${prefix}:room:${id}`;
  const historyKey = (id: string) => `${prefix}:history:${id}`;
  const openKey = `${prefix}:open`;
  const keep = String(keepMs);

  const end = async (id: string) =>
    (await redis.eval(END, { keys: [openKey], arguments: [id, `${prefix}:room:`, `${prefix}:history:`] })) === 1;

  return {
    async ownedBy(owner) {
      return (await redis.eval(OWNED, { keys: [`${prefix}:owner:${owner}`], arguments: [newConversationId(), keep] })) as string;
    },
    async get(id) {
      const [r, seenAt] = await Promise.all([redis.hGetAll(roomKey(id)), redis.zScore(openKey, id)]);
      if (r.open !== '1') return undefined;
      const takenBy = holderOf(r);
      return { id, seenAt: seenAt ?? 0, ...(r.name ? { name: r.name } : {}), ...(takenBy ? { takenBy } : {}) };
    },
    async open(id, { name }) {
      const opened = await redis.eval(OPEN, {
        keys: [roomKey(id), historyKey(id), openKey],
        arguments: [id, name ?? '', String(Date.now()), keep],
      });
      return opened === 1;
    },
    async record(id, from, text, clientId) {
      const [flag, raw] = (await redis.eval(RECORD, {
        keys: [roomKey(id), historyKey(id), openKey],
        arguments: [
          JSON.stringify({ from, text, ...(clientId ? { cid: clientId } : {}) }),
          from,
          clientId ?? '',
          String(historyLimit),
          keep,
          String(Date.now()),
          id,
        ],
      })) as [number, string];
      return { entry: entryOf(raw), repeat: flag === 1 };
    },
    async take(id, admin) {
      const holder = (await redis.eval(TAKE, { keys: [roomKey(id)], arguments: [admin.id, admin.name, keep] })) as [string, string] | null;
      return holder ? { id: holder[0], name: holder[1] } : undefined;
    },
    async after(id, after) {
      const all = await redis.lRange(historyKey(id), 0, -1);
      return all.map(entryOf).filter((m) => m.id > after);
    },
    async list() {
      const ids = await redis.zRange(openKey, 0, -1);
      if (ids.length === 0) return [];
      const read = redis.multi();
      for (const id of ids) read.hGetAll(roomKey(id)).lRange(historyKey(id), 0, -1);
      const answers = (await read.exec()) as unknown[];
      const conversations: ChatConversation[] = [];
      const expired: string[] = [];
      ids.forEach((id, n) => {
        const room = answers[2 * n] as Record<string, string>;
        const history = answers[2 * n + 1] as string[];
        if (room.open !== '1') return void expired.push(id);
        const takenBy = holderOf(room);
        conversations.push({
          user: id,
          ...(room.name ? { name: room.name } : {}),
          ...(takenBy ? { takenBy } : {}),
          messages: history.map(entryOf),
        });
      });
      if (expired.length > 0) await redis.zRem(openKey, expired);
      return conversations;
    },
    async seen(ids) {
      if (ids.length === 0) return;
      const now = Date.now();
      await redis.zAdd(
        openKey,
        ids.map((value) => ({ score: now, value })),
        { XX: true },
      );
    },
    end,
    async endAbandoned() {
      return (await redis.eval(END_ABANDONED, {
        keys: [openKey],
        arguments: [String(Date.now() - customerGoneMs), `${prefix}:room:`, `${prefix}:history:`],
      })) as string[];
    },
  };
};
