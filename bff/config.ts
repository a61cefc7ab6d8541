import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { MetricsEnv } from '#server/metrics.ts';
import { SlowRequestEnv } from '#server/slow-requests.ts';
import { configuredSecret } from '#server/secrets.ts';
import { ConfigError, OrderLimitEnv, optionalEnv, parseEnv } from '#server/env.ts';
import { KIOSK_PIN_PATTERN } from '#contracts/kiosk-pin.ts';
import { KIOSK_NAME_MAX } from '#contracts/shared-screen.ts';
import { KIOSK_HEARTBEAT_SECONDS_DEFAULT, KIOSK_SECONDS, PLANTED_BUG_PATTERN, SHOP_SETTINGS_DEFAULTS } from '#contracts/shop-settings.ts';

const origin = z.url().transform((value) => new URL(value).origin);

/**
 * The rate limits' defaults (docs/configuration.md's table says the same). A store's kiosks
 * share one address and browse as guests: a page view costs about three /api calls, a
 * shopper at a kiosk views a page every 5–10 s, so 20 kiosks make about 20 × 30 = 600 calls
 * a minute; the guest ceiling doubles that for bursts (filters, back and forth).
 */
export const LIMIT_DEFAULTS = {
  /** /api requests a minute per logged-in user (all their live sessions together). */
  API_LIMIT_PER_MINUTE: 600,
  /** /api requests a minute per address for guests and dead sessions: a store's kiosks share it. */
  API_GUEST_LIMIT_PER_MINUTE: 1200,
  /** Failed logins (and wrong current passwords) per account from one address, per window. */
  LOGIN_FAILURES_PER_ACCOUNT: 10,
  /** Failed logins per address across all accounts, per window: credential stuffing. */
  LOGIN_FAILURES_PER_ADDRESS: 50,
  LOGIN_FAILURE_WINDOW_MINUTES: 15,
  /** Successful registrations an hour per address (IPv6: per /64); a store whose kiosks share an address raises it. */
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: 20,
  /** Reset-link requests an hour per address (IPv6: per /64), whatever the addresses asked about. */
  PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: 10,
  /** Open connections per peer address (IPv6 per /64); never a TRUST_PROXY peer's. */
  CONNECTIONS_PER_ADDRESS: 256,
} as const;

const limit = (fallback: number) => z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).default(fallback));

const KIOSK_SECONDS_FORM = `must be a whole number of seconds from ${KIOSK_SECONDS.min} to ${KIOSK_SECONDS.max}`;
const kioskSeconds = (fallback: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: KIOSK_SECONDS_FORM })
      .int(KIOSK_SECONDS_FORM)
      .min(KIOSK_SECONDS.min, KIOSK_SECONDS_FORM)
      .max(KIOSK_SECONDS.max, KIOSK_SECONDS_FORM)
      .default(fallback),
  );

const TRUST_PROXY_FORMS =
  'must be a hop count like 1, or a comma-separated list of addresses, subnets or loopback/linklocal/uniquelocal, like loopback, 10.0.0.0/8';

/**
 * Which peers may say who the client is (X-Forwarded-For): none when unset, so an address
 * cannot be chosen by the client; a hop count; or the proxies' addresses. `true` (trust
 * every peer) is refused: it lets anyone pick their own address.
 */
const trustProxy = z
  .string()
  .default('')
  .transform((value, ctx): false | number | string[] => {
    const text = value.trim();
    if (text === '') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const list = text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    try {
      proxyAddr.compile(list);
      return list;
    } catch {
      ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMS });
      return z.NEVER;
    }
  });

const BffEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where the shop listens; unset: this machine only (127.0.0.1) outside production, every interface in production. */
  HOST: optionalEnv(z.string().min(1)),
  /** Which instance this is (docs/decisions/008-cluster.md): every answer's X-Instance, `bff-1/api-2` when the API answered. */
  INSTANCE_ID: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'must be 1 to 32 of a-z, 0-9 and -, like bff-1')
    .default('bff'),
  API_URL: optionalEnv(
    z.url({
      protocol: /^https?$/,
      error: 'must be an http:// or https:// URL',
    }),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_SECRET: optionalEnv(z.string().min(32, 'must be at least 32 characters long')),
  /** Shared with the API: proves a request came through this BFF, and whose it is (decision 005). */
  INTERNAL_SECRET: optionalEnv(z.string().min(32, 'must be at least 32 characters long')),
  PARTNER_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(origin, {
        error: 'must be a comma-separated list of origins like https://partner.example',
      }),
    ),
  PUBLIC_ORIGIN: optionalEnv(origin),
  IMAGE_HOST_URL: optionalEnv(z.url()),
  // Rate-limit counters shared by every BFF instance; unset, each instance counts in memory.
  REDIS_URL: optionalEnv(
    z.url({
      protocol: /^rediss?$/,
      error: 'must be a redis:// or rediss:// URL, like redis://localhost:6379',
    }),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  /**
   * Set: forwarded headers count only on requests carrying it in `X-Statefront-Proxy` (the
   * balancer adds it), so a local process that reaches the BFF's port cannot choose its address.
   */
  TRUST_PROXY_SECRET: optionalEnv(z.string().min(32, 'must be at least 32 characters long')),
  API_LIMIT_PER_MINUTE: limit(LIMIT_DEFAULTS.API_LIMIT_PER_MINUTE),
  API_GUEST_LIMIT_PER_MINUTE: limit(LIMIT_DEFAULTS.API_GUEST_LIMIT_PER_MINUTE),
  LOGIN_FAILURES_PER_ACCOUNT: limit(LIMIT_DEFAULTS.LOGIN_FAILURES_PER_ACCOUNT),
  LOGIN_FAILURES_PER_ADDRESS: limit(LIMIT_DEFAULTS.LOGIN_FAILURES_PER_ADDRESS),
  LOGIN_FAILURE_WINDOW_MINUTES: limit(LIMIT_DEFAULTS.LOGIN_FAILURE_WINDOW_MINUTES),
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: limit(LIMIT_DEFAULTS.REGISTRATIONS_PER_ADDRESS_PER_HOUR),
  PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: limit(LIMIT_DEFAULTS.PASSWORD_RESETS_PER_ADDRESS_PER_HOUR),
  CONNECTIONS_PER_ADDRESS: limit(LIMIT_DEFAULTS.CONNECTIONS_PER_ADDRESS),
  /** How long a guest's server-rendered page may be kept (the API's answers say their own). */
  CATALOGUE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** The bytes the BFF's cache of guest catalogue answers and pages may hold; 0 turns it off (the cluster: nginx caches). */
  CATALOGUE_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(4 * 1024 ** 3)
    .default(32 * 1024 ** 2),
  /** How long a client may take to send headers, a JSON body, an upload. */
  ...SlowRequestEnv,
  /** Handed to the page: its quantity choices stop at the API's limit (server/env.ts). */
  ...OrderLimitEnv,
  // Open chat websockets the relay lets through per shopper address and per session (the API counts every transport).
  CHAT_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(40),
  CHAT_SOCKETS_PER_SESSION: z.coerce.number().int().min(1).default(10),
  // The operator's way out of kiosk mode; unset, kiosk mode cannot be left from the screen.
  KIOSK_PIN: optionalEnv(z.string().regex(KIOSK_PIN_PATTERN, 'must be 4 to 12 digits, like 482915')),
  // Kiosk mode: 1 makes every visitor's page a kiosk; the timers are handed to the page.
  KIOSK: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .enum(['0', '1'], {
          error: 'must be 0 (kiosk mode only at /kiosk) or 1 (every page is a kiosk)',
        })
        .default('0'),
    )
    .transform((v) => v === '1'),
  KIOSK_IDLE_SECONDS: kioskSeconds(SHOP_SETTINGS_DEFAULTS.kioskIdleSeconds),
  KIOSK_WARNING_SECONDS: kioskSeconds(SHOP_SETTINGS_DEFAULTS.kioskWarningSeconds),
  KIOSK_HANDOFF_SECONDS: kioskSeconds(SHOP_SETTINGS_DEFAULTS.kioskHandoffSeconds),
  KIOSK_EXIT_HOLD_SECONDS: kioskSeconds(SHOP_SETTINGS_DEFAULTS.kioskExitHoldSeconds),
  /** How often each kiosk sends its heartbeat (/admin/kiosks): three missed make it Offline. */
  KIOSK_HEARTBEAT_SECONDS: kioskSeconds(KIOSK_HEARTBEAT_SECONDS_DEFAULT),
  ...MetricsEnv,
  // The name staff know this kiosk by: the admin's card names it when its shopper calls staff.
  KIOSK_NAME: optionalEnv(z.string().trim().min(1).max(KIOSK_NAME_MAX, `must be at most ${KIOSK_NAME_MAX} characters`)),
  // 0: pages send no counts of the transitions their machines take (client/lib/machine-counts.ts).
  MACHINE_COUNTS: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(['0', '1'], { error: "must be 1 (pages send their machines' transition counts) or 0" }).default('1'),
    )
    .transform((v) => v === '1'),
  // Tests only: the page's machines ignore this one event, to prove a report's spec fails on a broken shop.
  PLANTED_BUG: optionalEnv(z.string().regex(PLANTED_BUG_PATTERN, 'must name one event of a machine, like cart.add')),
});

/** The settings a balancer in front repeats at its edge (scripts/cluster/nginx-config.ts), read as the BFF reads them. */
export const edgeLimits = (env: Record<string, string | undefined>) =>
  parseEnv(BffEnv.pick({ HEADERS_TIMEOUT_SECONDS: true, CONNECTIONS_PER_ADDRESS: true, API_GUEST_LIMIT_PER_MINUTE: true }), env);

export type BffConfig = Omit<z.infer<typeof BffEnv>, 'SESSION_SECRET' | 'INTERNAL_SECRET'> & {
  SESSION_SECRET: string;
  INTERNAL_SECRET: string;
};

/**
 * The BFF's configuration. SESSION_SECRET encrypts the session cookie: required in
 * production; in development it is generated once and kept under DATA_DIR, so sessions
 * survive restarts and every instance sharing DATA_DIR accepts them.
 */
export const loadBffConfig = async (env: Record<string, string | undefined> = process.env): Promise<BffConfig> => {
  const parsed = parseEnv(BffEnv, env);
  if (parsed.PLANTED_BUG && parsed.NODE_ENV === 'production')
    throw new ConfigError('The configuration is not valid: PLANTED_BUG breaks the shop on purpose, for tests; unset it in production.');
  const secret = (name: 'SESSION_SECRET' | 'INTERNAL_SECRET', file: string) =>
    configuredSecret({
      name,
      given: parsed[name],
      production: parsed.NODE_ENV === 'production',
      dataDir: parsed.DATA_DIR,
      file,
      // One process holding both API and BFF (no API_URL) may make its own internal secret.
      ephemeral: name === 'INTERNAL_SECRET' && !parsed.API_URL,
    });
  return {
    ...parsed,
    SESSION_SECRET: await secret('SESSION_SECRET', 'session-secret'),
    INTERNAL_SECRET: await secret('INTERNAL_SECRET', 'internal-secret'),
  };
};
