import { z } from 'zod';
import { OrderLimitEnv, optionalEnv, parseEnv } from '#server/env.ts';
import { MetricsEnv } from '#server/metrics.ts';
import { SlowRequestEnv } from '#server/slow-requests.ts';
import { configuredSecret } from '#server/secrets.ts';
import { MailEnv } from './components/mail/settings.ts';

const ApiEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  API_HOST: z.string().default('127.0.0.1'),
  /** Which instance this is (docs/decisions/008-cluster.md): every answer's X-Instance and the prefix of its socket.io session ids. */
  INSTANCE_ID: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'must be 1 to 32 of a-z, 0-9 and -, like api-1')
    .default('api'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalEnv(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  TOKEN_SECRET: optionalEnv(z.string().min(32, 'must be at least 32 characters long')),
  /** Shared with the BFF: proves a request came through it, and whose it is (decision 005). */
  INTERNAL_SECRET: optionalEnv(z.string().min(32, 'must be at least 32 characters long')),
  SEED: z.enum(['demo', 'none']).default('demo'),
  /** A folder keeping the demo's processed photos between DATA_DIRs (tests, throwaway shops); unset: processed into each DATA_DIR. */
  DEMO_POOL_CACHE: optionalEnv(z.string().min(1)),
  /** 1: the embedded database answers from a worker thread, off the event loop that serves HTTP (decision 007). */
  PGLITE_THREAD: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(['0', '1'], { error: 'must be 0 (PGlite on the main thread) or 1 (in a worker thread)' }).default('0'),
    )
    .transform((v) => v === '1'),
  IMAGE_HOST_URL: optionalEnv(z.url()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Key shared with partner sites to sign a visitor's identity for the support chat; unset: no identify. */
  CHAT_IDENTITY_SECRET: optionalEnv(z.string().min(16, 'must be at least 16 characters long')),
  /** Partners' old `id|name|email` identities are accepted (with a log warning) before this date or instant; unset: refused. */
  CHAT_IDENTITY_V1_UNTIL: optionalEnv(
    z
      .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'must be a date like 2027-03-31 or an ISO date-time' })
      .transform((v) => new Date(v)),
  ),
  /** The shop's origin as browsers see it (the BFF reads the same variable): the audience v2 partner identities must name. */
  PUBLIC_ORIGIN: optionalEnv(
    z.url({ protocol: /^https?$/, error: 'must be an origin like https://shop.example' }).transform((v) => new URL(v).origin),
  ),
  /** Card wallet: the provider's REST base; unset means the sandbox, or the API's own simulator when simulating. */
  PAYPAL_API_BASE: optionalEnv(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  PAYPAL_CLIENT_ID: optionalEnv(z.string().min(1)),
  PAYPAL_CLIENT_SECRET: optionalEnv(z.string().min(1)),
  /** provider: the real wallet (needs both credentials); simulator: the offline stand-in (never in production). Unset: provider with credentials, else simulator outside production. */
  WALLET: optionalEnv(z.enum(['simulator', 'provider'])),
  /** Shared by several API instances: socket.io adapter and chat admin presence (conversations are in the database, decision 018). Unset: one process. */
  REDIS_URL: optionalEnv(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })),
  /** Support chat flood limits. A store's kiosks share one address: the defaults allow ~20 shoppers chatting from it. */
  CHAT_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(40),
  CHAT_SOCKETS_PER_SESSION: z.coerce.number().int().min(1).default(10),
  CHAT_MESSAGES_PER_SOCKET_PER_SECOND: z.coerce.number().int().min(1).default(5),
  CHAT_MESSAGES_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(200),
  CHAT_CONVERSATIONS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Closed support conversations are kept as transcripts this many days, then deleted (decision 018). */
  CHAT_HISTORY_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /** An unpaid wallet order holds its stock this long, then the API cancels it ('not paid in time'). */
  UNPAID_ORDER_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** Orders neither paid, delivered nor cancelled one account may hold; the next is refused (429), so one account cannot hold a product's whole stock. */
  MAX_OPEN_ORDERS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** How many units of one product one order may take; a larger line is refused (400). */
  ...OrderLimitEnv,
  // How long browsers, nginx and the BFF keep a guest's catalogue answer and page (docs/decisions/011-catalogue-caching.md).
  CATALOGUE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** A backup every this many hours (fractions allowed) into DATA_DIR/backups; unset or 0: none. */
  BACKUP_EVERY_HOURS: z.coerce
    .number({ error: 'must be a number of hours like 24 or 0.5 (0: no scheduled backups)' })
    .min(0, 'must be a number of hours like 24 or 0.5 (0: no scheduled backups)')
    .default(0),
  /** How many scheduled backups (of the default name) are kept; older ones are deleted. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  /** Problem reports: how many one signed-in session, and one address (a store's kiosks share one), may send an hour; kept this many days. */
  PROBLEM_REPORTS_PER_SESSION_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
  PROBLEM_REPORTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  PROBLEM_REPORT_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** A kiosk in one state other than browsing this long is Stuck on /admin/kiosks and in statefront_kiosks. */
  KIOSK_STUCK_MINUTES: z.coerce.number().int().min(1).max(10_080).default(10),
  /** How long a client may take to send headers, a JSON body, an upload. */
  ...SlowRequestEnv,
  /** Sending mail: SMTP or .eml files, the shop's name, retries (docs/decisions/021-mail-outbox.md). */
  ...MailEnv,
  ...MetricsEnv,
});

export type ApiConfig = Omit<z.infer<typeof ApiEnv>, 'TOKEN_SECRET' | 'INTERNAL_SECRET'> & {
  TOKEN_SECRET: string;
  INTERNAL_SECRET: string;
};

/**
 * The API's configuration. TOKEN_SECRET and INTERNAL_SECRET are required in production; in
 * development each is generated once and kept under DATA_DIR, so tokens survive restarts and
 * a BFF sharing DATA_DIR holds the same internal secret.
 */
export const loadApiConfig = async (env: Record<string, string | undefined> = process.env): Promise<ApiConfig> => {
  const parsed = parseEnv(ApiEnv, env);
  const secret = (name: 'TOKEN_SECRET' | 'INTERNAL_SECRET', file: string) =>
    configuredSecret({ name, given: parsed[name], production: parsed.NODE_ENV === 'production', dataDir: parsed.DATA_DIR, file });
  return {
    ...parsed,
    TOKEN_SECRET: await secret('TOKEN_SECRET', 'token-secret'),
    INTERNAL_SECRET: await secret('INTERNAL_SECRET', 'internal-secret'),
  };
};
