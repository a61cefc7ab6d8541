import type { UserInfo } from '#contracts/user.ts';
import { isRecord, readJson, safeRemove, writeJson, type StorageLike } from '../shared/storage.ts';

export const USER_KEY = 'userInfo';

export const isUserInfo = (v: unknown): v is UserInfo =>
  isRecord(v) &&
  typeof v._id === 'string' &&
  v._id.length > 0 &&
  typeof v.name === 'string' &&
  typeof v.lastName === 'string' &&
  typeof v.email === 'string' &&
  typeof v.isAdmin === 'boolean';

const readFrom = (storage: StorageLike): UserInfo | null => {
  const value = readJson(storage, USER_KEY);
  if (value === null) return null;
  if (isUserInfo(value)) return value;
  safeRemove(storage, USER_KEY);
  return null;
};

/** Spec section 4: userInfo from local storage, else session storage, else none. */
export const readUser = (local: StorageLike, session: StorageLike): UserInfo | null => readFrom(local) ?? readFrom(session);

/** doNotLogout keeps the user across browser restarts (local storage); otherwise the tab session. */
export const writeUser = (local: StorageLike, session: StorageLike, user: UserInfo): void => {
  const [keep, drop] = user.doNotLogout ? [local, session] : [session, local];
  safeRemove(drop, USER_KEY);
  writeJson(keep, USER_KEY, user);
};

export const clearUser = (local: StorageLike, session: StorageLike): void => {
  safeRemove(local, USER_KEY);
  safeRemove(session, USER_KEY);
};
