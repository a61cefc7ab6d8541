import { type ReviewBody, reviewerName } from '#contracts/product.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { ApiContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import * as repo from './repository.ts';

/** One review per user and product; the product's average and count change in the same transaction. */
export const createReview = async (ctx: ApiContext, caller: AuthUser, productId: string, body: ReviewBody): Promise<void> => {
  if (!isUuid(productId)) throw notFound('That product');
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockProduct(tx, productId))) throw notFound('That product');
    const inserted = await repo.insertReview(tx, {
      productId,
      userId: caller._id,
      userName: reviewerName(caller.name, caller.lastName),
      rating: body.rating,
      comment: body.comment,
    });
    if (!inserted) throw badRequest('You have already reviewed this product: each user may review a product once');
    await repo.refreshRating(tx, productId);
  });
};
