import { createHash, randomBytes } from 'node:crypto';
import {
  RESET_LINK_INVALID,
  RESET_LINK_MINUTES,
  type AdminSetPasswordBody,
  type ForgotPasswordBody,
  type ResetPasswordBody,
  type UserInfo,
} from '#contracts/user.ts';
import { hashPassword } from '../../auth/password.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { ApiContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { composeMail } from '../mail/compose.ts';
import { linkOrigin } from '../mail/order-mail.ts';
import { queueMail } from '../mail/outbox.ts';
import * as repo from './repository.ts';
import * as resets from './reset-repository.ts';

const hashOf = (token: string): Buffer => createHash('sha256').update(token).digest();

/** The new password, and nothing the old one opened stays open: sessions, reset links. False for no such user. */
const setPasswordEndingSessions = async (tx: Queryable, userId: string, passwordHash: string): Promise<boolean> => {
  if (!(await resets.setPasswordHash(tx, userId, passwordHash))) return false;
  await resets.voidResets(tx, userId);
  await revokeUserSessions(tx, userId);
  return true;
};

/**
 * Makes a reset link for the address's account, if there is one and it is under its hourly
 * limit: the token (256 random bits) is kept only as its hash, and its mail is queued in the
 * same transaction. Nothing tells the caller which case it was.
 */
export const requestReset = async (ctx: ApiContext, { email }: ForgotPasswordBody): Promise<void> => {
  const user = await repo.findCredentialsByEmail(ctx.db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const queued = await ctx.db.transaction(async (tx) => {
    if ((await resets.recentResets(tx, user._id)) >= ctx.config.PASSWORD_RESETS_PER_HOUR) return false;
    await resets.insertReset(tx, user._id, hashOf(token), RESET_LINK_MINUTES);
    const mail = composeMail(ctx.config.SHOP_NAME, {
      to: user.email,
      subject: 'Reset your password',
      greeting: `Hello ${user.name},`,
      paragraphs: [
        `Someone, probably you, asked to reset the password of your account. The link works once, for ${RESET_LINK_MINUTES} minutes.`,
        'If it was not you, ignore this mail: your password stays as it is.',
      ],
      link: { label: 'Choose a new password', url: `${linkOrigin(ctx)}/reset-password/${token}` },
    });
    await queueMail(tx, 'password-reset', mail);
    return true;
  });
  if (!queued) ctx.logger.warn({ userId: user._id }, 'password reset refused: the account reached its hourly limit');
  await resets.pruneResets(ctx.db);
};

/**
 * An admin sets the account's password (a customer who cannot use a reset link): as a reset
 * does, every session of the account ends and every open link is voided; the admin's id is logged.
 */
export const adminSetPassword = async (ctx: ApiContext, admin: AuthUser, id: string, { password }: AdminSetPasswordBody): Promise<void> => {
  const passwordHash = await hashPassword(password);
  const found = isUuid(id) && (await ctx.db.transaction(async (tx) => setPasswordEndingSessions(tx, id, passwordHash)));
  if (!found) throw notFound('The user');
  ctx.events.emit('userChanged', id);
  ctx.logger.info({ userId: id, adminId: admin._id }, 'password set by an admin: every session of the account ended');
};

/**
 * Sets the new password with a live link, used once: every session of the account ends (other
 * browsers, kiosks) and every other link is voided. Answers the user, for the caller's new session.
 */
export const resetPassword = async (ctx: ApiContext, body: ResetPasswordBody): Promise<UserInfo> => {
  const passwordHash = await hashPassword(body.password);
  const userId = await ctx.db.transaction(async (tx) => {
    const id = await resets.useReset(tx, hashOf(body.token));
    if (!id) return null;
    await setPasswordEndingSessions(tx, id, passwordHash);
    return id;
  });
  if (!userId) throw badRequest(RESET_LINK_INVALID, 'token');
  ctx.events.emit('userChanged', userId);
  const user = await repo.findUser(ctx.db, userId);
  if (!user) throw badRequest(RESET_LINK_INVALID, 'token');
  return { _id: user._id, name: user.name, lastName: user.lastName, email: user.email, isAdmin: user.isAdmin };
};
