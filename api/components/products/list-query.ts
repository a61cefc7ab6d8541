import { ProductListQuery, type Sort } from '#contracts/product.ts';
import { categoryFromUrl, LIMITS, SORTS, toCents } from '#contracts/rules.ts';
import { badRequest } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';

/** What the product list is narrowed by, once the URL has been read and checked. */
export type ListFilter = {
  page: number;
  maxPriceCents?: number;
  /** Whole stars (1–5): a product matches when its rating rounds to one of them. */
  ratings: number[];
  /** From the path: the category and everything below it. */
  pathCategory?: string;
  /** From the query: any of these categories (each with everything below it). */
  categories: string[];
  /** Key → accepted values: values of one key are OR'd, keys AND'd. */
  attrs: Map<string, string[]>;
  sort?: Sort;
  search?: string;
};

const MAX_LIST_ITEMS = 50;

/** Empty items are skipped: the spec's own client ends every list with a comma (`rating=5,`). */
const items = (value: string, field: string): string[] => {
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (list.length > MAX_LIST_ITEMS) throw badRequest(`${field} may hold at most ${MAX_LIST_ITEMS} items`, field);
  return list;
};

const parseRatings = (value: string | undefined): number[] => {
  if (value === undefined) return [];
  return items(value, 'rating').map((s) => {
    if (!/^[1-5]$/.test(s)) throw badRequest('rating is a comma-joined list of whole stars from 1 to 5', 'rating');
    return Number(s);
  });
};

/** `key-v1-v2` items, comma-joined (spec section 7). */
const parseAttrs = (value: string | undefined): Map<string, string[]> => {
  const attrs = new Map<string, string[]>();
  if (value === undefined) return attrs;
  for (const item of items(value, 'attrs')) {
    const [key = '', ...values] = item.split('-').map((s) => s.trim());
    if (key === '' || values.length === 0 || values.some((v) => v === '')) {
      throw badRequest('attrs items are written key-value1-value2, for example color-red-blue', 'attrs');
    }
    attrs.set(key, [...new Set([...(attrs.get(key) ?? []), ...values])]);
  }
  return attrs;
};

const checkCategory = (name: string, field: string): string => {
  if (name.split('/').some((part) => part.trim() === '')) throw badRequest(`"${name}" is not a category path`, field);
  return name;
};

const parseCategories = (value: string | undefined): string[] =>
  value === undefined ? [] : items(value, 'category').map((name) => checkCategory(name, 'category'));

const MAX_PATH_CATEGORY = 2000;
const MAX_SEARCH = LIMITS.searchMax;

/**
 * Unused fields arrive empty (`price=`); the spec's own client sends its first page as
 * `pageNum=null` (its route has no page yet), which its server read as page 1.
 */
const isUnset = (key: string, value: unknown): boolean =>
  typeof value === 'string' && (value.trim() === '' || (key === 'pageNum' && value.trim() === 'null'));

/**
 * The spec's own client sends its sort box's placeholder (`sort=SORT BY`) when the shopper picks
 * it again: one order word it does not know reads as the default order, not as a failed list. A
 * repeated `sort` (an array) is still malformed.
 */
const isUnknownSort = (key: string, value: unknown): boolean =>
  key === 'sort' && typeof value === 'string' && !(SORTS as readonly string[]).includes(value);

/**
 * Reads GET /api/products' path and query. The client sends every field, empty when unused
 * (`?pageNum=1&price=&rating=…`), so an empty value means "not filtered". Any other malformed
 * value is a 400 naming its parameter (the path's are `categoryName` and `searchQuery`).
 */
export const parseListFilter = (params: Record<string, string | undefined>, rawQuery: Record<string, unknown>): ListFilter => {
  const query = Object.fromEntries(Object.entries(rawQuery).filter(([k, v]) => !isUnset(k, v) && !isUnknownSort(k, v)));
  if (query.sort !== undefined && !(SORTS as readonly unknown[]).includes(query.sort)) {
    throw badRequest(`sort must be one of ${SORTS.join(', ')}`, 'sort');
  }
  const q = parse(ProductListQuery, query);
  const pathCategory = params.categoryName === undefined ? undefined : categoryFromUrl(params.categoryName).trim();
  if (pathCategory && pathCategory.length > MAX_PATH_CATEGORY) {
    throw badRequest(`The category may be at most ${MAX_PATH_CATEGORY} characters long`, 'categoryName');
  }
  if (pathCategory) checkCategory(pathCategory, 'categoryName');
  const search = params.searchQuery?.trim();
  if (search !== undefined && search.length > MAX_SEARCH)
    throw badRequest(`The search may be at most ${MAX_SEARCH} characters long`, 'searchQuery');
  return {
    page: q.pageNum,
    ...(q.price === undefined ? {} : { maxPriceCents: toCents(q.price) }),
    ratings: parseRatings(q.rating),
    ...(pathCategory ? { pathCategory } : {}),
    categories: parseCategories(q.category),
    attrs: parseAttrs(q.attrs),
    ...(q.sort ? { sort: q.sort } : {}),
    ...(search ? { search } : {}),
  };
};
