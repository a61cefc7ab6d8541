import type { Filter } from '#contracts/filter.ts';
import type { Sort } from '#contracts/product.ts';
import { LIST_QUERY_PARAMS } from '#contracts/server-render.ts';
import { SORTS, topLevelOf } from '#contracts/rules.ts';
import { listPath, PRODUCT_LIST, type ListLocation } from './list-path.ts';

export type ListQuery = { filter: Filter; sort?: Sort };

export { listPath, parseListPath, PRODUCT_LIST, searchPath, withoutPage, type ListLocation } from './list-path.ts';

const ticked = (map: Record<string, boolean> | undefined) =>
  Object.keys(map ?? {})
    .filter((k) => map?.[k])
    .sort();

/** The query fields of GET /api/products and of the list URL: comma-joined lists, attrs as key-v1-v2. */
const queryFields = ({ filter, sort }: ListQuery): [string, string][] => {
  const fields: [string, string][] = [];
  if (filter.price !== undefined) fields.push(['price', String(filter.price)]);
  const rating = ticked(filter.rating);
  if (rating.length) fields.push(['rating', rating.join(',')]);
  const category = ticked(filter.category);
  if (category.length) fields.push(['category', category.join(',')]);
  const attrs = (filter.attrs ?? []).filter((a) => a.values.length).map((a) => [a.key, ...a.values].join('-'));
  if (attrs.length) fields.push(['attrs', attrs.join(',')]);
  if (sort) fields.push(['sort', sort]);
  return fields;
};

/** The list URL's query string (without '?'), empty when nothing is filtered. */
export const filterToSearch = (query: ListQuery): string => new URLSearchParams(queryFields(query)).toString();

/** Reads a list URL's query string back; unknown or malformed values are ignored. */
export const filterFromSearch = (search: string): ListQuery => {
  const params = new URLSearchParams(search);
  const filter: Filter = {};
  const price = Number(params.get('price'));
  if (params.get('price') && Number.isFinite(price) && price >= 0) filter.price = price;
  const toMap = (s: string | null) =>
    Object.fromEntries(
      (s ?? '')
        .split(',')
        .filter(Boolean)
        .map((k) => [k, true]),
    );
  const rating = toMap(params.get('rating'));
  if (Object.keys(rating).length) filter.rating = rating;
  const category = toMap(params.get('category'));
  if (Object.keys(category).length) filter.category = category;
  const attrs = (params.get('attrs') ?? '')
    .split(',')
    .filter(Boolean)
    .map((item) => item.split('-'))
    .filter((parts): parts is [string, string, ...string[]] => parts.length >= 2 && parts[0] !== '')
    .map(([key, ...values]) => ({ key, values }));
  if (attrs.length) filter.attrs = attrs;
  const sort = params.get('sort');
  return (SORTS as readonly string[]).includes(sort ?? '') ? { filter, sort: sort as Sort } : { filter };
};

/** GET /api/products/[category/{name,with,commas}/][search/{q}/]?pageNum&price&rating&category&attrs&sort */
export const productsApiUrl = (location: ListLocation, query: ListQuery): string => {
  const fields = new Map(queryFields(query));
  const path = listPath({ categoryName: location.categoryName, searchQuery: location.searchQuery }).replace(PRODUCT_LIST, '/api/products');
  const params = new URLSearchParams([
    ['pageNum', String(location.pageNum ?? 1)],
    ...LIST_QUERY_PARAMS.map((k): [string, string] => [k, fields.get(k) ?? '']),
  ]);
  return `${path}/?${params.toString()}`;
};

export type CategoryTickResult = { category: Record<string, boolean>; reload: string | null };

/**
 * Spec section 4: ticking a category keeps the ticks of its own top-level group only;
 * unticking the last one reloads the plain list.
 */
export const tickCategory = (ticks: Record<string, boolean> | undefined, name: string, checked: boolean): CategoryTickResult => {
  const group = topLevelOf(name);
  const kept = Object.fromEntries(
    ticked(ticks)
      .filter((k) => topLevelOf(k) === group)
      .map((k) => [k, true]),
  );
  const category = checked ? { ...kept, [name]: true } : Object.fromEntries(Object.entries(kept).filter(([k]) => k !== name));
  return { category, reload: !checked && Object.keys(category).length === 0 ? PRODUCT_LIST : null };
};

/** Categories whose checkbox is disabled: those outside the ticked top-level group. */
export const disabledCategories = (all: readonly string[], ticks: Record<string, boolean> | undefined): string[] => {
  const groups = new Set(ticked(ticks).map(topLevelOf));
  return groups.size === 0 ? [] : all.filter((name) => !groups.has(topLevelOf(name)));
};
