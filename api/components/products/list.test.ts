import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '#contracts/product.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { addProduct } from './test-fixtures.ts';

const color = (value: string) => ({ key: 'color', value });
const ram = (value: string) => ({ key: 'ram', value });

describe('GET /api/products (the filterable list)', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
    const fixtures = [
      {
        name: 'Dell XPS 13',
        category: 'Computers/Laptops/Dell',
        priceCents: 99999,
        rating: 4.6,
        attrs: [color('silver'), ram('16GB')],
        description: 'Thin laptop with a bright screen',
        age: 1,
      },
      {
        name: 'Dell Inspiron',
        category: 'Computers/Laptops/Dell',
        priceCents: 49900,
        rating: 4.4,
        attrs: [color('black'), ram('8GB')],
        description: 'Budget laptop for students',
        age: 2,
      },
      {
        name: 'Office Desktop',
        category: 'Computers',
        priceCents: 30000,
        rating: 2.49,
        attrs: [color('silver'), ram('8GB')],
        description: 'Quiet desktop for the office',
        age: 3,
      },
      {
        name: 'Gaming Tower',
        category: 'Computers',
        priceCents: 150000,
        rating: 4.5,
        attrs: [color('black'), ram('32GB')],
        description: 'Desktop computer with a fast graphics card',
        age: 4,
      },
      {
        name: 'Monitor X',
        category: 'ComputersX',
        priceCents: 20000,
        rating: 3.5,
        attrs: [color('black')],
        description: 'Laptop stand included',
        age: 5,
      },
      { name: 'Sneakers', category: 'Sale/50%/Shoes', priceCents: 5000, rating: 1, age: 6 },
      { name: 'Boots', category: 'Sale/50X/Shoes', priceCents: 6000, age: 7 },
      { name: 'Cotton 100% Shirt', category: 'Sale/50%', priceCents: 2000, description: 'Plain shirt', age: 8 },
      {
        name: "O'Reilly Guide",
        category: 'Books',
        priceCents: 3000,
        description: 'A guide to regex .* and SQL; drop table products;',
        age: 9,
      },
    ];
    for (const f of fixtures) await addProduct(t.db, f);
    for (let i = 1; i <= 23; i++) {
      await addProduct(t.db, {
        name: `Bulk ${String(i).padStart(2, '0')}`,
        category: 'Bulk',
        priceCents: 100 * i,
        description: 'Bulk item',
        age: 100 + i,
      });
    }
  });
  afterAll(() => t.stop());

  const get = (path: string, query: Record<string, string | string[]> = {}) =>
    fetch(`${t.url}/api/products${path}?${new URLSearchParams(Object.entries(query).flatMap(([k, v]) => [v].flat().map((x) => [k, x])))}`);
  const list = async (path: string, query: Record<string, string> = {}): Promise<ProductListResponse> => {
    const res = await get(path, query);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as ProductListResponse;
  };
  const names = async (path: string, query: Record<string, string> = {}) => (await list(path, query)).products.map((p) => p.name);
  const sorted = async (path: string, query: Record<string, string> = {}) => (await names(path, query)).sort();

  it('when nothing is filtered, then the newest 10 come with the page count, in dollars and without reviews', async () => {
    const body = await list('/');
    expect(body.pageNum).toBe(1);
    expect(body.paginationLinksNumber).toBe(Math.ceil(32 / 10));
    expect(body.products.map((p) => p.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk ${23 - i}`));
    const xps = (await list('/category/Computers,Laptops,Dell/', { sort: 'price_-1' })).products[0]!;
    expect(xps).toMatchObject({ name: 'Dell XPS 13', price: 999.99, rating: 4.6, category: 'Computers/Laptops/Dell' });
    expect(xps).not.toHaveProperty('reviews');
    expect(xps).not.toHaveProperty('sales');
  });

  it('when the client sends every field empty, as its URL builder does, then nothing is filtered', async () => {
    const res = await fetch(`${t.url}/api/products/?pageNum=1&price=&rating=&category=&attrs=&sort=`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ProductListResponse).paginationLinksNumber).toBe(4);
  });

  it("when sort is a value the list does not know (the spec's client sends its placeholder, SORT BY), then the default order comes", async () => {
    const placeholder = await fetch(`${t.url}/api/products/?pageNum=1&price=&rating=&category=&attrs=&sort=SORT%20BY`);
    expect(placeholder.status).toBe(200);
    const newest = await list('/');
    expect(((await placeholder.json()) as ProductListResponse).products.map((p) => p._id)).toEqual(newest.products.map((p) => p._id));
    for (const sort of ['price_2', 'name']) expect((await get('/', { sort })).status, sort).toBe(200);
  });

  it("when the page is missing, empty or null (as the spec's own client sends it), then page 1 comes", async () => {
    for (const query of ['', '?pageNum=', '?pageNum=null', '?pageNum=%20', '?pageNum=null&price=&rating=&category=&attrs=&sort=']) {
      const res = await fetch(`${t.url}/api/products/${query}`);
      expect(res.status, query).toBe(200);
      expect(((await res.json()) as ProductListResponse).pageNum, query).toBe(1);
    }
  });

  it('when whole stars are asked for, then a product matches the star its rating rounds to, halves up, and an unrated one none', async () => {
    expect(await sorted('/', { rating: '2' })).toEqual(['Office Desktop']);
    expect(await sorted('/', { rating: '3' })).toEqual([]);
    expect(await sorted('/', { rating: '4' })).toEqual(['Dell Inspiron', 'Monitor X']);
    expect(await sorted('/', { rating: '5' })).toEqual(['Dell XPS 13', 'Gaming Tower']);
    expect(await sorted('/', { rating: '1,2,4' })).toEqual(['Dell Inspiron', 'Monitor X', 'Office Desktop', 'Sneakers']);
    expect(await sorted('/', { rating: '5,4,5' })).toEqual(['Dell Inspiron', 'Dell XPS 13', 'Gaming Tower', 'Monitor X']);
  });

  it("when lists hold empty items (a trailing comma, as the spec's own client sends them), then those items are ignored", async () => {
    expect(await sorted('/', { rating: '4,5,', category: 'Computers,', attrs: 'color-black,' })).toEqual(['Dell Inspiron', 'Gaming Tower']);
    expect(await sorted('/', { rating: '4,,5', category: ',Computers,,Books,', attrs: ',color-black,,ram-8GB,' })).toEqual([
      'Dell Inspiron',
    ]);
    expect((await list('/', { rating: ',', category: ',', attrs: ',' })).paginationLinksNumber).toBe(4);
  });

  it('when a category is in the path (commas for slashes), then it and its sub-categories match, not a sibling sharing its prefix', async () => {
    expect(await sorted('/category/Computers/')).toEqual(['Dell Inspiron', 'Dell XPS 13', 'Gaming Tower', 'Office Desktop']);
    expect(await sorted('/category/Computers,Laptops')).toEqual(['Dell Inspiron', 'Dell XPS 13']);
    expect(await sorted('/category/ComputersX/')).toEqual(['Monitor X']);
  });

  it('when categories are in the query, then any of them (with sub-categories) matches', async () => {
    expect(await sorted('/', { category: 'Computers/Laptops/Dell,Books' })).toEqual(['Dell Inspiron', 'Dell XPS 13', "O'Reilly Guide"]);
    expect(await sorted('/category/Computers/', { category: 'Computers/Laptops' })).toEqual(['Dell Inspiron', 'Dell XPS 13']);
  });

  it('when a category holds LIKE, regex or SQL characters, then they match only themselves', async () => {
    expect(await sorted('/', { category: 'Sale/50%' })).toEqual(['Cotton 100% Shirt', 'Sneakers']);
    expect(await sorted(`/category/${encodeURIComponent('Sale,50%')}/`)).toEqual(['Cotton 100% Shirt', 'Sneakers']);
    expect(await sorted('/', { category: 'Sale/50_' })).toEqual([]);
    for (const category of ["Books'--", 'Comp.*', 'Computers) or (1=1', '\\']) expect(await names('/', { category }), category).toEqual([]);
  });

  it('when a maximum price is given, then dearer products are left out (the maximum itself included)', async () => {
    expect(await sorted('/category/Computers/', { price: '500' })).toEqual(['Dell Inspiron', 'Office Desktop']);
    expect(await sorted('/category/Computers/', { price: '999.99' })).toEqual(['Dell Inspiron', 'Dell XPS 13', 'Office Desktop']);
  });

  it('when ratings are given, then products whose rating rounds to one of those stars match', async () => {
    expect(await sorted('/', { rating: '5' })).toEqual(['Dell XPS 13', 'Gaming Tower']);
    expect(await sorted('/', { rating: '4' })).toEqual(['Dell Inspiron', 'Monitor X']);
    expect(await sorted('/', { rating: '2,1' })).toEqual(['Office Desktop', 'Sneakers']);
    expect(await sorted('/', { rating: '4,5' })).toHaveLength(4);
  });

  it("when attributes are given, then one key's values are OR'd and different keys AND'd", async () => {
    expect(await sorted('/', { attrs: 'color-black' })).toEqual(['Dell Inspiron', 'Gaming Tower', 'Monitor X']);
    expect(await sorted('/', { attrs: 'color-black-silver' })).toEqual([
      'Dell Inspiron',
      'Dell XPS 13',
      'Gaming Tower',
      'Monitor X',
      'Office Desktop',
    ]);
    expect(await sorted('/', { attrs: 'color-black,ram-8GB' })).toEqual(['Dell Inspiron']);
    expect(await sorted('/', { attrs: 'color-silver-black,ram-8GB' })).toEqual(['Dell Inspiron', 'Office Desktop']);
    expect(await sorted('/', { attrs: 'color-purple' })).toEqual([]);
  });

  it.each([
    ['price_1', ['Office Desktop', 'Dell Inspiron', 'Dell XPS 13', 'Gaming Tower']],
    ['price_-1', ['Gaming Tower', 'Dell XPS 13', 'Dell Inspiron', 'Office Desktop']],
    ['rating_-1', ['Dell XPS 13', 'Gaming Tower', 'Dell Inspiron', 'Office Desktop']],
    ['name_1', ['Dell Inspiron', 'Dell XPS 13', 'Gaming Tower', 'Office Desktop']],
    ['name_-1', ['Office Desktop', 'Gaming Tower', 'Dell XPS 13', 'Dell Inspiron']],
  ])('when sorted by %s, then the order follows it', async (sort, expected) => {
    expect(await names('/category/Computers/', { sort })).toEqual(expected);
  });

  it('when searching, then full-text matches (stemmed) come ranked, name matches first', async () => {
    expect(await sorted('/search/laptops/')).toEqual(['Dell Inspiron', 'Dell XPS 13', 'Monitor X']);
    expect(await names('/search/desktop')).toEqual(['Office Desktop', 'Gaming Tower']);
    expect(await names('/category/Computers/search/laptop/', { sort: 'price_1' })).toEqual(['Dell Inspiron', 'Dell XPS 13']);
    expect(await names('/search/laptop/', { sort: 'price_1' })).toEqual(['Monitor X', 'Dell Inspiron', 'Dell XPS 13']);
  });

  it('when a search excludes a word with one or many dashes, then websearch syntax still applies', async () => {
    expect(await sorted(`/search/${encodeURIComponent('laptop -budget')}/`)).toEqual(['Dell XPS 13', 'Monitor X']);
    expect(await sorted(`/search/${encodeURIComponent(`laptop ${'-'.repeat(40)}budget`)}/`)).toEqual(['Dell XPS 13', 'Monitor X']);
    expect(await sorted(`/search/${encodeURIComponent('"budget laptop" or stand')}/`)).toEqual(['Dell Inspiron', 'Monitor X']);
  });

  it('when a search holds quotes, regex or SQL, then it is plain text and the query never breaks', async () => {
    expect(await names(`/search/${encodeURIComponent("'; drop table products; --")}/`)).toEqual(["O'Reilly Guide"]);
    expect(await names(`/search/${encodeURIComponent('.*')}/`)).toEqual(["O'Reilly Guide"]);
    expect(await names(`/search/${encodeURIComponent('%')}/`)).toEqual(['Cotton 100% Shirt']);
    for (const q of [
      '_',
      '"unbalanced',
      '\\',
      '(',
      '!!',
      'a & | b',
      "O'Reilly",
      '-'.repeat(50),
      '- '.repeat(60),
      '-!'.repeat(60),
      '-x'.repeat(60),
    ]) {
      expect((await get(`/search/${encodeURIComponent(q)}/`)).status, q).toBe(200);
    }
    expect(await names(`/search/${encodeURIComponent("O'Reilly")}/`)).toEqual(["O'Reilly Guide"]);
    expect((await list('/')).paginationLinksNumber).toBe(4);
  });

  it('when filters, search and sort combine, then every one of them applies', async () => {
    const query = { price: '1000', rating: '4,5', attrs: 'color-black-silver', sort: 'price_-1' };
    expect(await names('/category/Computers/', query)).toEqual(['Dell XPS 13', 'Dell Inspiron']);
    expect(await names('/category/Computers/search/budget/', query)).toEqual(['Dell Inspiron']);
    expect(await names('/search/laptop/', { ...query, category: 'ComputersX' })).toEqual(['Monitor X']);
    expect(await names('/category/Computers/search/laptop/', { ...query, category: 'ComputersX' })).toEqual([]);
  });

  it('when paging, then pages of 10 cover every match once and a page past the end is empty', async () => {
    const page = (n: number) => list('/category/Bulk/', { sort: 'name_1', pageNum: String(n) });
    const pages = await Promise.all([1, 2, 3, 4].map(page));
    expect(pages.map((p) => p.paginationLinksNumber)).toEqual([3, 3, 3, 3]);
    expect(pages.map((p) => p.pageNum)).toEqual([1, 2, 3, 4]);
    expect(pages.map((p) => p.products.length)).toEqual([10, 10, 3, 0]);
    const all = pages.flatMap((p) => p.products.map((x) => x.name));
    expect(all).toEqual(Array.from({ length: 23 }, (_, i) => `Bulk ${String(i + 1).padStart(2, '0')}`));
    expect(await list('/', { category: 'Nowhere' })).toEqual({ products: [], paginationLinksNumber: 0, pageNum: 1 });
  });

  it.each([
    ['sort', { sort: ['price_1', 'name_1'] }],
    ['rating', { rating: '6' }],
    ['rating', { rating: '4,x' }],
    ['attrs', { attrs: 'color' }],
    ['attrs', { attrs: '-red' }],
    ['attrs', { attrs: 'color--red' }],
    ['price', { price: '-1' }],
    ['price', { price: 'cheap' }],
    ['pageNum', { pageNum: '0' }],
    ['pageNum', { pageNum: '1.5' }],
    ['pageNum', { pageNum: 'abc' }],
    ['pageNum', { pageNum: 'undefined' }],
    ['category', { category: 'Computers//Laptops' }],
    ['categoryName', { path: '/category/Computers,,Laptops/' }],
    ['categoryName', { path: `/category/${'C'.repeat(2001)}/` }],
    ['searchQuery', { path: `/search/${'s'.repeat(201)}/` }],
  ])('when %s is malformed (%o), then 400 names it', async (field, { path, ...query }: Record<string, string | string[]>) => {
    const res = await get(typeof path === 'string' ? path : '/', query);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; field: string };
    expect(body.field).toBe(field);
    expect(body.message.length).toBeGreaterThan(5);
  });
});
