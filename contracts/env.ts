// Server-only: read by api/ and bff/ at start-up, never bundled for the browser.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
export const optionalEnv = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const booleanEnv = (fallback: boolean) =>
  z.preprocess((v) => (v === undefined || v === '' ? fallback : v), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').or(z.boolean()));

/** A random secret stored under DATA_DIR, made on first use. */
export const keptSecret = async (dataDir: string, name: string): Promise<string> => {
  const file = path.resolve(dataDir, name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
};
