import { randomBytes } from 'node:crypto';
import type { ChatAdmin, ChatConversation, ChatHistoryEntry } from '#contracts/chat.ts';
import type { Db, Queryable } from '../db/types.ts';
import { CONVERSATION_RULES, guestLabel } from './conversation-rules.ts';
import { createMessageWriter, isUniqueViolation, type WrittenRow, writeOne } from './conversation-writes.ts';

/**
 * An open conversation. Its id is the one the hub issued to its owner (`ownedBy`, decision 013),
 * or the customer's socket id for a client that asks for none (spec section 3); it is the `user`
 * of 'server sends message from client to admin' and what replies and closes name.
 */
export type Conversation = {
  id: string;
  /** Who is writing: the customer's name when the hub knows it, else `Guest <number>`. */
  name: string;
  /** The admin who answered first and holds it. */
  takenBy?: ChatAdmin;
  /** When a socket of the customer was last seen (epoch ms). */
  seenAt: number;
};

/** Who the customer is, when the hub knows: kept with the conversation for the history's search. */
export type Customer = { name?: string | undefined; email?: string | undefined; userId?: string | undefined };

/** What `record` did: the entry, whether it was already there, who is writing and since when an answer is due. */
export type Recorded = { entry: ChatHistoryEntry; repeat: boolean; name?: string; waitingSince?: string };

export type ConversationRules = { historyLimit: number; customerGoneMs: number; keepMs: number };

/**
 * Customers' conversations, in the shop's database (decision 018), visible to every admin of
 * every instance. Ids of entries grow per conversation id and never restart, even after it ends
 * and opens again, so a client's "last seen id" stays meaningful. Every check-and-change is one
 * statement (a conditional UPDATE), so two instances never both win. Time is read from Date.now().
 */
export type Conversations = {
  /**
   * The conversation id of `owner` (a digest of the proof only the customer holds: their
   * session, the shop's chat cookie, a partner's signed identity), issued on first ask (128
   * random bits) and kept `keepMs` after the last. The only way a customer's socket gets an id
   * other than its own (decision 013): a client never names one. With `carried` (the owner of
   * what the same customer held before proving more, a partner's guest who is then identified),
   * an owner asking for the first time takes that conversation on, so its messages stay theirs.
   */
  ownedBy(owner: string, carried?: string): Promise<string>;
  /** The conversation if open. */
  get(id: string): Promise<Conversation | undefined>;
  /** Opens it (true) unless it is open already (false); either way what is known of the customer is kept. */
  open(id: string, customer: Customer): Promise<boolean>;
  /** What is now known of the customer of an open conversation (a guest who was identified); nothing if it is not open. */
  know(id: string, customer: Customer): Promise<void>;
  /**
   * Appends a message to the open conversation, in one statement; undefined when it is not open
   * (then nothing is written). With a `clientId` (the sender's own id for it) a repeat of a
   * message this conversation holds from the same side is not appended again: the original
   * entry comes back with `repeat: true`. With `alongside`, a new entry is written in its own
   * transaction and `alongside` runs in it after the entry: both commit, or neither (what the
   * message causes, such as its mail, is never lost to a crash between the two).
   */
  record(
    id: string,
    from: ChatHistoryEntry['from'],
    text: string,
    clientId?: string,
    alongside?: (tx: Queryable) => Promise<void>,
  ): Promise<Recorded | undefined>;
  /** The first reply takes it: who holds it after `admin` answered, or undefined if it is not open. */
  take(id: string, admin: ChatAdmin): Promise<ChatAdmin | undefined>;
  /** The open conversation's latest messages after an id (at most `historyLimit`). */
  after(id: string, after: number): Promise<ChatHistoryEntry[]>;
  /** Every open conversation with its latest messages, oldest conversation first. */
  list(): Promise<ChatConversation[]>;
  /** Sockets of these conversations' customers are connected now. */
  seen(ids: string[]): Promise<void>;
  /** Ends it (an admin closed it, its customer left for good): true if it was open. It becomes a transcript. */
  end(id: string, why?: string): Promise<boolean>;
  /** Ends every conversation whose customer has been gone for `customerGoneMs`; answers their ids. */
  endAbandoned(): Promise<string[]>;
};

