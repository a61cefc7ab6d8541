import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { firstLink, type Mail } from './compose.ts';

export type MailTransport = { send(mail: Mail): Promise<void>; close(): void };

export type TransportSettings = { SMTP_URL?: string | undefined; MAIL_FROM: string; DATA_DIR: string };

/** Where the .eml fallback writes: owner-only, like the rest of DATA_DIR (api/private-files.ts). */
export const mailDir = (dataDir: string): string => path.join(dataDir, 'mail');

/**
 * SMTP_URL set: nodemailer over SMTP. Unset (the embedded default): each mail becomes an .eml
 * file under DATA_DIR/mail and one log line with its subject and first link, so a newcomer can
 * follow a reset link with no mail server.
 */
export const createMailTransport = (s: TransportSettings, logger: Logger): MailTransport => {
  const message = (mail: Mail) => ({ from: s.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  if (s.SMTP_URL) {
    const smtp = nodemailer.createTransport(s.SMTP_URL);
    return {
      async send(mail) {
        await smtp.sendMail(message(mail));
      },
      close: () => smtp.close(),
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = mailDir(s.DATA_DIR);
  return {
    async send(mail) {
      const info = await files.sendMail(message(mail));
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info({ mailFile: file }, `mail to ${mail.to}: ${mail.subject}${firstLink(mail.text) ? ` ${firstLink(mail.text)}` : ''}`);
    },
    close: () => files.close(),
  };
};
