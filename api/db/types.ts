/** What the repositories need from a database: parameterised queries ($1, $2 …). */
export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[]; rowCount: number }>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` inside one transaction. On PGlite (one connection) the transaction runs
   * alone: no other request's statement is interleaved with it. Inside `fn` use only `tx`.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** PGlite on disk: its data directory (a backup copies its files beside it). */
  readonly dataDir?: string;
  close(): Promise<void>;
}
