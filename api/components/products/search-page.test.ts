import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '#contracts/product.ts';
import type { Queryable } from '../../db/index.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { parseListFilter } from './list-query.ts';
import { buildWhere, orderBy } from './list-sql.ts';
import { pageQuery } from './repository.ts';
import { searchPageIds } from './search-page.ts';
import { addProduct } from './test-fixtures.ts';

/**
 * A one-word search is paged from product_search_terms and the created_at order instead of
 * ranking every match. What a shopper sees must stay what the ranked query answers:
 * every page of each search below is compared with that query, through the API.
 */
const WORDS = ['laptop', 'desk', 'lamp', 'cable', 'stand', 'screen', 'light', 'travel'];
const CATEGORIES = ['Computers/Laptops', 'Computers', 'Home/Lighting', 'Books'];
const ODD_NAMES = ["Quote's Lamp", 'Back\\slash Cable', "http://x.org/it's?q= Desk", 'e-mail Stand', 'Wi-Fi Laptop'];

describe('a one-word search, paged without ranking every match', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
    // A fixed pseudo-random catalogue: each word in the name or not, in the description 0-3
    // times, ages with ties (so the id decides), prices and ratings for the filters.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    for (let i = 0; i < 120; i++) {
      const inName = WORDS.filter(() => next(4) === 0);
      const inText = WORDS.flatMap((w) => Array.from({ length: [0, 0, 1, 1, 2, 3][next(6)]! }, () => w));
      // "sale": once in most descriptions, in a few names, so most of its matches are plain.
      if (next(5) > 0) inText.push('sale');
      if (next(8) === 0) inName.push('Sale');
      await addProduct(t.db, {
        name: i < ODD_NAMES.length ? ODD_NAMES[i]! : `Item ${i} ${inName.join(' ')}`.trim(),
        description: `Made well. ${inText.join(' and a ')}.`,
        category: CATEGORIES[next(CATEGORIES.length)]!,
        priceCents: 100 * (1 + next(50)),
        rating: next(50) / 10,
        age: next(40),
      });
    }
  });
  afterAll(() => t.stop());

  /** Ids of a page as the ranked query (the code before this change) orders them. */
  const rankedPage = async (path: { categoryName?: string; searchQuery: string }, query: Record<string, string>): Promise<string[]> => {
    const filter = parseListFilter(path, query);
    const where = buildWhere(filter);
    const { sql, params } = pageQuery(where, orderBy(filter.sort, where.rankSql), 10, (filter.page - 1) * 10);
    const { rows } = await t.db.query<{ _id: string }>(sql, params);
    return rows.map((r) => r._id);
  };
  const shownPage = async (
    path: { categoryName?: string; searchQuery: string },
    query: Record<string, string>,
  ): Promise<ProductListResponse> => {
    const url = `${t.url}/api/products/${path.categoryName ? `category/${path.categoryName}/` : ''}search/${encodeURIComponent(path.searchQuery)}/`;
    const res = await fetch(`${url}?${new URLSearchParams(query)}`);
    expect(res.status).toBe(200);
    return (await res.json()) as ProductListResponse;
  };

  it('when any word is searched, alone, in a category or with filters, then every page shows what ranking every match showed', async () => {
    type Search = [{ categoryName?: string; searchQuery: string }, Record<string, string>];
    const searches: Search[] = [
      ...WORDS.map((w): Search => [{ searchQuery: w }, {}]),
      [{ searchQuery: 'Laptops' }, {}], // stemmed to laptop
      [{ searchQuery: 'made' }, {}],
      [{ searchQuery: 'sale' }, {}], // mostly once in a description: the newest-first walk // in every description once: all share the lowest rank
      [{ searchQuery: 'item' }, {}], // in most names, never in a description
      [{ searchQuery: "quote's" }, {}],
      [{ searchQuery: 'wi-fi' }, {}],
      [{ searchQuery: 'nothingmatches' }, {}],
      [{ categoryName: 'Computers', searchQuery: 'laptop' }, {}],
      [{ categoryName: 'Computers', searchQuery: 'sale' }, { price: '30' }],
      [{ searchQuery: 'lamp' }, { price: '25', rating: '1,2,3' }],
      [{ searchQuery: 'cable' }, { category: 'Books,Home,Lighting' }],
      // Not one word: the ranked query still serves these, unchanged.
      [{ searchQuery: 'laptop stand' }, {}],
      [{ searchQuery: 'laptop -desk' }, {}],
      [{ searchQuery: '"desk lamp"' }, {}],
      [{ searchQuery: '%' }, {}],
      [{ searchQuery: 'laptop' }, { sort: 'price_1' }],
      [{ searchQuery: 'light' }, { sort: 'name_-1' }],
    ];
    for (const [path, query] of searches) {
      const first = await shownPage(path, { ...query, pageNum: '1' });
      for (let page = 1; page <= first.paginationLinksNumber + 1; page++) {
        const shown = await shownPage(path, { ...query, pageNum: String(page) });
        const label = `${JSON.stringify(path)} ${JSON.stringify(query)} page ${page}`;
        expect(
          shown.products.map((p) => p._id),
          label,
        ).toEqual(await rankedPage(path, { ...query, pageNum: String(page) }));
        expect(shown.paginationLinksNumber, label).toBe(first.paginationLinksNumber);
      }
    }
  });

  it('when a product is renamed, re-described or deleted, then its search terms follow', async () => {
    const id = await addProduct(t.db, { name: 'Solo Gadget', description: 'gadget gadget', category: 'Books', age: 50 });
    const terms = async () =>
      (await t.db.query<{ lexeme: string }>('select lexeme from product_search_terms where id = $1 order by lexeme', [id])).rows.map(
        (r) => r.lexeme,
      );
    expect(await terms()).toEqual(['gadget', 'solo']);
    await t.db.query(`update products set name = 'Duo Widget', description = 'widget once' where id = $1`, [id]);
    expect(await terms()).toEqual(['duo', 'widget']);
    await t.db.query('delete from products where id = $1', [id]);
    expect(await terms()).toEqual([]);
  });

  it('when a word holds quotes or backslashes, then its kept rank is the rank a search for it computes', async () => {
    const { rows } = await t.db.query<{ bad: number; odd: number }>(
      `select count(*) filter (where not (p.search @@ product_search_lexeme_query(t.lexeme))
                                  or t.rank <> ts_rank(p.search, product_search_lexeme_query(t.lexeme)))::int as bad,
              count(*) filter (where t.lexeme ~ '[''\\\\]')::int as odd
         from product_search_terms t join products p on p.id = t.id`,
    );
    expect(rows[0]).toEqual({ bad: 0, odd: expect.any(Number) });
    expect(rows[0]!.odd).toBeGreaterThan(0);
  });

  it('when a one-word search is paged, then no statement ranks the matches and the page is read off the terms index', async () => {
    const seen: string[] = [];
    const recording: Queryable = {
      query: (sql, params) => {
        seen.push(sql);
        return t.db.query(sql, params);
      },
    } as Queryable;
    const total = Promise.resolve(Number.NaN); // a full first page of ranked products never needs the count
    const ids = await searchPageIds(recording, parseListFilter({ searchQuery: 'laptop' }, { pageNum: '1' }), 10, 0, total);
    expect(ids).toHaveLength(10);
    expect(seen.join('\n')).not.toMatch(/ts_rank/);
    const plan = await t.db.transaction(async (tx) => {
      await tx.query('set local enable_sort = off');
      await tx.query('set local enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `explain select t.id from product_search_terms t where t.lexeme = 'laptop' order by t.rank desc, t.created_at desc, t.id limit 10`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan using product_search_terms_order_idx/);
  });
});
