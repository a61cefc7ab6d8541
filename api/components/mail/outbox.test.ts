import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/logger.ts';
import type { ApiContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { DomainEvents } from '../../events.ts';
import { testApiConfig } from '../../testing/api-harness.ts';
import { createTestDb } from '../../testing/test-db.ts';
import type { Mail } from './compose.ts';
import { startExpirySweep } from '../orders/expiry-sweep.ts';
import { queueMail } from './outbox.ts';
import type { MailTransport } from './transport.ts';
import { startMailWorker } from './worker.ts';

type Row = {
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  given_up_at: Date | null;
  text_body: string | null;
  due_in: number;
};

describe('the mail outbox', () => {
  let db: Db;
  let ctx: ApiContext;
  beforeAll(async () => {
    db = await createTestDb();
    ctx = {
      db,
      config: testApiConfig(await mkdtemp(path.join(tmpdir(), 'statefront-mail-'))),
      logger: createLogger('silent'),
      events: new DomainEvents(),
    };
  });
  afterAll(() => db.close());

  const mail = (to: string): Mail => ({ to, subject: 'Hello | Statefront', text: 'Hi', html: '<p>Hi</p>' });
  const rowFor = async (to: string) =>
    (
      await db.query<Row>(
        `select attempts, last_error, sent_at, given_up_at, text_body, extract(epoch from next_attempt_at - now())::int as due_in
           from mail_outbox where recipient = $1`,
        [to],
      )
    ).rows[0]!;
  /** One round of a worker with this transport, stopped once it is done. */
  const oneRound = async (transport: MailTransport) => {
    const worker = startMailWorker(ctx, 60_000, transport);
    await worker.stop();
  };
  const failing: MailTransport = { send: () => Promise.reject(new Error('451 try again later')), close: () => undefined };

  it('when the mail server refuses, then the mail waits 30 s and then longer, and after MAIL_RETRY_HOURS it is given up with its body dropped', async () => {
    const to = `refused-${Date.now()}@example.test`;
    await queueMail(db, 'test', mail(to));
    await oneRound(failing);
    expect(await rowFor(to)).toMatchObject({
      attempts: 1,
      last_error: '451 try again later',
      sent_at: null,
      given_up_at: null,
      text_body: 'Hi',
    });
    expect((await rowFor(to)).due_in).toBeGreaterThan(20);
    await db.query('update mail_outbox set next_attempt_at = now() where recipient = $1', [to]);
    await oneRound(failing);
    expect((await rowFor(to)).due_in).toBeGreaterThan(50);

    await db.query(`update mail_outbox set next_attempt_at = now(), created_at = now() - interval '49 hours' where recipient = $1`, [to]);
    await oneRound(failing);
    expect(await rowFor(to)).toMatchObject({ attempts: 3, given_up_at: expect.any(Date), text_body: null, sent_at: null });
    const sent: string[] = [];
    await oneRound({ send: async (m) => void sent.push(m.to), close: () => undefined });
    expect(sent).not.toContain(to);
  });

  it('when two workers run together, then each mail is sent once, by one of them', async () => {
    const tos = Array.from({ length: 30 }, (_, i) => `twice-${i}-${Date.now()}@example.test`);
    for (const to of tos) await queueMail(db, 'test', mail(to));
    const sent: string[] = [];
    const transport: MailTransport = { send: async (m) => void sent.push(m.to), close: () => undefined };
    await Promise.all([oneRound(transport), oneRound(transport)]);
    expect(sent.filter((to) => tos.includes(to)).sort()).toEqual([...tos].sort());
    expect((await rowFor(tos[0]!)).sent_at).toEqual(expect.any(Date));
  });

  it('when the shop sweeps, then sent and given-up mails older than MAIL_KEEP_DAYS are deleted and newer or unsent ones stay', async () => {
    const stamp = Date.now();
    const [oldSent, oldGivenUp, newSent, oldQueued] = ['old-sent', 'old-given-up', 'new-sent', 'old-queued'].map(
      (n) => `${n}-${stamp}@example.test`,
    );
    for (const to of [oldSent!, oldGivenUp!, newSent!, oldQueued!]) await queueMail(db, 'test', mail(to));
    const days = ctx.config.MAIL_KEEP_DAYS;
    const ago = (d: number) => `now() - interval '${d} days'`;
    await db.query(`update mail_outbox set sent_at = ${ago(days + 1)} where recipient = $1`, [oldSent]);
    await db.query(`update mail_outbox set given_up_at = ${ago(days + 1)} where recipient = $1`, [oldGivenUp]);
    await db.query(`update mail_outbox set sent_at = ${ago(days - 1)} where recipient = $1`, [newSent]);
    await db.query(
      `update mail_outbox set created_at = ${ago(days + 1)}, next_attempt_at = now() + interval '1 hour' where recipient = $1`,
      [oldQueued],
    );
    await startExpirySweep(ctx, 60_000).stop();
    const { rows } = await db.query<{ recipient: string }>('select recipient from mail_outbox where recipient = any($1::text[])', [
      [oldSent, oldGivenUp, newSent, oldQueued],
    ]);
    expect(rows.map((r) => r.recipient).sort()).toEqual([newSent, oldQueued].sort());
  });
});
