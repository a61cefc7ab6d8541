import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct } from '../../api/components/products/test-fixtures.ts';
import { type ShopBehindBff, startShopBehindBff } from './shop-behind-bff.ts';

/**
 * Every input answers 200 or a 400 naming its parameter, never a 500 (nor any other status):
 * 600 random and hostile strings, each sent to all 9 parameters (about 5,400 requests, some 20 s
 * on two cores), through the BFF's public port. No fixed seed: each run tries new strings, and a
 * failure prints the seed and path that replay it (`fc.assert(…, { seed, path })`).
 */

/** Operators of SQL, LIKE, tsquery and websearch, URL and list syntax, and text PostgreSQL cannot hold. */
const PIECES = [
  ...[
    '&',
    '|',
    '!',
    ':',
    '*',
    '(',
    ')',
    '<',
    '<->',
    '-',
    "'",
    '"',
    '%',
    '_',
    '\\',
    ',',
    '/',
    '.',
    '..',
    ';',
    '=',
    '?',
    '#',
    '+',
    '$1',
    '::text',
  ],
  ...[' ', '\t', '\n', '\u00a0', '\u3000', '\u202e', '\ufeff', '\u0000', 'é', '😀', '👩‍👩‍👧', '\u0301'],
  ...[
    'or',
    'OR',
    'and',
    'not',
    '--',
    '/*',
    "' or '1'='1",
    'drop table products',
    'null',
    'NaN',
    'Infinity',
    '1e309',
    '-1',
    '0',
    '5',
    '4.5',
  ],
  ...['laptop', 'Computers', 'color-red', 'resolution-4K', 'price_1', '%00', '%2F', '%2e%2e'],
];
const RUNS = ['-', '- ', '-!', '-"', '%', '\\', '(', '!', ',', "'", '-x', ':*'];

const hostile: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: fc.constantFrom(...PIECES), maxLength: 30 }),
  fc.string({ unit: fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 30 }),
  fc.tuple(fc.constantFrom(...RUNS), fc.integer({ min: 16, max: 300 })).map(([piece, n]) => piece.repeat(n)),
  // Date-shaped, from year 0 on, with impossible months and days.
  fc
    .tuple(
      fc.oneof(fc.constantFrom(0, 1, 1999, 2000, 9999), fc.integer({ min: 0, max: 9999 })),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
    )
    .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
  // Very long, yet short enough for one URL (Node refuses request heads over 16 KB with 431).
  fc.string({ unit: 'binary', minLength: 150, maxLength: 600 }),
);

type Target = { param: string; url: (value: string) => string; inPath?: boolean; admin?: boolean };
const TARGETS: Target[] = [
  { param: 'searchQuery', url: (v) => `/api/products/search/${v}/`, inPath: true },
  { param: 'categoryName', url: (v) => `/api/products/category/${v}/`, inPath: true },
  ...['category', 'attrs', 'sort', 'pageNum', 'price', 'rating'].map((param) => ({
    param,
    url: (v: string) => `/api/products/?${param}=${v}`,
  })),
  { param: 'date', url: (v) => `/api/orders/analysis/${v}`, inPath: true, admin: true },
  // The admin lists' paging (one parser serves the three lists).
  { param: 'page', url: (v) => `/api/orders/admin?page=${v}&limit=5`, admin: true },
  { param: 'limit', url: (v) => `/api/users?limit=${v}`, admin: true },
];

const encode = (text: string): string => encodeURIComponent(text);

/**
 * A path parameter needs a value, and one that is a whole `.` or `..` segment (even as `%2E`) is
 * resolved away by the URL parser of fetch, as of any browser, before a request is sent.
 */
const sendable = (target: Target, text: string): boolean => !target.inPath || !['', '.', '..'].includes(text);

describe('security: hostile input through the BFF answers 200 or a 400 naming the parameter', () => {
  let shop: ShopBehindBff;
  beforeAll(async () => {
    shop = await startShopBehindBff({ apiLimitPerMinute: 1_000_000 });
    await addProduct(shop.api.db, {
      name: 'Laptop 13',
      category: 'Computers/Laptops',
      rating: 4.5,
      attrs: [{ key: 'color', value: 'red' }],
    });
    await addProduct(shop.api.db, { name: "O'Reilly -- 100% (C++)", category: 'Books', description: 'Operators & | ! : * ( ) < -' });
  });
  afterAll(() => shop?.stop());

  /** What is wrong with the answer to `text` at `target`, or null when it is 200 or a 400 naming the parameter. */
  const problem = async (target: Target, text: string): Promise<string | null> => {
    const path = target.url(encode(text));
    const res = await fetch(`${shop.bff.url}${path}`, { headers: target.admin ? { cookie: shop.adminCookie } : {} });
    const raw = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return `${res.status} non-JSON answer to ${path}: ${raw.slice(0, 200)}`;
    }
    if (res.status === 200) {
      const ok = target.admin ? Array.isArray(body) : Array.isArray((body as { products?: unknown }).products);
      return ok ? null : `200 of the wrong shape to ${path}: ${raw.slice(0, 200)}`;
    }
    // The API refuses a NUL anywhere in the URL before routing, naming the URL (api/http/no-nul.ts).
    const fields = text.includes('\u0000') ? [target.param, 'url'] : [target.param];
    const field = (body as { field?: unknown }).field;
    if (res.status === 400 && typeof field === 'string' && fields.includes(field)) return null;
    return `${res.status} to ${path} (${target.param}): ${raw.slice(0, 300)}`;
  };

  it("when random and hostile text goes into search, category, attrs, sort, page, price, rating, the analysis date and the admin lists' page and limit, then never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async (text) => {
        const targets = TARGETS.filter((t) => sendable(t, text));
        const problems = (await Promise.all(targets.map((t) => problem(t, text)))).filter(Boolean);
        expect(problems).toEqual([]);
      }),
      { numRuns: 600 },
    );
  }, 120_000);
});
