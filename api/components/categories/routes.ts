import { Router } from 'express';
import {
  CategoryAttrBody,
  CategoryCreateBody,
  CategoryEditBody,
  type Category,
  type CategoryCreatedResponse,
  type CategoryDeletedResponse,
  type CategoryUpdatedResponse,
} from '#contracts/category.ts';
import { requireAdmin } from '../../auth/middleware.ts';
import type { ApiContext } from '../../context.ts';
import { CATEGORIES_SCOPE, catalogueAnswer } from '../../http/catalogue-cache.ts';
import { parse } from '../../http/validate.ts';
import * as categories from './service.ts';

/** /api/categories: anyone lists them; only admins change them. */
export const categoriesRoutes = (ctx: ApiContext): Router => {
  const router = Router();

  router.get('/', catalogueAnswer(ctx.db, ctx.config.CATALOGUE_MAX_AGE_SECONDS, CATEGORIES_SCOPE), async (_req, res) => {
    res.json((await categories.listCategories(ctx)) satisfies Category[]);
  });

  router.post('/attr', requireAdmin, async (req, res) => {
    const all = await categories.saveAttr(ctx, parse(CategoryAttrBody, req.body));
    res.json({ categoryUpdated: all } satisfies CategoryUpdatedResponse);
  });

  router.post('/', requireAdmin, async (req, res) => {
    const { category } = parse(CategoryCreateBody, req.body);
    res.status(201).json({ categoryCreated: await categories.createCategory(ctx, category) } satisfies CategoryCreatedResponse);
  });

  router.put('/:name', requireAdmin, async (req, res) => {
    const edited = await categories.editCategory(ctx, String(req.params.name), parse(CategoryEditBody, req.body));
    res.json(edited satisfies Category);
  });

  router.delete('/:name/attrs/:key/:value', requireAdmin, async (req, res) => {
    const { name, key, value } = req.params;
    const all = await categories.removeAttrValue(ctx, String(name), String(key), String(value));
    res.json({ categoryUpdated: all } satisfies CategoryUpdatedResponse);
  });

  // The name arrives URL-encoded (`Computers%2FLaptops`); Express hands it over decoded.
  router.delete('/:name', requireAdmin, async (req, res) => {
    await categories.deleteCategory(ctx, String(req.params.name));
    res.json({ categoryDeleted: true } satisfies CategoryDeletedResponse);
  });

  return router;
};
