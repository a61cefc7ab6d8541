import { Router } from 'express';
import type { UserInfo } from '#contracts/user.ts';
import { requireUser } from '../../auth/middleware.ts';
import type { ApiContext } from '../../context.ts';
import * as users from './service.ts';

/** GET /api/logout and GET /api/session: the session the token points at. */
export const sessionRoutes = (ctx: ApiContext): Router => {
  const router = Router();

  router.get('/session', requireUser, (req, res) => {
    const { _id, name, lastName, email, isAdmin } = req.user!;
    res.json({ user: { _id, name, lastName, email, isAdmin } satisfies UserInfo });
  });

  // Logging out twice, or with a token that is already dead, is not an error.
  router.get('/logout', async (req, res) => {
    await users.logout(ctx, req.user);
    res.json({ message: 'logged out' });
  });

  return router;
};
