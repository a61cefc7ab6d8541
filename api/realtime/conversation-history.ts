import {
  type ChatTranscript,
  type ChatTranscriptMessage,
  type ChatTranscriptPage,
  sharedScreenLine,
  utcTimeOf,
} from '#contracts/chat-history.ts';
import type { Queryable } from '../db/types.ts';
import { CONVERSATION_RULES, guestLabel, historyCutoff } from './conversation-rules.ts';

/**
 * Closed conversations, kept as transcripts for CHAT_HISTORY_DAYS (decision 018): the admin's
 * search, a logged-in customer's earlier conversations, and the sweep that deletes them after.
 */

/** A row of chat_messages as the query gives it: a shared screen's line keeps its start in `text`. */
type MessageRow = { from: ChatTranscriptMessage['from']; text: string; at: string };
type TranscriptRow = {
  id: string;
  name: string | null;
  email: string | null;
  opened_at: unknown;
  closed_at: unknown;
  messages: MessageRow[] | string;
  total?: string;
};

const TRANSCRIPT_MESSAGES = `coalesce((select json_agg(json_build_object('from', m.sender, 'text', m.body, 'at', m.at) order by m.seq)
  from chat_messages m where m.conversation = c.id), '[]'::json)`;

const iso = (value: unknown) => new Date(value as string).toISOString();
const screenLine = (since: string, at: string): ChatTranscriptMessage => ({
  from: 'screen',
  text: sharedScreenLine(utcTimeOf(since), utcTimeOf(at)),
  since,
  at,
});
const transcriptOf = (r: TranscriptRow): ChatTranscript => ({
  id: String(r.id),
  name: r.name ?? guestLabel(r.id),
  ...(r.email ? { email: r.email } : {}),
  openedAt: iso(r.opened_at),
  closedAt: iso(r.closed_at),
  messages: (typeof r.messages === 'string' ? (JSON.parse(r.messages) as MessageRow[]) : r.messages).map((m): ChatTranscriptMessage =>
    m.from === 'screen' ? screenLine(iso(m.text), iso(m.at)) : { from: m.from, text: m.text, at: iso(m.at) },
  ),
});

/** `%`, `_` and `\` in what the admin typed match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Transcripts whose customer name, email or any message contains `query` (any case), newest
 * closed first, a page of `pageSize` at a time (page 1 first).
 */
export const searchHistory = async (
  db: Queryable,
  { query = '', page = 1, pageSize = CONVERSATION_RULES.historyPageSize }: { query?: string; page?: number; pageSize?: number },
): Promise<ChatTranscriptPage> => {
  const pattern = query.trim() === '' ? null : likePattern(query.trim());
  const { rows } = await db.query<TranscriptRow>(
    `select c.id, c.name, c.email, c.opened_at, c.closed_at, ${TRANSCRIPT_MESSAGES} as messages, count(*) over () as total
     from chat_conversations c
     where c.closed_at is not null and ($1::text is null or c.name ilike $1 or c.email ilike $1
       or exists (select 1 from chat_messages m where m.conversation = c.id and m.sender <> 'screen' and m.body ilike $1))
     order by c.closed_at desc, c.id desc
     limit $2 offset $3`,
    [pattern, pageSize, (page - 1) * pageSize],
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  return { page, pages: Math.max(1, Math.ceil(total / pageSize)), total, transcripts: rows.map(transcriptOf) };
};

/** A logged-in customer's closed conversations, oldest first (the latest `limit`), for their panel. */
export const earlierConversations = async (db: Queryable, userId: string, limit = 10): Promise<ChatTranscript[]> => {
  const { rows } = await db.query<TranscriptRow>(
    `select * from (
       select c.id, c.name, c.email, c.opened_at, c.closed_at, ${TRANSCRIPT_MESSAGES} as messages
       from chat_conversations c where c.user_id = $1 and c.closed_at is not null
       order by c.closed_at desc, c.id desc limit $2) t
     order by closed_at, id`,
    [userId, limit],
  );
  return rows.map(transcriptOf);
};

/**
 * Deletes transcripts closed more than `days` days ago (their messages go with them) and owner
 * ids past keeping; answers how many transcripts went. Every instance may run it: a row goes once.
 */
export const forgetPast = async (db: Queryable, { days, now = Date.now() }: { days: number; now?: number }): Promise<number> => {
  const cutoff = new Date(historyCutoff(now, days)).toISOString();
  const { rowCount } = await db.query('delete from chat_conversations where closed_at is not null and closed_at < $1', [cutoff]);
  await db.query('delete from chat_owners where used_at <= $1', [new Date(now - CONVERSATION_RULES.keepMs).toISOString()]);
  return rowCount;
};
