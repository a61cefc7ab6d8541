import { Router } from 'express';
import type { ApiContext } from '../../context.ts';

export const ordersRoutes = (_ctx: ApiContext): Router => {
  const router = Router();
  return router;
};
