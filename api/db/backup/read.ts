/**
 * Reads a backup file: `verifyBackup` checks every entry against the manifest (and the gzip
 * and tar framing, which catch a truncated or damaged file) before a restore touches
 * anything; `backupEntries` then streams the entries again for the restore itself.
 */
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { migrationNames } from '../migrate.ts';
import { sha256 } from './export.ts';
import { FORMAT, FORMAT_VERSION, Manifest, MANIFEST_NAME } from './manifest.ts';
import { readTar, type TarEntry } from './tar.ts';

/** A backup that cannot be restored; the message says why, for a person. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The entries of the file, each checked against `manifest` when one is given. */
export async function* backupEntries(file: string, manifest?: Manifest): AsyncGenerator<TarEntry> {
  const source = createReadStream(file).pipe(createGunzip());
  try {
    for await (const entry of readTar(source)) {
      if (manifest && entry.name !== MANIFEST_NAME) {
        const expected = manifest.entries[entry.name];
        if (!expected || expected.sha256 !== sha256(entry.data))
          throw new BackupError(`${file}: ${entry.name} does not match the manifest.`);
      }
      yield entry;
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is damaged or incomplete: ${reason(error)}. Nothing was restored.`);
  } finally {
    source.destroy();
  }
}

/**
 * Checks the whole file: readable gzip and tar to the end, a manifest this code understands,
 * every entry listed with its size and SHA-256, none missing. Resolves with the manifest.
 */
export const verifyBackup = async (file: string): Promise<Manifest> => {
  const seen = new Map<string, { bytes: number; sha256: string }>();
  let raw: Buffer | undefined;
  for await (const entry of backupEntries(file)) {
    if (entry.name === MANIFEST_NAME) raw = entry.data;
    else seen.set(entry.name, { bytes: entry.data.length, sha256: sha256(entry.data) });
  }
  if (!raw) throw new BackupError(`${file} has no manifest: it is not a Statefront backup, or it was cut short.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new BackupError(`${file}: its manifest is not valid JSON.`);
  }
  const format = (parsed as { format?: unknown; formatVersion?: unknown }) ?? {};
  if (format.format !== FORMAT) throw new BackupError(`${file} is not a Statefront backup (no ${FORMAT} manifest).`);
  if (typeof format.formatVersion === 'number' && format.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `${file} was written by a newer Statefront (backup format ${format.formatVersion}, this code reads ${FORMAT_VERSION}): update the code first.`,
    );
  }
  const result = Manifest.safeParse(parsed);
  if (!result.success) throw new BackupError(`${file}: its manifest is not valid (${result.error.issues[0]?.message}).`);
  const manifest = result.data;
  for (const [name, expected] of Object.entries(manifest.entries)) {
    const found = seen.get(name);
    if (!found) throw new BackupError(`${file}: ${name} is listed in the manifest but missing from the file.`);
    if (found.bytes !== expected.bytes || found.sha256 !== expected.sha256) {
      throw new BackupError(`${file}: ${name} does not match its checksum (the file is damaged).`);
    }
  }
  for (const name of seen.keys()) if (!manifest.entries[name]) throw new BackupError(`${file}: ${name} is not in the manifest.`);
  return manifest;
};

/** Refuses a backup whose schema has a migration this code does not have (taken by newer code). */
export const checkSchema = async (manifest: Manifest): Promise<void> => {
  const known = new Set(await migrationNames());
  const unknown = manifest.schema.migrations.filter((m) => !known.has(m));
  if (unknown.length) {
    throw new BackupError(
      `This backup is newer than the code: its schema is at ${manifest.schema.version}, and this code does not know ${unknown.join(', ')}. Update Statefront, then restore.`,
    );
  }
};