export const DEFAULT_RULES: ConversationRules = { ...CONVERSATION_RULES };

/** 128 random bits, 22 characters: never a 20-character socket id. */
export const newConversationId = (): string => randomBytes(16).toString('base64url');

const at = (ms: number) => new Date(ms).toISOString();
const iso = (value: unknown): string | undefined => (value == null ? undefined : new Date(value as string).toISOString());

type Row = { id: string; key: string; name: string | null; taken_by_id: string | null; taken_by_name: string | null };
const holderOf = (r: Pick<Row, 'taken_by_id' | 'taken_by_name'>): ChatAdmin | undefined =>
  r.taken_by_id ? { id: r.taken_by_id, name: r.taken_by_name ?? '' } : undefined;
const nameOf = (r: Pick<Row, 'id' | 'name'>): string => r.name ?? guestLabel(r.id);

/** The latest `limit` messages of a conversation row, oldest first, as JSON. */
const MESSAGES = `coalesce((select json_agg(json_build_object('id', x.seq, 'from', x.sender, 'text', x.body) order by x.seq)
  from (select seq, sender, body from chat_messages m where m.conversation = c.id and m.sender <> 'screen' order by seq desc limit $1) x), '[]'::json)`;

/** The conversations of every API instance, in the shop's database. */
export const createConversations = (db: Pick<Db, 'query' | 'transaction'>, rules: Partial<ConversationRules> = {}): Conversations => {
  const { historyLimit, customerGoneMs, keepMs } = { ...DEFAULT_RULES, ...rules };

  const open = async (id: string, { name, email, userId }: Customer): Promise<boolean> => {
    const now = at(Date.now());
    try {
      const { rows } = await db.query<{ inserted: boolean }>(
        `insert into chat_conversations (key, user_id, name, email, last_seq, opened_at, seen_at)
         values ($1, $2, $3, $4, coalesce((select max(last_seq) from chat_conversations where key = $1), 0), $5, $5)
         on conflict (key) where closed_at is null do update
           set name = coalesce(excluded.name, chat_conversations.name), email = coalesce(excluded.email, chat_conversations.email)
         returning (xmax = 0) as inserted`,
        [id, userId ?? null, name ?? null, email ?? null, now],
      );
      return rows[0]?.inserted === true;
    } catch (error) {
      // Another instance opened it at the same moment (its counter read the same maximum).
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  };

  const writer = createMessageWriter(db, () => at(Date.now()));

  /** Not group-committed: the entry and what `alongside` writes share one transaction. */
  const writeWith = async (
    write: Parameters<typeof writer.write>[0],
    alongside: (tx: Queryable) => Promise<void>,
  ): Promise<WrittenRow | undefined> => {
    const attempt = () =>
      db.transaction(async (tx) => {
        const row = await writeOne(tx, write, at(Date.now()));
        if (row && !row.repeat) await alongside(tx);
        return row;
      });
    try {
      return await attempt();
    } catch (error) {
      // The same client id from another instance at the same moment: asked again, it is a repeat.
      if (!isUniqueViolation(error)) throw error;
      return attempt();
    }
  };

  const get = async (id: string): Promise<Conversation | undefined> => {
    const { rows } = await db.query<Row & { seen_at: unknown }>(
      'select id, key, name, taken_by_id, taken_by_name, seen_at from chat_conversations where key = $1 and closed_at is null',
      [id],
    );
    const r = rows[0];
    if (!r) return undefined;
    const takenBy = holderOf(r);
    return { id, name: nameOf(r), seenAt: new Date(r.seen_at as string).getTime(), ...(takenBy ? { takenBy } : {}) };
  };

  return {
    async ownedBy(owner, carried) {
      const now = Date.now();
      const { rows } = await db.query<{ conversation: string }>(
        `insert into chat_owners (owner, conversation, used_at)
         values ($1, coalesce((select conversation from chat_owners where owner = $5 and used_at > $4), $2), $3)
         on conflict (owner) do update set used_at = excluded.used_at,
           conversation = case when chat_owners.used_at <= $4 then excluded.conversation else chat_owners.conversation end
         returning conversation`,
        [owner, newConversationId(), at(now), at(now - keepMs), carried ?? null],
      );
      return rows[0]!.conversation;
    },
    get,
    open,
    async know(id, { name, email }) {
      await db.query(
        `update chat_conversations set name = coalesce($2, name), email = coalesce($3, email) where key = $1 and closed_at is null`,
        [id, name ?? null, email ?? null],
      );
    },
    async record(id, from, text, clientId, alongside) {
      const write = { key: id, from, text, clientId };
      const row = await (alongside ? writeWith(write, alongside) : writer.write(write));
      if (!row) return undefined;
      const entry = { id: Number(row.seq), from, text: row.body };
      if (row.repeat) return { entry, repeat: true };
      const waitingSince = iso(row.waiting_since);
      return { entry, repeat: false, name: nameOf({ id: row.id!, name: row.name }), ...(waitingSince ? { waitingSince } : {}) };
    },
    async take(id, admin) {
      const { rows } = await db.query<Row>(
        `update chat_conversations set taken_by_id = $2, taken_by_name = $3
         where key = $1 and closed_at is null and taken_by_id is null returning taken_by_id, taken_by_name`,
        [id, admin.id, admin.name],
      );
      if (rows[0]) return holderOf(rows[0]);
      return (await get(id))?.takenBy;
    },
    async after(id, after) {
      const { rows } = await db.query<{ seq: number; sender: ChatHistoryEntry['from']; body: string }>(
        `select seq, sender, body from (
           select m.seq, m.sender, m.body from chat_messages m join chat_conversations c on c.id = m.conversation
           where c.key = $1 and c.closed_at is null and m.seq > $2 and m.sender <> 'screen' order by m.seq desc limit $3) x
         order by seq`,
        [id, after, historyLimit],
      );
      return rows.map((r) => ({ id: Number(r.seq), from: r.sender, text: r.body }));
    },
    async list() {
      const { rows } = await db.query<Row & { waiting_since: unknown; messages: ChatHistoryEntry[] | string }>(
        `select c.id, c.key, c.name, c.taken_by_id, c.taken_by_name, c.waiting_since, ${MESSAGES} as messages
         from chat_conversations c where c.closed_at is null order by c.opened_at, c.id`,
        [historyLimit],
      );
      return rows.map((r) => {
        const takenBy = holderOf(r);
        const waitingSince = iso(r.waiting_since);
        const messages = typeof r.messages === 'string' ? (JSON.parse(r.messages) as ChatHistoryEntry[]) : r.messages;
        return {
          user: r.key,
          name: nameOf(r),
          ...(takenBy ? { takenBy } : {}),
          ...(waitingSince ? { waitingSince } : {}),
          messages,
        };
      });
    },
    async seen(ids) {
      if (ids.length === 0) return;
      await db.query('update chat_conversations set seen_at = $2 where key = any($1::text[]) and closed_at is null', [ids, at(Date.now())]);
    },
    async end(id, why = 'admin closed chat') {
      const { rowCount } = await db.query(
        'update chat_conversations set closed_at = $2, closed_why = $3 where key = $1 and closed_at is null',
        [id, at(Date.now()), why],
      );
      return rowCount > 0;
    },
    async endAbandoned() {
      const now = Date.now();
      const { rows } = await db.query<{ key: string }>(
        `update chat_conversations set closed_at = $1, closed_why = 'customer gone'
         where closed_at is null and seen_at <= $2 returning key`,
        [at(now), at(now - customerGoneMs)],
      );
      return rows.map((r) => r.key);
    },
  };
};
