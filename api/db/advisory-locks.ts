/**
 * Every PostgreSQL advisory lock key the shop takes, in one place: two purposes on one key
 * would wait on each other for no reason, or worse, one would hold the other's lock (a restore
 * that counts the instances holding the shop's key must count only them). Add a new lock here,
 * with the next free number; advisory-locks.test.ts keeps the keys distinct.
 * On the embedded database (PGlite, one process) none is taken: api/db/lock.ts's file lock
 * keeps other processes out.
 */
export const ADVISORY_LOCKS = {
  /** migrate(), held for its whole transaction: instances starting together migrate one after the other. */
  migration: 727_000,
  /** The demo seed: of the launchers starting together on an empty database, one seeds it. */
  demoSeed: 727_001,
  /** Test helpers (api/testing/test-db.ts): one process makes the migrated template database the test files copy. */
  testTemplate: 727_002,
  /** A restore, for its whole transaction: two restores never run together. */
  restore: 727_003,
  /** Scheduled backups: of the API instances that tick, the one holding it takes the period's backup. */
  scheduledBackup: 727_004,
  /** Held shared by every running API instance (api/db/running.ts); a restore takes it exclusively, so none runs during one. */
  shopRunning: 727_005,
  /** The first key of the two-key locks (this, hashtext(owner)) that serialise one partner's hand-offs (count, then insert). */
  handoffOwner: 727_014,
  /** The first key of the two-key locks (this, hashtext(sender)) that serialise one sender's problem reports (count, then insert). */
  problemReportSender: 727_039,
} as const satisfies Record<string, number>;
