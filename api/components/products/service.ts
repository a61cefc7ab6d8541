import type { Product, ProductBody, ProductListResponse, ProductSummary } from '#contracts/product.ts';
import { LIMITS, toCents } from '#contracts/rules.ts';
import type { ApiContext } from '../../context.ts';
import type { Paged, PageWindow } from '../../http/admin-page.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { deleteUnusedFiles } from '../images/service.ts';
import { cachedCount, forgetCounts } from './count-cache.ts';
import type { ListFilter } from './list-query.ts';
import { buildWhere, orderBy } from './list-sql.ts';
import * as repo from './repository.ts';
import { searchPageIds } from './search-page.ts';

const BESTSELLERS_MAX = 5;

const productNotFound = () => notFound('That product');

export const listProducts = async (ctx: ApiContext, filter: ListFilter): Promise<ProductListResponse> => {
  const where = buildWhere(filter);
  const [limit, offset] = [LIMITS.pageSize, (filter.page - 1) * LIMITS.pageSize];
  const total = cachedCount(ctx.db, JSON.stringify([where.sql, where.params]), () => repo.countMatching(ctx.db, where));
  const page = async (): Promise<ProductSummary[]> => {
    const ids = await searchPageIds(ctx.db, filter, limit, offset, total);
    return ids ? repo.listByIds(ctx.db, ids) : repo.listMatching(ctx.db, where, orderBy(filter.sort, where.rankSql), limit, offset);
  };
  // Side by side: on a server they run on two connections (PGlite takes them in turn).
  const [matches, products] = await Promise.all([total, page()]);
  return { products, paginationLinksNumber: Math.ceil(matches / LIMITS.pageSize), pageNum: filter.page };
};

export const getProduct = async (ctx: ApiContext, id: string): Promise<Product> => {
  if (!isUuid(id)) throw productNotFound();
  const product = await repo.findProduct(ctx.db, id);
  if (!product) throw productNotFound();
  return { ...product, reviews: await repo.listReviews(ctx.db, id) };
};

export const bestsellers = (ctx: ApiContext): Promise<ProductSummary[]> => repo.bestsellers(ctx.db, BESTSELLERS_MAX);

/** The admin's products, newest first; `search` keeps those whose name holds it (any case). */
export const listForAdmin = (ctx: ApiContext, search?: string): Promise<ProductSummary[]> => repo.listAll(ctx.db, search);

export const pageForAdmin = async (ctx: ApiContext, window: PageWindow, search?: string): Promise<Paged<ProductSummary>> => {
  const [items, total] = await Promise.all([repo.listAllPage(ctx.db, window, search), repo.countAll(ctx.db, search)]);
  return { items, total };
};

const unknownCategory = (name: string) =>
  badRequest(`The category "${name}" does not exist: choose one from the list or create it first`, 'category');

const toFields = (body: ProductBody): repo.ProductFields => ({
  name: body.name,
  description: body.description,
  count: body.count,
  priceCents: toCents(body.price),
  category: body.category,
  attrs: body.attributesTable.map(({ key, value }) => ({ key, value })),
});

/** Runs a write whose category must exist; a category deleted meanwhile is the same 400. */
const withCategory = async <T>(ctx: ApiContext, category: string, write: () => Promise<T>): Promise<T> => {
  if (!(await repo.categoryExists(ctx.db, category))) throw unknownCategory(category);
  try {
    return await write();
  } catch (error) {
    if (repo.isMissingCategory(error)) throw unknownCategory(category);
    throw error;
  }
};

export const createProduct = async (ctx: ApiContext, body: ProductBody): Promise<string> => {
  const id = await withCategory(ctx, body.category, () => repo.insertProduct(ctx.db, toFields(body)));
  forgetCounts(ctx.db);
  return id;
};

export const updateProduct = async (ctx: ApiContext, id: string, body: ProductBody): Promise<void> => {
  if (!isUuid(id)) throw productNotFound();
  const updated = await withCategory(ctx, body.category, () => repo.updateProduct(ctx.db, id, toFields(body)));
  forgetCounts(ctx.db);
  if (!updated) throw productNotFound();
};

export const deleteProduct = async (ctx: ApiContext, id: string): Promise<void> => {
  if (!isUuid(id)) throw productNotFound();
  const images = await repo.deleteProduct(ctx.db, id);
  forgetCounts(ctx.db);
  if (!images) throw productNotFound();
  await deleteUnusedFiles(ctx, images);
};
