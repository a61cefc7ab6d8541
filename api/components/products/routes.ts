import { Router } from 'express';
import type { ApiContext } from '../../context.ts';

export const productsRoutes = (_ctx: ApiContext): Router => {
  const router = Router();
  return router;
};
