import type { MyData } from '#contracts/my-data.ts';
import {
  CURRENT_PASSWORD_WRONG,
  DELETED_CUSTOMER,
  LAST_ADMIN,
  type AdminUserUpdateBody,
  type LoginBody,
  type ProfileUpdateBody,
  type RegisterBody,
  type User,
  type UserInfo,
} from '#contracts/user.ts';
import { decoyHash, hashPassword, verifyPassword } from '../../auth/password.ts';
import { createSession, revokeSession, revokeUserSessions } from '../../auth/sessions.ts';
import { signToken, tokenLifetime } from '../../auth/token.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { ApiContext } from '../../context.ts';
import type { Paged, PageWindow } from '../../http/admin-page.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import * as orders from '../orders/service.ts';
import * as repo from './repository.ts';
import { voidResets } from './reset-repository.ts';

/** DELETE /api/users/{own id}: the 400's message (field `id`). */
const OWN_ACCOUNT_DELETE = 'You cannot delete your own account: another admin can delete it for you';

const userExists = () => conflict('user exists', 'email');
const wrongCredentials = () => new AppError(401, 'wrong credentials');

const info = ({ _id, name, lastName, email, isAdmin }: UserInfo): UserInfo => ({ _id, name, lastName, email, isAdmin });

/** Opens a session and signs a token pointing at it. */
export const issueToken = async (ctx: ApiContext, user: UserInfo, doNotLogout: boolean): Promise<string> => {
  const lifetime = tokenLifetime(doNotLogout);
  const sid = await createSession(ctx.db, user._id, lifetime);
  return signToken({ ...info(user), sid }, ctx.config.TOKEN_SECRET, lifetime);
};

export const register = async (ctx: ApiContext, body: RegisterBody): Promise<{ user: UserInfo; token: string }> => {
  if (await repo.emailTaken(ctx.db, body.email)) throw userExists();
  const passwordHash = await hashPassword(body.password);
  const user = await repo.insertUser(ctx.db, { ...body, passwordHash });
  if (!user) throw userExists();
  return { user, token: await issueToken(ctx, user, false) };
};

export const login = async (ctx: ApiContext, body: LoginBody): Promise<{ user: UserInfo; token: string }> => {
  const found = await repo.findCredentialsByEmail(ctx.db, body.email);
  // An unknown email still costs one hash check, so the answer's timing does not reveal accounts.
  const ok = await verifyPassword(found?.passwordHash ?? (await decoyHash()), body.password);
  if (!found || !ok) throw wrongCredentials();
  // Whoever knows the password needs no reset link: any still open dies.
  await voidResets(ctx.db, found._id);
  const user = info(found);
  return { user: { ...user, doNotLogout: body.doNotLogout }, token: await issueToken(ctx, user, body.doNotLogout) };
};

export const logout = async (ctx: ApiContext, caller: AuthUser | undefined): Promise<void> => {
  if (!caller) return;
  await revokeSession(ctx.db, caller.sessionId);
  ctx.events.emit('sessionRevoked', caller.sessionId);
};

/** A refused current password (the route marks the answer so the BFF counts it as a failed login). */
const wrongCurrentPassword = () => badRequest(CURRENT_PASSWORD_WRONG, 'currentPassword');

/**
 * The caller's profile. A password absent (or empty) keeps the stored one, and so does the
 * stored one sent again (the spec's own client sends it on every save); only a different one
 * counts as a change. A change needs the current password too, so a borrowed session (a
 * kiosk left open, a stolen cookie) cannot lock the owner out, and it ends the other sessions.
 */
export const updateProfile = async (ctx: ApiContext, caller: AuthUser, body: ProfileUpdateBody): Promise<UserInfo> => {
  const { password, currentPassword, ...profile } = body;
  const currentHash = await repo.findPasswordHash(ctx.db, caller._id);
  if (currentHash === null) throw notFound('Your account');
  const changed = password !== undefined && !(await verifyPassword(currentHash, password));
  if (changed && !(currentPassword && (await verifyPassword(currentHash, currentPassword)))) throw wrongCurrentPassword();
  const user = await repo.updateProfile(ctx.db, caller._id, profile, changed ? await hashPassword(password) : null);
  if (!user) throw notFound('Your account');
  if (changed) {
    await revokeUserSessions(ctx.db, caller._id, caller.sessionId);
    ctx.events.emit('userChanged', caller._id);
  }
  return info(user);
};

