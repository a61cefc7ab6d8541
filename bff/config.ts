import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { keptSecret } from '../api/index.ts';
import { ConfigError, optionalEnv, parseEnv } from '../contracts/env.ts';

const origin = z.url().transform((value) => new URL(value).origin);

const BffEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where the shop listens; unset: this machine only (127.0.0.1) outside production, every interface in production. */
  HOST: optionalEnv(z.string().min(1)),
  API_URL: optionalEnv(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_SECRET: optionalEnv(z.string().min(32, 'must be at least 32 characters long')),
  /** Shared with the API: proves a request came through this BFF, and whose it is (decision 005). */
  INTERNAL_SECRET: optionalEnv(z.string().min(32, 'must be at least 32 characters long')),
  PARTNER_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean))
    .pipe(z.array(origin, { error: 'must be a comma-separated list of origins like https://partner.example' })),
  PUBLIC_ORIGIN: optionalEnv(origin),
  IMAGE_HOST_URL: optionalEnv(z.url()),
  // Rate-limit counters shared by every BFF instance; unset, each instance counts in memory.
  REDIS_URL: optionalEnv(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL, like redis://localhost:6379' })),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type BffConfig = Omit<z.infer<typeof BffEnv>, 'SESSION_SECRET' | 'INTERNAL_SECRET'> & { SESSION_SECRET: string; INTERNAL_SECRET: string };

/**
 * The BFF's configuration. SESSION_SECRET encrypts the session cookie: required in
 * production; in development it is generated once and kept under DATA_DIR, so sessions
 * survive restarts and every instance sharing DATA_DIR accepts them.
 */
export const loadBffConfig = async (env: Record<string, string | undefined> = process.env): Promise<BffConfig> => {
  const parsed = parseEnv(BffEnv, env);
  const secret = async (name: 'SESSION_SECRET' | 'INTERNAL_SECRET', file: string): Promise<string> => {
    const given = parsed[name];
    if (given) return given;
    if (parsed.NODE_ENV !== 'production') return keptSecret(parsed.DATA_DIR, file);
    // One process holding both API and BFF (no API_URL) may make its own internal secret.
    if (name === 'INTERNAL_SECRET' && !parsed.API_URL) return randomBytes(32).toString('base64url');
    throw new ConfigError(`The configuration is not valid. Fix these environment variables (see .env.example):\n- ${name}: is required in production (at least 32 random characters)`);
  };
  return { ...parsed, SESSION_SECRET: await secret('SESSION_SECRET', 'session-secret'), INTERNAL_SECRET: await secret('INTERNAL_SECRET', 'internal-secret') };
};
