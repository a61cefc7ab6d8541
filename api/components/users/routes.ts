import { Router } from 'express';
import type { ApiContext } from '../../context.ts';

export const usersRoutes = (_ctx: ApiContext): Router => {
  const router = Router();
  return router;
};
