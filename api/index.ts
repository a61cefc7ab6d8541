/** The API's public surface: what bff/ and scripts/ may import. */
export { createApi, type Api, type ApiOptions, type ServerAttachment } from './app.ts';
export { configuredSecret, loadApiConfig, type ApiConfig } from './config.ts';
export { openAndStartApi, type OpenAndStartOptions, type StartedApi } from './open-and-start.ts';
export { openDb, type Db } from './db/index.ts';
export { createLogger, readableFor } from './logger.ts';
export { closeServer, instanceState, type InstanceState } from './http/readiness.ts';
export { SLOW_REQUEST_DEFAULTS, SlowRequestEnv, bodyDeadline, serverTimeouts, type SlowRequestLimits } from './http/slow-requests.ts';
export { seedDemo, type SeedDemoResult } from './db/seed/index.ts';
export { imagesToRebuild, rebuildImages, rebuildOnStart, type RebuildResult } from './components/images/rebuild.ts';
export { openCounts } from './realtime/rate-limit.ts';
export { sharedOpenCounts, type RedisLink, type SharedOpenCounts } from './realtime/redis-open-counts.ts';
export { closeRedis, REDIS_COMMAND_TIMEOUT_MS, watchForHang } from './realtime/redis-watchdog.ts';
export { logRequestEnd, requestLevel } from './http/request-line.ts';
export { VALID_REQUEST_ID } from './http/request-log.ts';
export {
  BackupError,
  defaultBackupPath,
  restoreBackup,
  rotateBackups,
  verifyBackup,
  writeAtomically,
  writeBackup,
  type RestoreResult,
} from './db/backup/index.ts';
export { openPglite } from './db/pglite.ts';
export { openPostgres } from './db/postgres.ts';
export { lockDataDir, DatabaseInUseError } from './db/lock.ts';
export { BACKUP_HEADER, BACKUP_PATH, signBackupCall } from './components/backup/signature.ts';
export { runningApi } from './components/backup/run-file.ts';
export { takeBackup, type TakenBackup } from './components/backup/take.ts';
