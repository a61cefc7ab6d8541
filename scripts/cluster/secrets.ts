/**
 * The cluster's secrets, made once into DATA_DIR/cluster/secrets.json (mode 600) and handed to
 * every instance: the APIs must sign and check the same tokens, the BFFs read each other's
 * session cookies, and every BFF signs its calls for every API.
 */
import { randomBytes } from 'node:crypto';
import { link, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const SECRET_NAMES = ['TOKEN_SECRET', 'SESSION_SECRET', 'INTERNAL_SECRET', 'PG_PASSWORD', 'REDIS_PASSWORD'] as const;
export type ClusterSecrets = Record<(typeof SECRET_NAMES)[number], string>;

const make = (): ClusterSecrets =>
  Object.fromEntries(SECRET_NAMES.map((name) => [name, randomBytes(32).toString('base64url')])) as ClusterSecrets;

const valid = (value: unknown): value is ClusterSecrets =>
  typeof value === 'object' &&
  value !== null &&
  SECRET_NAMES.every(
    (name) => typeof (value as Record<string, unknown>)[name] === 'string' && ((value as Record<string, string>)[name]?.length ?? 0) >= 32,
  );

/** Reads the kept secrets, or makes them on the first run (never overwrites a file that exists). */
export const clusterSecrets = async (clusterDir: string): Promise<ClusterSecrets> => {
  const file = path.join(clusterDir, 'secrets.json');
  // Written whole beside it, then linked into place (fails if it exists): two launchers racing
  // on a fresh DATA_DIR keep the first one's file, and neither reads a half-written one.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${JSON.stringify(make(), null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(draft, { force: true });
  }
  const kept: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!valid(kept))
    throw new Error(
      `${file} lacks one of ${SECRET_NAMES.join(', ')} (32+ characters each): fix it, or remove the cluster folder to start afresh.`,
    );
  return kept;
};
