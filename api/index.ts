/** The API's public surface: what bff/ and scripts/ may import (what both servers share is in server/). */
export { createApi, type Api, type ApiOptions, type ServerAttachment } from './app.ts';
export { loadApiConfig, type ApiConfig } from './config.ts';
export { openAndStartApi, type OpenAndStartOptions, type StartedApi } from './open-and-start.ts';
export { openDb, type Db } from './db/index.ts';
export { seedDemo, type SeedDemoResult } from './db/seed/index.ts';
export { imagesToRebuild, rebuildImages, rebuildOnStart, type RebuildResult } from './components/images/rebuild.ts';
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
export { openPglite } from './db/index.ts';
export { openPostgres } from './db/postgres.ts';
export { lockDataDir, DatabaseInUseError } from './db/lock.ts';
export { BACKUP_HEADER, BACKUP_PATH, signBackupCall } from './components/backup/signature.ts';
export { runningApi } from './components/backup/run-file.ts';
export { takeBackup, type TakenBackup } from './components/backup/take.ts';
