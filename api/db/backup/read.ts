/**
 * Reads a backup file as a stream, never an entry whole but a manifest or an image (each after
 * its declared size is checked): `verifyBackup` checks every entry (entry-rules.ts) and then the
 * whole against the manifest, before a restore touches anything, and a dry run stops there;
 * `backupEntries` then streams the entries again for the restore, each checked against the
 * manifest's size before it is read and its checksum as it is.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { migrationNames } from '../migrate.ts';
import { BackupError } from './backup-error.ts';
import { sha256 } from './export.ts';
import { imageContentProblem, imageEntryProblem, jsonLines, MAX_MANIFEST_BYTES } from './entry-rules.ts';
import { FORMAT, FORMAT_VERSION, IMAGES_PREFIX, Manifest, MANIFEST_NAME } from './manifest.ts';
import { readTar, readWhole, type TarEntry } from './tar.ts';

export { BackupError };

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const damaged = (file: string, error: unknown) =>
  error instanceof BackupError ? error : new BackupError(`${file} is damaged or incomplete: ${reason(error)}. Nothing was restored.`);

/** An entry's bytes; where the file fails under them (gzip, tar), a BackupError that says so. */
async function* bodyOf(file: string, entry: TarEntry): AsyncGenerator<Buffer> {
  try {
    yield* entry.body();
  } catch (error) {
    throw damaged(file, error);
  }
}

/** The archive's entries; a damaged or truncated file as a BackupError. */
async function* archiveEntries(file: string): AsyncGenerator<TarEntry> {
  const source = createReadStream(file).pipe(createGunzip());
  try {
    for await (const entry of readTar(source)) yield { ...entry, body: () => bodyOf(file, entry) };
  } catch (error) {
    throw damaged(file, error);
  } finally {
    source.destroy();
  }
}

const TABLE_FILE = /^db\/[^/]+\.jsonl$/;

/** An image entry's bytes, if the pipeline could have written it; else the refusal, naming it. */
export const imageBytes = async (file: string, entry: TarEntry): Promise<Buffer> => {
  const refuse = (problem: string) => new BackupError(`${file}: ${entry.name} is refused: ${problem}. Nothing was restored.`);
  const early = imageEntryProblem(entry.name, entry.size);
  if (early) throw refuse(early);
  const bytes = await readWhole(entry);
  const late = imageContentProblem(entry.name, bytes);
  if (late) throw refuse(late);
  return bytes;
};

/** A table file's rows as they stream (each at most MAX_ROW_BYTES), refusals naming the file. */
export async function* tableRows(file: string, name: string, chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  try {
    yield* jsonLines(name, chunks);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file}: ${reason(error)}. Nothing was restored.`);
  }
}

/** The bytes as they pass, into `hash`. */
async function* hashed(chunks: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    hash.update(chunk);
    yield chunk;
  }
}

type Seen = { bytes: number; sha256: string; rows?: number };

/** A table file read through: its rows counted, each a JSON object (what the restore loads). */
const scanTable = async (file: string, entry: TarEntry): Promise<Seen> => {
  const hash = createHash('sha256');
  let rows = 0;
  for await (const line of tableRows(file, entry.name, hashed(entry.body(), hash))) {
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      row = undefined;
    }
    rows += 1;
    if (!row || typeof row !== 'object' || Array.isArray(row))
      throw new BackupError(`${file}: ${entry.name}: row ${rows} is not a JSON object. Nothing was restored.`);
  }
  return { bytes: entry.size, sha256: hash.digest('hex'), rows };
};

/** Where the tables of the file and its manifest disagree: their order, their rows. */
const tablesProblem = (manifest: Manifest, seen: Map<string, Seen>, order: string[]): string | undefined => {
  const listed = manifest.tables.map((t) => t.file);
  const misplaced = order.findIndex((name, i) => name !== listed[i]);
  if (misplaced !== -1) return `${order[misplaced]} is not where the manifest lists its tables (they load in its order)`;
  if (order.length !== listed.length) return `${listed[order.length]} is listed in the manifest but missing from the file`;
  for (const table of manifest.tables) {
    const rows = seen.get(table.file)?.rows;
    if (rows !== table.rows) return `${table.file} holds ${rows} rows, its manifest says ${table.rows}`;
  }
  return undefined;
};

const parseManifest = (file: string, raw: Buffer | undefined): Manifest => {
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
  return result.data;
};

/**
 * Checks the whole file, every check the restore makes of it: readable gzip and tar to the end,
 * every entry one a backup holds (entry-rules.ts), a manifest this code understands listing every
 * entry with its size and SHA-256, none missing, the tables in its order with its row counts.
 * Resolves with the manifest.
 */
export const verifyBackup = async (file: string): Promise<Manifest> => {
  const seen = new Map<string, Seen>();
  const order: string[] = [];
  let raw: Buffer | undefined;
  for await (const entry of archiveEntries(file)) {
    if (seen.has(entry.name) || (entry.name === MANIFEST_NAME && raw)) throw new BackupError(`${file}: ${entry.name} is in it twice.`);
    if (entry.name === MANIFEST_NAME) {
      if (entry.size > MAX_MANIFEST_BYTES) throw new BackupError(`${file}: its manifest is larger than any a backup writes.`);
      raw = await readWhole(entry);
    } else if (TABLE_FILE.test(entry.name)) {
      order.push(entry.name);
      seen.set(entry.name, await scanTable(file, entry));
    } else if (entry.name.startsWith(IMAGES_PREFIX)) {
      seen.set(entry.name, { bytes: entry.size, sha256: sha256(await imageBytes(file, entry)) });
    } else throw new BackupError(`${file}: ${entry.name} is not part of a Statefront backup.`);
  }
  const manifest = parseManifest(file, raw);
  for (const [name, expected] of Object.entries(manifest.entries)) {
    const found = seen.get(name);
    if (!found) throw new BackupError(`${file}: ${name} is listed in the manifest but missing from the file.`);
    if (found.bytes !== expected.bytes)
      throw new BackupError(`${file}: ${name} is ${found.bytes} bytes, its manifest says ${expected.bytes}.`);
    if (found.sha256 !== expected.sha256) throw new BackupError(`${file}: ${name} does not match its checksum (the file is damaged).`);
  }
  for (const name of seen.keys()) if (!manifest.entries[name]) throw new BackupError(`${file}: ${name} is not in the manifest.`);
  const problem = tablesProblem(manifest, seen, order);
  if (problem) throw new BackupError(`${file}: ${problem}.`);
  return manifest;
};

/** An entry's bytes as they come, checked against the manifest's checksum when all have passed. */
async function* checkedBody(file: string, entry: TarEntry, expected: string): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  yield* hashed(entry.body(), hash);
  if (hash.digest('hex') !== expected) throw new BackupError(`${file}: ${entry.name} does not match the manifest.`);
}

/**
 * The entries again, for the restore, the manifest's own left out: each one the manifest lists,
 * of the size it says (checked before any of it is read), its bytes checked as they pass.
 */
export async function* backupEntries(file: string, manifest: Manifest): AsyncGenerator<TarEntry> {
  for await (const entry of archiveEntries(file)) {
    if (entry.name === MANIFEST_NAME) continue;
    const expected = manifest.entries[entry.name];
    if (!expected || expected.bytes !== entry.size) throw new BackupError(`${file}: ${entry.name} does not match the manifest.`);
    yield { ...entry, body: () => checkedBody(file, entry, expected.sha256) };
  }
}

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
