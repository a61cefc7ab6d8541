/** A backup that cannot be restored; the message says why, for a person. */
export class BackupError extends Error {
  override name = 'BackupError';
}
