// The configuration's shared schema helpers (zod only, like all of contracts/). Reading files
// and secrets belongs to the servers: api/config.ts.
import { z } from 'zod';

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
