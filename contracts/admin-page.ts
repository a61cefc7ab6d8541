/**
 * `?page=&limit=` of the admin lists (GET /api/orders/admin, /api/products/admin, /api/users).
 * Without either the answer is the spec's whole array; with them, one page of the same array
 * and the number of rows in all pages in `X-Total-Count`. No zod here: the client imports this;
 * the schema is admin-page-query.ts.
 */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const ADMIN_PAGE_MAX_LIMIT = 100;
/** The rows of a page when only `page` is given; the admin tables ask for this many too. */
export const ADMIN_PAGE_DEFAULT_LIMIT = 20;
/** Far beyond any table (100 million rows at the largest limit), so the offset stays a small number. */
export const ADMIN_PAGE_MAX_PAGE = 1_000_000;
/** The longest `?search=` of GET /api/products/admin (a piece of a product's name), and of the box that sends it. */
export const ADMIN_SEARCH_MAX = 100;
