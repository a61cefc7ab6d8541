/** Backup and restore: what scripts/ and the API's internal endpoint use. */
export { writeBackup, takeSnapshot, listFiles, type WriteBackupOptions } from './export.ts';
export { verifyBackup, checkSchema, BackupError } from './read.ts';
export { SHOP_APPLICATION } from '../running.ts';
export { restoreBackup, type RestoreOptions, type RestoreResult, type RestoreTarget } from './restore.ts';
export { Manifest, FORMAT_VERSION } from './manifest.ts';
export { defaultBackupPath, rotateBackups, writeAtomically } from './files.ts';
