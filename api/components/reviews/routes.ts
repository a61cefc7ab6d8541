import { Router } from 'express';
import { ReviewBody, type ReviewCreatedResponse } from '#contracts/product.ts';
import { requireUser } from '../../auth/middleware.ts';
import type { ApiContext } from '../../context.ts';
import { parse } from '../../http/validate.ts';
import * as reviews from './service.ts';

/** Mounted at /api/users/review. */
export const reviewsRoutes = (ctx: ApiContext): Router => {
  const router = Router();

  router.post('/:productId', requireUser, async (req, res) => {
    await reviews.createReview(ctx, req.user!, String(req.params.productId), parse(ReviewBody, req.body));
    res.status(201).json('review created' satisfies ReviewCreatedResponse);
  });

  return router;
};
