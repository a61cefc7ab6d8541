/**
 * The mail half of a crash between orders and their mail: every order answered 201 has its
 * confirmation queued (the outbox row committed with the order), and once the dead sender's
 * claims run out a worker on the database opened again delivers each of them.
 */
import { expect } from 'vitest';
import { startMailWorker } from '../../api/components/mail/worker.ts';
import type { Db } from '../../api/db/index.ts';
import { DomainEvents } from '../../api/events.ts';
import { testApiConfig } from '../../api/testing/api-harness.ts';
import type { SmtpInbox } from '../../api/testing/smtp-inbox.ts';
import { createLogger } from '#server/logger.ts';

export const expectOrderMailDelivered = async (db: Db, placed: string[], dataDir: string, inbox: SmtpInbox): Promise<void> => {
  const { rows } = await db.query<{ ref: string; sent: boolean }>(
    `select ref, sent_at is not null as sent from mail_outbox where kind = 'order-created' and ref = any($1::text[])`,
    [placed],
  );
  expect(rows.map((r) => r.ref).sort()).toEqual([...placed].sort());
  // Time passes: the claims the killed process held (a 5-minute lease) run out.
  await db.query('update mail_outbox set next_attempt_at = now() where sent_at is null');
  const config = testApiConfig(dataDir, { SMTP_URL: inbox.url });
  const worker = startMailWorker({ db, config, logger: createLogger('silent'), events: new DomainEvents() }, 100);
  try {
    const numbers = placed.map((id) => `Subject: Your order #${id.slice(0, 8).toUpperCase()} |`);
    for (let i = 0; i < 100 && !numbers.every((n) => inbox.received.some((m) => m.raw.includes(n))); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(numbers.filter((n) => !inbox.received.some((m) => m.raw.includes(n)))).toEqual([]);
  } finally {
    await worker.stop();
  }
};
