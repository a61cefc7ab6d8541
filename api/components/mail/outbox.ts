import type { Queryable } from '../../db/index.ts';
import type { Mail } from './compose.ts';

/** A due mail as the worker claimed it: rendered already (`text` set) or to render from kind and ref. */
export type OutboxRow = {
  id: string;
  kind: string;
  ref: string | null;
  recipient: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  attempts: number;
  createdAt: Date | string;
};

/** Queues a rendered mail in the caller's transaction; a second one with the same key is dropped. */
export const queueMail = async (q: Queryable, kind: string, mail: Mail, dedupeKey: string | null = null): Promise<void> => {
  await q.query(
    `insert into mail_outbox (kind, dedupe_key, recipient, subject, text_body, html_body) values ($1, $2, $3, $4, $5, $6)
     on conflict (dedupe_key) do nothing`,
    [kind, dedupeKey, mail.to, mail.subject, mail.text, mail.html],
  );
};

/** Queues one mail of `kind` about each of `refs`, rendered when sent, once per kind and ref. */
export const queueMailAbout = async (q: Queryable, kind: string, refs: string[]): Promise<void> => {
  if (refs.length === 0) return;
  await q.query(
    `insert into mail_outbox (kind, ref, dedupe_key) select $1, r, $1 || ':' || r from unnest($2::text[]) r
     on conflict (dedupe_key) do nothing`,
    [kind, refs],
  );
};

/**
 * Claims up to `limit` due mails: rows another instance is claiming are skipped, and a claimed
 * row's next attempt moves `leaseSeconds` ahead, so no other instance takes it while it is sent
 * (and one whose sender died is sent again after that).
 */
export const claimDue = async (q: Queryable, limit: number, leaseSeconds: number): Promise<OutboxRow[]> => {
  const { rows } = await q.query<OutboxRow>(
    `update mail_outbox m set next_attempt_at = now() + make_interval(secs => $2), attempts = attempts + 1
      where m.id in (select id from mail_outbox where sent_at is null and given_up_at is null and next_attempt_at <= now()
                      order by next_attempt_at, id limit $1 for update skip locked)
     returning m.id::text as id, kind, ref, recipient, subject, text_body as text, html_body as html, attempts, created_at as "createdAt"`,
    [limit, leaseSeconds],
  );
  return rows;
};

/** Sent (or nothing to send): the bodies are dropped, the row stays as the record that it went. */
export const markSent = async (q: Queryable, id: string): Promise<void> => {
  await q.query('update mail_outbox set sent_at = now(), text_body = null, html_body = null where id = $1', [id]);
};

/** A failed attempt: retried after `delaySeconds`, or given up (bodies dropped) when `giveUp`. */
export const markFailed = async (q: Queryable, id: string, error: string, delaySeconds: number, giveUp: boolean): Promise<void> => {
  await q.query(
    `update mail_outbox set last_error = $2, next_attempt_at = now() + make_interval(secs => $3),
            given_up_at = case when $4 then now() end, text_body = case when $4 then null else text_body end,
            html_body = case when $4 then null else html_body end
      where id = $1`,
    [id, error.slice(0, 500), delaySeconds, giveUp],
  );
};

/**
 * Deletes what the outbox no longer needs: the records of mails sent or given up more than
 * `keepDays` ago, and reset links past their time or used more than a day ago (only their
 * hashes, which nothing reads once they cannot be used). Answers how many mails went.
 */
export const forgetOldMail = async (q: Queryable, keepDays: number): Promise<number> => {
  const { rowCount } = await q.query(`delete from mail_outbox where coalesce(sent_at, given_up_at) < now() - make_interval(secs => $1)`, [
    keepDays * 86_400,
  ]);
  await q.query(`delete from password_resets where coalesce(used_at, expires_at) < now() - interval '1 day'`);
  return rowCount ?? 0;
};
