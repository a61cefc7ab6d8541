import type { Response } from 'express';
import { ADMIN_PAGE_DEFAULT_LIMIT, TOTAL_COUNT_HEADER } from '#contracts/admin-page.ts';
import { AdminPageQuery } from '#server/admin-page-query.ts';
import { parse } from './validate.ts';

/** Which rows of an admin list to read, in SQL terms. */
export type PageWindow = { limit: number; offset: number };

/** One page of a list and the number of rows in all its pages. */
export type Paged<T> = { items: T[]; total: number };

/**
 * The admin lists' `?page=&limit=` (docs/interfaces.md). Null when neither is given: the caller
 * is the spec's client and gets the whole array. A bad value is a 400 naming `page` or `limit`.
 */
export const readPageWindow = (query: unknown): PageWindow | null => {
  const { page, limit } = parse(AdminPageQuery, query);
  if (page === undefined && limit === undefined) return null;
  const size = limit ?? ADMIN_PAGE_DEFAULT_LIMIT;
  return { limit: size, offset: ((page ?? 1) - 1) * size };
};

/** The page as the same array the whole list is, with the total in a header (the body keeps the spec's shape). */
export const sendPage = <T>(res: Response, { items, total }: Paged<T>): void => {
  res.setHeader(TOTAL_COUNT_HEADER, String(total));
  res.json(items);
};
