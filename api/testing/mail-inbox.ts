import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { mailDir } from '../components/mail/transport.ts';
import type { Queryable } from '../db/index.ts';

export { mailDir };

/** A raw message's text as read: quoted-printable soft breaks joined and escapes decoded. */
export const readableMessage = (raw: string): string =>
  raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));

/** The .eml files under DATA_DIR/mail whose message is for `to`, oldest first, readable. */
export const emlFor = async (dataDir: string, to: string): Promise<string[]> => {
  const dir = mailDir(dataDir);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  const texts = await Promise.all(names.map(async (n) => readableMessage(await readFile(path.join(dir, n), 'utf8'))));
  return texts.filter((t) => new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi').test(t));
};

/** Waits (up to `tries` tenths of a second) until `count` mails for `to` are there; answers them. */
export const waitForEml = async (dataDir: string, to: string, count = 1, tries = 100): Promise<string[]> => {
  for (let i = 0; i <= tries; i++) {
    const found = await emlFor(dataDir, to);
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${count} mail(s) for ${to} under ${mailDir(dataDir)}`);
};

/** The reset link's token in a mail. */
export const resetTokenIn = (mail: string): string => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail)![1]!;

/** The kinds of mail queued about one order (sent or not), in order. */
export const mailKindsAbout = async (db: Queryable, ref: string): Promise<string[]> =>
  (await db.query<{ kind: string }>('select kind from mail_outbox where ref = $1 order by id', [ref])).rows.map((r) => r.kind);
