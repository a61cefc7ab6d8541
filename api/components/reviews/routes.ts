import { Router } from 'express';
import type { ApiContext } from '../../context.ts';

/** Mounted at /api/users/review. */
export const reviewsRoutes = (_ctx: ApiContext): Router => {
  const router = Router();
  return router;
};
