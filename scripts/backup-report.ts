/** What npm run backup and npm run restore print about a backup: a few lines a person reads. */
import type { Manifest } from '../api/db/backup/manifest.ts';

const size = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`;

export const formatSize = size;

export const describeManifest = (manifest: Manifest): string[] => {
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  return [
    `  taken     ${manifest.createdAt} from ${manifest.source.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'} (${manifest.source.version})`,
    `  schema    ${manifest.schema.version} (${manifest.schema.migrations.length} migrations); backup format ${manifest.formatVersion}`,
    `  rows      ${rows} in ${manifest.tables.length} tables: ${manifest.tables
      .filter((t) => t.rows > 0)
      .map((t) => `${t.name} ${t.rows}`)
      .join(', ')}`,
    `  images    ${manifest.images.files} files, ${size(manifest.images.bytes)}`,
  ];
};
