import { type Request, type Response, Router } from 'express';
import {
  ProductBody,
  type Product,
  type ProductCreatedResponse,
  type ProductListResponse,
  type ProductRemovedResponse,
  type ProductSummary,
  type ProductUpdatedResponse,
} from '#contracts/product.ts';
import { AdminProductsQuery } from '#server/admin-page-query.ts';
import { requireAdmin } from '../../auth/middleware.ts';
import { type ApiContext, forRequest } from '../../context.ts';
import { readPageWindow, sendPage } from '../../http/admin-page.ts';
import { LIST_SCOPE, catalogueAnswer, productScope } from '../../http/catalogue-cache.ts';
import { parse } from '../../http/validate.ts';
import { imagesRoutes } from '../images/routes.ts';
import { parseListFilter } from './list-query.ts';
import * as products from './service.ts';

/** The list's four path shapes (spec section 7); the client adds a trailing slash. */
const LIST_PATHS = ['/', '/category/:categoryName', '/search/:searchQuery', '/category/:categoryName/search/:searchQuery'];

const adminRoutes = (ctx: ApiContext): Router => {
  const router = Router();
  router.use(requireAdmin);

  router.get('/', async (req, res) => {
    const window = readPageWindow(req.query);
    const { search } = parse(AdminProductsQuery, req.query);
    if (window) sendPage<ProductSummary>(res, await products.pageForAdmin(ctx, window, search));
    else res.json((await products.listForAdmin(ctx, search)) satisfies ProductSummary[]);
  });

  router.post('/', async (req, res) => {
    const productId = await products.createProduct(ctx, parse(ProductBody, req.body));
    res.status(201).json({ message: 'product created', productId } satisfies ProductCreatedResponse);
  });

  router.use(imagesRoutes(ctx));

  router.put('/:id', async (req, res) => {
    await products.updateProduct(ctx, String(req.params.id), parse(ProductBody, req.body));
    res.json({ message: 'product updated' } satisfies ProductUpdatedResponse);
  });

  router.delete('/:id', async (req, res) => {
    await products.deleteProduct(forRequest(ctx, req), String(req.params.id));
    res.json({ message: 'product removed' } satisfies ProductRemovedResponse);
  });

  return router;
};

/** /api/products: anyone browses; /admin/* is for administrators. */
export const productsRoutes = (ctx: ApiContext): Router => {
  const router = Router();
  const cacheable = (scope: Parameters<typeof catalogueAnswer>[2]) => catalogueAnswer(ctx.db, ctx.config.CATALOGUE_MAX_AGE_SECONDS, scope);

  router.get('/bestsellers', cacheable(LIST_SCOPE), async (_req, res) => {
    res.json((await products.bestsellers(ctx)) satisfies ProductSummary[]);
  });

  router.get('/get-one/:id', cacheable(productScope('id')), async (req, res) => {
    res.json((await products.getProduct(ctx, String(req.params.id))) satisfies Product);
  });

  router.use('/admin', adminRoutes(ctx));

  const list = async (req: Request<Record<string, string | undefined>>, res: Response) => {
    const filter = parseListFilter(req.params, req.query as Record<string, unknown>);
    res.json((await products.listProducts(ctx, filter)) satisfies ProductListResponse);
  };
  const listScope = cacheable(LIST_SCOPE);
  // Two layers of one route: the version check, then the list (whose params type is its own).
  for (const path of LIST_PATHS) router.route(path).get(listScope).get(list);

  return router;
};
