import { z } from 'zod';
import { optionalEnv } from '#server/env.ts';

/** The mail settings' values when unset (tests' configurations spread them). */
export const MAIL_DEFAULTS = {
  SMTP_URL: undefined as string | undefined,
  MAIL_FROM: 'Statefront <shop@localhost>',
  SHOP_NAME: 'Statefront',
  MAIL_RETRY_HOURS: 48,
  PASSWORD_RESETS_PER_HOUR: 3,
  MAIL_KEEP_DAYS: 30,
};

/** The API's mail settings (README: Mail). */
export const MailEnv = {
  /** smtp:// or smtps:// with user and password; unset: each mail is an .eml file under DATA_DIR/mail. */
  SMTP_URL: optionalEnv(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL like smtps://user:pass@mail.example' })),
  MAIL_FROM: z.string().min(3).default(MAIL_DEFAULTS.MAIL_FROM),
  /** The shop's name in every mail's subject and greeting. */
  SHOP_NAME: z.string().min(1).max(80).default(MAIL_DEFAULTS.SHOP_NAME),
  /** A mail the server keeps refusing is retried (with growing pauses) this long, then given up and logged. */
  MAIL_RETRY_HOURS: z.coerce.number().min(0.01).max(720).default(MAIL_DEFAULTS.MAIL_RETRY_HOURS),
  /** Reset links one account is sent per hour; the requests past it get the same answer and no mail. */
  PASSWORD_RESETS_PER_HOUR: z.coerce.number().int().min(1).max(100).default(MAIL_DEFAULTS.PASSWORD_RESETS_PER_HOUR),
  /** Days the record of a sent or given-up mail (to, subject, when) is kept, then deleted by the expiry sweep. */
  MAIL_KEEP_DAYS: z.coerce.number().min(1).max(3650).default(MAIL_DEFAULTS.MAIL_KEEP_DAYS),
};
