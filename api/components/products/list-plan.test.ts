import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sort } from '#contracts/product.ts';
import { SORTS } from '#contracts/rules.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { parseListFilter } from './list-query.ts';
import { buildWhere, orderBy } from './list-sql.ts';
import { pageQuery } from './repository.ts';
import { addProduct } from './test-fixtures.ts';

/**
 * The list's orders come from indexes, not from sorting the table (page 5000 sorted
 * 100,000 rows). With sorting priced out (enable_sort off), a page's plan reads its order from the
 * index made for it; without that index the planner has no choice but to sort. Plan shape only:
 * timings are for bench/product-list.ts.
 */
const INDEX_FOR: Record<Sort | 'newest', string> = {
  newest: 'products_created_idx',
  price_1: 'products_price_asc_idx',
  'price_-1': 'products_price_desc_idx',
  'rating_-1': 'products_rating_order_idx',
  name_1: 'products_name_asc_idx',
  'name_-1': 'products_name_desc_idx',
};

describe("the product list's query plans", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
    for (let i = 0; i < 30; i++) {
      await addProduct(t.db, { name: `Item ${i}`, category: 'Things', priceCents: 100 * (i % 7), rating: (i % 5) + 0.5, age: i });
    }
    await t.db.query('analyze products');
  });
  afterAll(() => t.stop());

  const plan = (query: Record<string, string>): Promise<string> => {
    const filter = parseListFilter({}, query);
    const where = buildWhere(filter);
    const { sql, params } = pageQuery(where, orderBy(filter.sort, where.rankSql), 10, (filter.page - 1) * 10);
    return t.db.transaction(async (tx) => {
      await tx.query('set local enable_sort = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  };

  it("when a page is asked in any of the list's orders, then its rows come in the order of that order's index", async () => {
    for (const sort of ['newest', ...SORTS] as const) {
      const text = await plan(sort === 'newest' ? { pageNum: '1' } : { pageNum: '1', sort });
      expect(text, sort).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${INDEX_FOR[sort]} on products`));
    }
  });

  it('when a deep page is asked newest first, then its ids are counted off the index, not sorted', async () => {
    expect(await plan({ pageNum: '3' })).toMatch(/Index (Only )?Scan using products_created_idx on products/);
  });

  it('when whole stars filter the list, then the rating is compared as a range an index can serve', async () => {
    expect(await plan({ pageNum: '1', rating: '4,5', sort: 'rating_-1' })).toMatch(/Index Cond: .*rating >= /);
  });
});
