import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from './env.ts';

/**
 * A secret of the API's or the BFF's configuration (both load theirs through this): the
 * environment's; else, outside production, one generated once and kept under DATA_DIR (`file`),
 * so it survives restarts and every process sharing DATA_DIR holds the same; in production it
 * is required, unless `ephemeral` lets this process make its own (nobody else needs to know it).
 */
export const configuredSecret = async ({
  name,
  given,
  production,
  dataDir,
  file,
  ephemeral = false,
}: {
  name: string;
  given: string | undefined;
  production: boolean;
  dataDir: string;
  file: string;
  ephemeral?: boolean;
}): Promise<string> => {
  if (given) return given;
  if (!production) return keptSecret(dataDir, file);
  if (ephemeral) return randomBytes(32).toString('base64url');
  throw new ConfigError(
    `The configuration is not valid. Fix these environment variables (see .env.example):\n- ${name}: is required in production (at least 32 random characters)`,
  );
};

/** A random secret stored under DATA_DIR, made on first use. */
const keptSecret = async (dataDir: string, name: string): Promise<string> => {
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
