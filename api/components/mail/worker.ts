import { inSpan } from '#server/tracing.ts';
import type { ApiContext } from '../../context.ts';
import { startPeriodic, type Periodic } from '../../periodic.ts';
import { CHAT_REPLY_KIND, renderChatReplyMail } from './chat-reply-mail.ts';
import type { Mail } from './compose.ts';
import { claimDue, markFailed, markSent, type OutboxRow } from './outbox.ts';
import { renderOrderMail } from './order-mail.ts';
import { createMailTransport, type MailTransport } from './transport.ts';

/** How long a claimed mail is its sender's: longer than one SMTP conversation can take. */
const LEASE_SECONDS = 300;
const BATCH = 20;

/** The pause after the n-th failed attempt: 30 s doubling, at most an hour. */
export const retryDelaySeconds = (attempts: number): number => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

const hoursSince = (at: Date | string) => (Date.now() - new Date(at).getTime()) / 3_600_000;

/** The mail a row stands for; null when there is nothing to send any more (the order, the buyer or the replies are gone). */
const mailOf = async (ctx: ApiContext, row: OutboxRow): Promise<Mail | null> => {
  if (row.text !== null && row.recipient && row.subject)
    return { to: row.recipient, subject: row.subject, text: row.text, html: row.html ?? '' };
  if (!row.ref) return null;
  return row.kind === CHAT_REPLY_KIND ? renderChatReplyMail(ctx, row.ref) : renderOrderMail(ctx, row.kind, row.ref);
};

export type MailWorker = Periodic;

/**
 * Sends the outbox: every API instance runs one; the claim makes one instance send each mail.
 * A failing server delays mail only: a failed send is retried with growing pauses, and after
 * MAIL_RETRY_HOURS given up and logged. stop waits for a round under way.
 */
export const startMailWorker = (ctx: ApiContext, intervalMs = 1_000, transport?: MailTransport): MailWorker => {
  const mailer = transport ?? createMailTransport(ctx.config, ctx.logger);
  const sendOne = async (row: OutboxRow) => {
    try {
      // A trace of its own when tracing: the mail's statements and its SMTP conversation (never its address).
      await inSpan('mail send', { 'mail.kind': row.kind, 'mail.attempt': row.attempts }, async () => {
        const mail = await mailOf(ctx, row);
        if (mail) await mailer.send(mail);
        await markSent(ctx.db, row.id);
      });
    } catch (error) {
      const giveUp = hoursSince(row.createdAt) >= ctx.config.MAIL_RETRY_HOURS;
      await markFailed(ctx.db, row.id, String((error as Error).message ?? error), retryDelaySeconds(row.attempts), giveUp);
      if (giveUp) ctx.logger.error({ err: error, mailId: row.id, kind: row.kind }, `mail given up after ${row.attempts} attempts`);
      else ctx.logger.warn({ err: error, mailId: row.id, kind: row.kind }, 'mail not sent: it is tried again later');
    }
  };
  const round = async () => {
    for (let rows = await claimDue(ctx.db, BATCH, LEASE_SECONDS); rows.length > 0; rows = await claimDue(ctx.db, BATCH, LEASE_SECONDS)) {
      for (const row of rows) await sendOne(row);
    }
  };
  const periodic = startPeriodic(intervalMs, round, (error) => ctx.logger.error({ err: error }, 'mail round failed'));
  return {
    nudge: periodic.nudge,
    async stop() {
      await periodic.stop();
      mailer.close();
    },
  };
};
