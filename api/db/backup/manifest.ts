/**
 * What a backup says about itself (`manifest.json`, the archive's last entry): its format, the
 * schema it was taken at, where it came from, and the size and SHA-256 of every other entry,
 * so a restore checks the whole file before it touches anything.
 */
import { z } from 'zod';

export const FORMAT = 'statefront-backup';
/** Bumped when the layout below changes incompatibly; a restore refuses a version it does not know. */
export const FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';

const Entry = z.object({ bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const Manifest = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().min(1),
  createdAt: z.string(),
  source: z.object({ kind: z.enum(['pglite', 'postgres']), version: z.string() }),
  /** The migrations applied when it was taken, in order; the last is the schema version. */
  schema: z.object({ version: z.string(), migrations: z.array(z.string()) }),
  /** In dependency order (a table after those it references): the order a restore loads them. */
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().min(0), file: z.string() })),
  images: z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0) }),
  entries: z.record(z.string(), Entry),
});
export type Manifest = z.infer<typeof Manifest>;

/** The archive path of a table's rows: one JSON object a line, in primary-key order. */
export const tableFile = (table: string): string => `db/${table}.jsonl`;
export const IMAGES_PREFIX = 'images/';
