// The configuration's schema helpers that every server's config shares (api/config.ts, bff/config.ts,
// the cluster's); reading files and secrets: server/secrets.ts.
import { z } from 'zod';
import { MAX_UNITS_PER_PRODUCT_DEFAULT } from '#contracts/order-limit.ts';

/** Thrown when the environment is missing or malformed; its message says what to set. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses environment variables once, at start-up, into a typed config. Every problem is
 * listed in one sentence per variable, so a person can fix them all in one go.
 */
export const parseEnv = <S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.infer<S> => {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `- ${issue.path.join('.') || 'environment'}: ${issue.message}`);
  throw new ConfigError(`The configuration is not valid. Fix these environment variables (see .env.example):\n${lines.join('\n')}`);
};

/** Empty strings in the environment mean "not set". */
export const optionalEnv = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const booleanEnv = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : v),
    z
      .enum(['true', 'false', '1', '0'])
      .transform((v) => v === 'true' || v === '1')
      .or(z.boolean()),
  );

/** Read by the API (it refuses a larger line) and the BFF (it hands the number to the page's quantity choices). */
export const OrderLimitEnv = {
  MAX_UNITS_PER_PRODUCT: z.coerce
    .number({ error: 'must be a whole number of units, 1 or more, like 10' })
    .int('must be a whole number of units, 1 or more, like 10')
    .min(1, 'must be a whole number of units, 1 or more, like 10')
    .max(1_000_000, 'must be at most 1000000')
    .default(MAX_UNITS_PER_PRODUCT_DEFAULT),
};
