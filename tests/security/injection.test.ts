import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { addProduct } from '../../api/components/products/test-fixtures.ts';
import { DOORS, DOOR_LABEL, type Door, type DoorName, openDoors } from './through-bff.ts';

/** Text an attacker puts where the shop builds SQL from a search, a filter or a sort. */
const HOSTILE = ["' or '1'='1", "x'); drop table products; --", '%', '_', '\\', '"; select pg_sleep(5); --', '*', '(?:', 'a\u0000b'];

/**
 * Where the text goes, and what may come back. Free text (a search, a category) is data: 200
 * and no product, since nothing is named like it. An attrs value is free text unless it holds
 * the list's own separators. The other parameters have a grammar: 400 naming the parameter.
 * Text with a NUL can never reach the database: 400 naming the URL.
 */
type Probe = { path: (e: string) => string; answers: string[] };
const NO_PRODUCTS = '200 []';
const refused = (field: string) => `400 ${field}`;
/** Stands for the list in the default order, read in the same run: an unknown sort is no sort. */
const DEFAULT_ORDER = 'the default order';
const PROBES: Probe[] = [
  { path: (e) => `/api/products/search/${e}/`, answers: [NO_PRODUCTS] },
  { path: (e) => `/api/products/category/${e}/`, answers: [NO_PRODUCTS] },
  { path: (e) => `/api/products/category/${e}/search/${e}/`, answers: [NO_PRODUCTS] },
  { path: (e) => `/api/products/?category=${e}`, answers: [NO_PRODUCTS] },
  { path: (e) => `/api/products/?attrs=RAM-${e}`, answers: [NO_PRODUCTS, refused('attrs')] },
  ...['attrs', 'rating', 'price', 'pageNum'].map((name) => ({
    path: (e: string) => `/api/products/?${name}=${e}`,
    answers: [refused(name)],
  })),
  { path: (e) => `/api/products/?sort=${e}`, answers: [DEFAULT_ORDER] },
];

describe('security: search, filters and sort are data, never SQL', () => {
  let t: TestApi;
  let doors: Record<DoorName, Door>;
  let closeDoors: () => Promise<void>;
  beforeAll(async () => {
    t = await startTestApi({ attachments: [] });
    await addProduct(t.db, { name: 'Visible laptop', category: 'Computers/Laptops', attrs: [{ key: 'RAM', value: '16 GB' }] });
    await addProduct(t.db, { name: 'Other phone', category: 'Phones' });
    ({ doors, stop: closeDoors } = await openDoors(t));
  });
  afterAll(async () => {
    await closeDoors?.();
    await t?.stop();
  });

  describe.each(DOORS)('%s', (name) => {
    const via = DOOR_LABEL[name];
    /** "200 [names…]" or "<status> <field named>". */
    const answer = async (path: string): Promise<string> => {
      const res = await doors[name].guest(path);
      const body = (await res.json()) as { products?: Array<{ name: string }>; field?: string };
      return res.ok ? `${res.status} ${JSON.stringify(body.products?.map((p) => p.name))}` : `${res.status} ${body.field}`;
    };

    it(`when a search, a category or a filter holds hostile text ${via}, then no product or a 400 naming the parameter, and the products stay`, async () => {
      const wrong: string[] = [];
      const defaultOrder = await answer('/api/products/');
      expect(defaultOrder).toMatch(/^200 \[".+",".+"\]$/);
      for (const bad of HOSTILE) {
        for (const probe of PROBES) {
          const path = probe.path(encodeURIComponent(bad));
          const answers = probe.answers.map((a) => (a === DEFAULT_ORDER ? defaultOrder : a));
          const expected = bad.includes('\u0000') ? [refused('url')] : answers;
          const got = await answer(path);
          if (!expected.includes(got)) wrong.push(`${path}: ${got}, expected ${expected.join(' or ')}`);
        }
      }
      expect(wrong).toEqual([]);
      // The same routes find what is there, in the same run: the answers above were about the text.
      expect(await answer('/api/products/search/laptop/')).toBe('200 ["Visible laptop"]');
      expect(await answer(`/api/products/category/${encodeURIComponent('Computers/Laptops')}/`)).toBe('200 ["Visible laptop"]');
      expect(await answer('/api/products/?attrs=RAM-16 GB&sort=name_1&pageNum=1')).toBe('200 ["Visible laptop"]');
      const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from products');
      expect(rows[0]!.n).toBe(2);
    });

    it(`when a search uses LIKE wildcards ${via}, then they match literally, not everything`, async () => {
      for (const wildcard of ['%', '_'])
        expect(await answer(`/api/products/search/${encodeURIComponent(wildcard)}/`), wildcard).toBe(NO_PRODUCTS);
    });

    it(`when a list parameter is sent twice (an array to the server) ${via}, then 400 names it instead of a 500`, async () => {
      for (const param of ['pageNum', 'sort', 'category', 'attrs', 'rating', 'price']) {
        expect(await answer(`/api/products/?${param}=1&${param}=2`)).toBe(refused(param));
      }
    });
  });
});
