import { writeUser } from '#machines/auth/user-storage.ts';
import { memoryStorage } from '#machines/shared/storage.ts';

export const ADMIN_USER = { _id: 'a1', name: 'Ada', lastName: 'Admin', email: 'admin@admin.com', isAdmin: true, doNotLogout: false };

/** Storages of a logged-in admin, for `renderWithApp(ui, { storages: adminStorages() })`. */
export const adminStorages = () => {
  const local = memoryStorage();
  const session = memoryStorage();
  writeUser(local, session, ADMIN_USER);
  return { local, session };
};
