import { MY_DATA_FILE, type MyData } from '#contracts/my-data.ts';
import { type RequestHandler, type Response, Router } from 'express';
import {
  AUTH_FAILURE_HEADER,
  AdminSetPasswordBody,
  AdminUserUpdateBody,
  CURRENT_PASSWORD_FAILURE,
  FORGOT_PASSWORD_ANSWER,
  ForgotPasswordBody,
  LoginBody,
  ProfileUpdateBody,
  DeleteAccountBody,
  RegisterBody,
  ResetPasswordBody,
  type LoginResponse,
  type PasswordSetResponse,
  type ProfileUpdateResponse,
  type RegisterResponse,
  type User,
  type UserRemovedResponse,
  type UserUpdatedResponse,
} from '#contracts/user.ts';
import { requireAdmin, requireUser } from '../../auth/middleware.ts';
import type { ApiContext } from '../../context.ts';
import { readPageWindow, sendPage } from '../../http/admin-page.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import * as users from './service.ts';
import { adminSetPassword, requestReset, resetPassword } from './password-reset.ts';

/**
 * Only the BFF's own session routes may make a token; a proxied or outside call that reaches
 * login or register (a path spelling the BFF failed to stop) is refused before anything happens.
 */
const bffSessionCallOnly: RequestHandler = (req, _res, next) => {
  next(req.bffPurpose === 'session' ? undefined : forbidden('Log in through the shop'));
};

/** A refused current password is a password guess: the BFF counts answers marked so in its login limit. */
const markingPasswordGuesses = async <T>(res: Response, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.field === 'currentPassword') res.setHeader(AUTH_FAILURE_HEADER, CURRENT_PASSWORD_FAILURE);
    throw error;
  }
};

/**
 * /api/users. Login and register also answer `token`: the BFF keeps it in its session and
 * strips it, so the browser sees the spec's body only.
 */
export const usersRoutes = (ctx: ApiContext): Router => {
  const router = Router();

  router.post('/register', bffSessionCallOnly, async (req, res) => {
    const { user, token } = await users.register(ctx, parse(RegisterBody, req.body));
    res.status(201).json({ success: 'User created', userCreated: user, token } satisfies RegisterResponse & { token: string });
  });

  router.post('/login', bffSessionCallOnly, async (req, res) => {
    const { user, token } = await users.login(ctx, parse(LoginBody, req.body));
    res.json({ success: 'user logged in', userLoggedIn: user, token } satisfies LoginResponse & { token: string });
  });

  // The answer goes before the work: the same words in the same time whether or not the address has an account.
  router.post('/forgot-password', (req, res) => {
    const body = parse(ForgotPasswordBody, req.body);
    res.json({ message: FORGOT_PASSWORD_ANSWER });
    requestReset(ctx, body).catch((error: unknown) => ctx.logger.error({ err: error }, 'password reset request failed'));
  });

  // Logs the customer in here (a new session, so only the BFF's session call).
  router.post('/reset-password', bffSessionCallOnly, async (req, res) => {
    const user = await resetPassword(ctx, parse(ResetPasswordBody, req.body));
    const token = await users.issueToken(ctx, user, false);
    res.json({ success: 'user logged in', userLoggedIn: { ...user, doNotLogout: false }, token } satisfies LoginResponse & {
      token: string;
    });
  });

  router.put('/profile', requireUser, async (req, res) => {
    const user = await markingPasswordGuesses(res, () => users.updateProfile(ctx, req.user!, parse(ProfileUpdateBody, req.body)));
    res.json({ success: 'user updated', userUpdated: user } satisfies ProfileUpdateResponse);
  });

  router.delete('/profile', requireUser, async (req, res) => {
    const { currentPassword } = parse(DeleteAccountBody, req.body);
    await markingPasswordGuesses(res, () => users.deleteOwnAccount(ctx, req.user!, currentPassword));
    res.status(204).end();
  });

  // The password asked again before a public screen (the kiosk) shows the caller's address: 204 or 400.
  router.post('/profile/check-password', requireUser, async (req, res) => {
    const { currentPassword } = parse(DeleteAccountBody, req.body);
    await markingPasswordGuesses(res, () => users.checkOwnPassword(ctx, req.user!, currentPassword));
    res.status(204).end();
  });

  // Before /profile/:id, which would take `export` for an id.
  router.get('/profile/export', requireUser, async (req, res) => {
    const data = await users.exportMyData(ctx, req.user!);
    res.set({ 'Content-Disposition': `attachment; filename="${MY_DATA_FILE}"`, 'Cache-Control': 'no-store' });
    res.json(data satisfies MyData);
  });

  router.get('/profile/:id', requireUser, async (req, res) => {
    res.json((await users.getProfile(ctx, req.user!, String(req.params.id))) satisfies User);
  });

  router.get('/', requireAdmin, async (req, res) => {
    const window = readPageWindow(req.query);
    if (window) sendPage<User>(res, await users.pageOfUsers(ctx, window));
    else res.json((await users.listUsers(ctx)) satisfies User[]);
  });

  router.get('/:id', requireAdmin, async (req, res) => {
    res.json((await users.getUser(ctx, String(req.params.id))) satisfies User);
  });

  router.put('/:id', requireAdmin, async (req, res) => {
    await users.adminUpdateUser(ctx, String(req.params.id), parse(AdminUserUpdateBody, req.body));
    res.json('user updated' satisfies UserUpdatedResponse);
  });

  // A customer who cannot use a reset link (no access to the address): their sessions end.
  router.post('/:id/password', requireAdmin, async (req, res) => {
    await adminSetPassword(ctx, req.user!, String(req.params.id), parse(AdminSetPasswordBody, req.body));
    res.json('password set' satisfies PasswordSetResponse);
  });

  router.delete('/:id', requireAdmin, async (req, res) => {
    await users.deleteUser(ctx, req.user!, String(req.params.id));
    res.json('user removed' satisfies UserRemovedResponse);
  });

  return router;
};
