import { z } from 'zod';

/**
 * `?page=&limit=` of the admin lists (GET /api/orders/admin, /api/products/admin, /api/users).
 * Without either the answer is the spec's whole array; with them, one page of the same array
 * and the number of rows in all pages in `X-Total-Count`.
 */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const ADMIN_PAGE_MAX_LIMIT = 100;
/** The rows of a page when only `page` is given; the admin tables ask for this many too. */
export const ADMIN_PAGE_DEFAULT_LIMIT = 20;
/** Far beyond any table (100 million rows at the largest limit), so the offset stays a small number. */
const MAX_PAGE = 1_000_000;

/** Digits only: `1.5`, `1e2`, `0x10` or `-1` are refused rather than read as some other number. */
const wholeNumber = (field: string, max: number) =>
  z
    .string(`${field} is a whole number`)
    .regex(/^\d{1,9}$/, `${field} is a whole number`)
    .transform(Number)
    .pipe(z.number().min(1, `${field} is at least 1`).max(max, `${field} is at most ${max}`));

/** An empty value counts as absent (the house rule: lenient about empty values, strict about meaning). */
const optional = (schema: z.ZodType<number, string>) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const AdminPageQuery = z.object({
  page: optional(wholeNumber('page', MAX_PAGE)),
  limit: optional(wholeNumber('limit', ADMIN_PAGE_MAX_LIMIT)),
});
export type AdminPageQuery = z.infer<typeof AdminPageQuery>;
