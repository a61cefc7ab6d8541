/** What export.ts and its reading thread (snapshot-thread.ts) tell each other during an embedded backup. */
export type ReaderData = { source: string; copy: string };
export type ToReader = { type: 'copy' } | { type: 'finish'; label: string; lastWal: string };
export type FromReader =
  | { type: 'copied' }
  | {
      type: 'snapshot';
      version: string;
      migrations: string[];
      tables: Array<{ name: string; rows: number; data: ArrayBuffer }>;
    }
  | { type: 'failed'; message: string };
