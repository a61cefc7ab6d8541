import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { addProduct } from '../../api/components/products/test-fixtures.ts';

/** Text an attacker puts where the shop builds SQL from a search, a filter or a sort. */
const HOSTILE = ["' or '1'='1", "x'); drop table products; --", '%', '_', '\\', '"; select pg_sleep(5); --', '*', '(?:'];
// A NUL character is left out here: it is a known 500 (see bad-input.test.ts).

describe('security: search, filters and sort are data, never SQL', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ attachments: [] });
    await addProduct(t.db, { name: 'Visible laptop', category: 'Computers/Laptops', attrs: [{ key: 'RAM', value: '16 GB' }] });
    await addProduct(t.db, { name: 'Other phone', category: 'Phones' });
  });
  afterAll(() => t.stop());

  const list = async (path: string) => {
    const res = await fetch(`${t.url}${path}`);
    const text = await res.text();
    return { status: res.status, body: res.ok ? (JSON.parse(text) as { products: Array<{ name: string }> }) : undefined };
  };

  it('when a search, a category or a filter holds hostile text, then the answer is a 4xx or only matching products, never a 500', async () => {
    for (const bad of HOSTILE) {
      const e = encodeURIComponent(bad);
      // Text matched against names and categories: an injected "or true" would return both products.
      const matched = [
        `/api/products/search/${e}/`,
        `/api/products/category/${e}/`,
        `/api/products/category/${e}/search/${e}/`,
        `/api/products/?category=${e}`,
        `/api/products/?attrs=RAM-${e}`,
      ];
      const parsed = [`/api/products/?attrs=${e}`, `/api/products/?rating=${e}`, `/api/products/?price=${e}`, `/api/products/?sort=${e}`, `/api/products/?pageNum=${e}`];
      for (const path of [...matched, ...parsed]) {
        const { status, body } = await list(path);
        expect(status, path).toBeLessThan(500);
        if (body && matched.includes(path) && bad !== '*') expect(body.products.map((p) => p.name), path).toEqual([]);
      }
    }
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from products');
    expect(rows[0]!.n).toBe(2);
  });

  it('when a search uses LIKE wildcards, then they match literally, not everything', async () => {
    for (const wildcard of ['%', '_']) {
      const { status, body } = await list(`/api/products/search/${encodeURIComponent(wildcard)}/`);
      expect(status).toBe(200);
      expect(body!.products, wildcard).toEqual([]);
    }
  });

  it('when a list parameter is sent twice (an array to the server), then 400 names it instead of a 500', async () => {
    for (const name of ['pageNum', 'sort', 'category', 'attrs', 'rating', 'price']) {
      const res = await fetch(`${t.url}/api/products/?${name}=1&${name}=2`);
      expect({ status: res.status, field: ((await res.json()) as { field?: string }).field }).toEqual({ status: 400, field: name });
    }
  });
});
