import { CHAT_OPEN_HASH } from '#contracts/chat-link.ts';
import type { ApiContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { composeMail, type Mail } from './compose.ts';
import { linkOrigin } from './order-mail.ts';

/** The outbox's kind for an admin's reply to a customer who had left; its ref is the conversation's row id. */
export const CHAT_REPLY_KIND = 'chat-reply';

/**
 * Queues the reply mail of the open conversation `key` (the id on the wire), in one statement:
 * only for a logged-in customer's conversation (never a guest's, whom the shop has no address
 * for), and only when none was queued for it in the last hour; the same statement notes this
 * one, so two instances replying at once queue one. True when a mail was queued.
 */
export const queueChatReplyMail = async (q: Queryable, key: string): Promise<boolean> => {
  const { rows } = await q.query<{ id: string }>(
    `with c as (
       update chat_conversations set reply_mailed_at = now()
        where key = $1 and closed_at is null and user_id is not null
          and (reply_mailed_at is null or reply_mailed_at <= now() - interval '1 hour')
       returning id)
     insert into mail_outbox (kind, ref) select $2, id::text from c returning id::text as id`,
    [key, CHAT_REPLY_KIND],
  );
  return rows.length > 0;
};

type ReplyRow = { email: string; name: string; question: string | null; replies: string[] | null };

/**
 * The mail as it is when sent: the customer's last message and every reply after it (so replies
 * written meanwhile go in the same mail), to the account's address now. Null when there is
 * nothing to tell: the account is gone, or the customer wrote again after the replies.
 */
export const renderChatReplyMail = async (ctx: ApiContext, conversationId: string): Promise<Mail | null> => {
  const { rows } = await ctx.db.query<ReplyRow>(
    `with last as (select coalesce(max(seq), 0) as seq from chat_messages where conversation = $1::bigint and sender = 'client')
     select u.email, u.name,
            (select body from chat_messages m, last where m.conversation = c.id and m.sender = 'client' and m.seq = last.seq) as question,
            (select json_agg(m.body order by m.seq) from chat_messages m, last
              where m.conversation = c.id and m.sender = 'admin' and m.seq > last.seq) as replies
       from chat_conversations c join users u on u.id = c.user_id
      where c.id = $1::bigint`,
    [conversationId],
  );
  const row = rows[0];
  if (!row?.replies?.length) return null;
  return composeMail(ctx.config.SHOP_NAME, {
    to: row.email,
    subject: 'Support has answered you',
    greeting: `Hello ${row.name},`,
    paragraphs: [
      'You had left the chat when our support answered you.',
      ...(row.question ? [`You wrote: ${row.question}`] : []),
      ...row.replies.map((reply) => `Support wrote: ${reply}`),
    ],
    link: { label: 'Continue the conversation', url: `${linkOrigin(ctx)}/${CHAT_OPEN_HASH}` },
  });
};
