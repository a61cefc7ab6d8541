import type { ChatHistoryEntry } from '#contracts/chat.ts';
import type { Queryable } from '../db/types.ts';

/** One message to record in its open conversation (`key`: the conversation id on the wire). */
export type MessageWrite = { key: string; from: ChatHistoryEntry['from']; text: string; clientId?: string | undefined };
/** What the database answered: the entry's number, and for a new one who is writing and since when an answer is due. */
export type WrittenRow = { seq: number; body: string; repeat: boolean; id: string | null; name: string | null; waiting_since: unknown };

/*
 * One message, one statement: the open conversation's counter moves on (its row lock orders
 * writers on PostgreSQL) and the message is inserted with that number; a customer's message also
 * says they are there and, if none was waiting yet, since when an answer is due. A message whose
 * client id this conversation already holds from the same side is answered with the original.
 */
const RECORD = `
with c as (select id from chat_conversations where key = $1 and closed_at is null),
prev as (
  select m.seq, m.body from chat_messages m join c on m.conversation = c.id
  where $4::text is not null and m.client_id = $4 and m.sender = $2
),
up as (
  update chat_conversations k set
    last_seq = k.last_seq + 1,
    seen_at = case when $2 = 'client' then $5::timestamptz else k.seen_at end,
    waiting_since = case when $2 = 'client' then coalesce(k.waiting_since, $5::timestamptz) end
  from c where k.id = c.id and not exists (select 1 from prev)
  returning k.id, k.last_seq, k.name, k.waiting_since
),
ins as (
  insert into chat_messages (conversation, seq, sender, body, client_id, at)
  select id, last_seq, $2, $3, $4, $5::timestamptz from up
)
select up.id, up.last_seq as seq, $3 as body, false as repeat, up.name, up.waiting_since from up
union all
select c.id, prev.seq, prev.body, true, null, null from prev, c`;

/** The same for several messages of different conversations at once (arrays $1–$4, one time $5). */
const RECORD_MANY = `
with i as (select * from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as i(key, sender, body, cid)),
c as (select k.id, i.key, i.sender, i.body, i.cid from i join chat_conversations k on k.key = i.key and k.closed_at is null),
prev as (
  select c.key, m.seq, m.body from c join chat_messages m
    on m.conversation = c.id and c.cid is not null and m.client_id = c.cid and m.sender = c.sender
),
up as (
  update chat_conversations k set
    last_seq = k.last_seq + 1,
    seen_at = case when c.sender = 'client' then $5::timestamptz else k.seen_at end,
    waiting_since = case when c.sender = 'client' then coalesce(k.waiting_since, $5::timestamptz) end
  from c where k.id = c.id and not exists (select 1 from prev where prev.key = c.key)
  returning k.id, k.key, k.last_seq, k.name, k.waiting_since
),
ins as (
  insert into chat_messages (conversation, seq, sender, body, client_id, at)
  select up.id, up.last_seq, c.sender, c.body, c.cid, $5::timestamptz from up join c on c.id = up.id
)
select up.key, up.id, up.last_seq as seq, c.body, false as repeat, up.name, up.waiting_since from up join c on c.id = up.id
union all
select prev.key, null, prev.seq, prev.body, true, null, null from prev`;

/** At most this many messages share a statement. */
const MAX_BATCH = 200;

export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** One message in one statement, on `q` (the pool, or a transaction's connection). */
export const writeOne = async (q: Queryable, { key, from, text, clientId }: MessageWrite, at: string): Promise<WrittenRow | undefined> =>
  (await q.query<WrittenRow>(RECORD, [key, from, text, clientId ?? null, at])).rows[0];

type Pending = { write: MessageWrite; resolve: (row: WrittenRow | undefined) => void; reject: (error: unknown) => void };

/**
 * Records messages with group commit: while a statement runs, the messages that arrive wait and
 * then go together in one statement (one per conversation per statement; a second one of the same
 * conversation waits for the next, so its number comes after). Under light load each message is
 * its own statement at once; under heavy load one round trip to the database and one commit carry
 * many, so the queue does not grow without bound. Each answer comes once its statement committed.
 */
export const createMessageWriter = (db: Queryable, now: () => string) => {
  let queue: Pending[] = [];
  let busy = false;

  const one = async (write: MessageWrite): Promise<WrittenRow | undefined> => {
    const run = () => writeOne(db, write, now());
    try {
      return await run();
    } catch (error) {
      // The same client id from another instance at the same moment: asked again, it is a repeat.
      if (!isUniqueViolation(error)) throw error;
      return run();
    }
  };

  const many = async (batch: Pending[]) => {
    const column = <T>(pick: (w: MessageWrite) => T) => batch.map((p) => pick(p.write));
    const { rows } = await db.query<WrittenRow & { key: string }>(RECORD_MANY, [
      column((w) => w.key),
      column((w) => w.from),
      column((w) => w.text),
      column((w) => w.clientId ?? null),
      now(),
    ]);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const p of batch) p.resolve(byKey.get(p.write.key));
  };

  const settle = async (p: Pending) => {
    try {
      p.resolve(await one(p.write));
    } catch (error) {
      p.reject(error);
    }
  };

  const pump = async () => {
    if (busy) return;
    busy = true;
    try {
      while (queue.length > 0) {
        const batch: Pending[] = [];
        const later: Pending[] = [];
        const keys = new Set<string>();
        for (const p of queue) {
          if (keys.has(p.write.key) || batch.length >= MAX_BATCH) later.push(p);
          else {
            keys.add(p.write.key);
            batch.push(p);
          }
        }
        queue = later;
        if (batch.length === 1) await settle(batch[0]!);
        else {
          // A statement that fails (a client id raced in from another instance) is done one by one.
          await many(batch).catch(async () => {
            for (const p of batch) await settle(p);
          });
        }
      }
    } finally {
      busy = false;
    }
  };

  return {
    write: (write: MessageWrite): Promise<WrittenRow | undefined> =>
      new Promise((resolve, reject) => {
        queue.push({ write, resolve, reject });
        void pump();
      }),
  };
};
