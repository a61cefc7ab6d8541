import { z } from 'zod';
import { ADMIN_PAGE_MAX_LIMIT, ADMIN_PAGE_MAX_PAGE, ADMIN_SEARCH_MAX } from '#contracts/admin-page.ts';

/** Digits only: `1.5`, `1e2`, `0x10` or `-1` are refused rather than read as some other number. */
const wholeNumber = (field: string, max: number) =>
  z
    .string(`${field} is a whole number`)
    .regex(/^\d{1,9}$/, `${field} is a whole number`)
    .transform(Number)
    .pipe(z.number().min(1, `${field} is at least 1`).max(max, `${field} is at most ${max}`));

/** An empty value counts as absent (the house rule: lenient about empty values, strict about meaning). */
const optional = (schema: z.ZodType<number, string>) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The admin lists' query (contracts/admin-page.ts). */
export const AdminPageQuery = z.object({
  page: optional(wholeNumber('page', ADMIN_PAGE_MAX_PAGE)),
  limit: optional(wholeNumber('limit', ADMIN_PAGE_MAX_LIMIT)),
});
export type AdminPageQuery = z.infer<typeof AdminPageQuery>;

/**
 * `?search=` of GET /api/products/admin: a piece of the product's name, any case, its ends
 * trimmed; empty or blank counts as absent. A repeated parameter (an array) is a 400 naming `search`.
 */
export const AdminProductsQuery = z.object({
  search: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string('search is text').max(ADMIN_SEARCH_MAX, `search is at most ${ADMIN_SEARCH_MAX} characters`).optional(),
  ),
});
export type AdminProductsQuery = z.infer<typeof AdminProductsQuery>;
