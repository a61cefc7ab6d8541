import { Router } from 'express';
import type { ApiContext } from '../../context.ts';

/** GET /api/logout and GET /api/session: the session the token points at. */
export const sessionRoutes = (_ctx: ApiContext): Router => {
  const router = Router();
  return router;
};