/** A user's full profile: only the user themselves or an admin may read it. */
export const getProfile = async (ctx: ApiContext, caller: AuthUser, id: string): Promise<User> => {
  if (id !== caller._id && !caller.isAdmin) throw forbidden('You can only see your own profile');
  return getUser(ctx, id);
};

export const listUsers = (ctx: ApiContext): Promise<User[]> => repo.listUsers(ctx.db);

export const pageOfUsers = async (ctx: ApiContext, window: PageWindow): Promise<Paged<User>> => {
  const [items, total] = await Promise.all([repo.listUsersPage(ctx.db, window), repo.countUsers(ctx.db)]);
  return { items, total };
};

export const getUser = async (ctx: ApiContext, id: string): Promise<User> => {
  const user = isUuid(id) ? await repo.findUser(ctx.db, id) : null;
  if (!user) throw notFound('The user');
  return user;
};

export const adminUpdateUser = async (ctx: ApiContext, id: string, body: AdminUserUpdateBody): Promise<void> => {
  if (!isUuid(id)) throw notFound('The user');
  await ctx.db.transaction(async (tx) => {
    const admins = await repo.lockAdminIds(tx);
    if (!body.isAdmin && admins.length === 1 && admins[0] === id) {
      throw conflict('The shop needs at least one administrator: make someone else an admin first', 'isAdmin');
    }
    const updated = await repo.adminUpdateUser(tx, id, body);
    if (updated === 'taken') throw userExists();
    if (!updated) throw notFound('The user');
  });
  ctx.events.emit('userChanged', id);
};

export const deleteUser = async (ctx: ApiContext, caller: AuthUser, id: string): Promise<void> => {
  // An admin would lock themselves out mid-session (and could remove the shop's last admin by mistake).
  if (id === caller._id) throw badRequest(OWN_ACCOUNT_DELETE, 'id');
  if (!isUuid(id)) throw notFound('The user');
  await ctx.db.transaction(async (tx) => {
    const admins = await repo.lockAdminIds(tx);
    if (admins.length === 1 && admins[0] === id) {
      throw conflict(LAST_ADMIN);
    }
    if (!(await repo.deleteUser(tx, id))) throw notFound('The user');
  });
  ctx.events.emit('userChanged', id);
};

/**
 * The caller deletes their own account, confirmed with its password: its sessions end (they
 * cascade), its reviews keep their text under DELETED_CUSTOMER without the link to it, its orders stay for the shop's
 * books as DELETED_CUSTOMER's (repo.anonymiseOrders), and its email may register again. The
 * shop's last admin cannot.
 */
/** The caller's own password, asked again before the kiosk shows their address (docs/interfaces.md). */
export const checkOwnPassword = async (ctx: ApiContext, caller: AuthUser, currentPassword: string): Promise<void> => {
  const hash = await repo.findPasswordHash(ctx.db, caller._id);
  if (hash === null) throw notFound('Your account');
  if (!(await verifyPassword(hash, currentPassword))) throw wrongCurrentPassword();
};

export const deleteOwnAccount = async (ctx: ApiContext, caller: AuthUser, currentPassword: string): Promise<void> => {
  const hash = await repo.findPasswordHash(ctx.db, caller._id);
  if (hash === null) throw notFound('Your account');
  if (!(await verifyPassword(hash, currentPassword))) throw wrongCurrentPassword();
  await ctx.db.transaction(async (tx) => {
    const admins = await repo.lockAdminIds(tx);
    if (admins.length === 1 && admins[0] === caller._id) throw conflict(LAST_ADMIN);
    await repo.anonymiseOrders(tx, caller._id, DELETED_CUSTOMER);
    await repo.anonymiseReviews(tx, caller._id, DELETED_CUSTOMER);
    if (!(await repo.deleteUser(tx, caller._id))) throw notFound('Your account');
  });
  ctx.events.emit('userChanged', caller._id);
};

/** Everything the shop holds about the caller (the profile, orders and reviews), for `Download my data`. */
export const exportMyData = async (ctx: ApiContext, caller: AuthUser): Promise<MyData> => {
  const [profile, myOrders, reviews] = await Promise.all([
    getUser(ctx, caller._id),
    orders.listMyOrders(ctx, caller),
    repo.listReviewsBy(ctx.db, caller._id),
  ]);
  return { exportedAt: new Date().toISOString(), profile, orders: myOrders, reviews };
};
