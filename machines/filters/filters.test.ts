import { describe, expect, it } from 'vitest';
import type { Filter } from '#contracts/filter.ts';
import type { Sort } from '#contracts/product.ts';
import {
  disabledCategories,
  filterFromSearch,
  filterToSearch,
  listPath,
  parseListPath,
  productsApiUrl,
  searchPath,
  tickCategory,
  withoutPage,
  type ListLocation,
} from './filters.ts';

describe('list paths', () => {
  it.each<[ListLocation, string]>([
    [{}, '/product-list'],
    [{ pageNum: 3 }, '/product-list/3'],
    [{ categoryName: 'Computers/Laptops' }, '/product-list/category/Computers,Laptops'],
    [{ categoryName: 'Books', pageNum: 2 }, '/product-list/category/Books/2'],
    [{ searchQuery: 'red shoes' }, '/product-list/search/red%20shoes'],
    [{ searchQuery: 'tv', pageNum: 4 }, '/product-list/search/tv/4'],
    [{ categoryName: 'A/B', searchQuery: 'x' }, '/product-list/category/A,B/search/x'],
    [{ categoryName: 'A/B', searchQuery: 'x', pageNum: 9 }, '/product-list/category/A,B/search/x/9'],
  ])('when %j is written as a path, then it is %s and reads back the same', (location, path) => {
    expect(listPath(location)).toBe(path);
    expect(parseListPath(path)).toEqual(location);
  });

  it('when a path is not a list route, then it does not parse', () => {
    expect(parseListPath('/product-details/1')).toBeNull();
    expect(parseListPath('/product-list/abc')).toBeNull();
  });

  it('when the header searches, then blank queries go to the plain or category list', () => {
    expect(searchPath('All', '   ')).toBe('/product-list');
    expect(searchPath('Computers/Laptops', ' ')).toBe('/product-list/category/Computers,Laptops');
    expect(searchPath('All', ' dell ')).toBe('/product-list/search/dell');
    expect(searchPath('Computers', 'dell')).toBe('/product-list/category/Computers/search/dell');
  });

  it('when filters are applied, then the page number is dropped from the path', () => {
    expect(withoutPage('/product-list/category/A,B/search/x/9')).toBe('/product-list/category/A,B/search/x');
    expect(withoutPage('/product-list/7')).toBe('/product-list');
  });
});

describe('filter query', () => {
  const filter: Filter = {
    price: 500,
    rating: { 5: true, 4: true, 3: false },
    category: { 'Computers/Laptops': true, 'Computers/Tablets': true },
    attrs: [
      { key: 'RAM', values: ['1TB', '2TB'] },
      { key: 'color', values: ['red'] },
      { key: 'empty', values: [] },
    ],
  };

  it('when a filter goes to the API, then rating and category are comma-joined and attrs are key-v1-v2', () => {
    const url = productsApiUrl({ categoryName: 'Computers/Laptops', searchQuery: 'dell', pageNum: 2 }, { filter, sort: 'price_1' });
    const [path, query] = url.split('?');
    expect(path).toBe('/api/products/category/Computers,Laptops/search/dell/');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      pageNum: '2',
      price: '500',
      rating: '4,5',
      category: 'Computers/Laptops,Computers/Tablets',
      attrs: 'RAM-1TB-2TB,color-red',
      sort: 'price_1',
    });
  });

  it('when nothing is filtered, then the API still gets every key, empty', () => {
    expect(productsApiUrl({}, { filter: {} })).toBe('/api/products/?pageNum=1&price=&rating=&category=&attrs=&sort=');
  });

  it('when a filter goes to the URL and back, then only ticked values survive and the rest is equal', () => {
    const sorts: (Sort | undefined)[] = [undefined, 'price_1', 'price_-1', 'rating_-1', 'name_1', 'name_-1'];
    for (const sort of sorts) {
      const back = filterFromSearch(filterToSearch({ filter, sort }));
      expect(back).toEqual({
        filter: { price: 500, rating: { 4: true, 5: true }, category: filter.category, attrs: filter.attrs?.slice(0, 2) },
        ...(sort ? { sort } : {}),
      });
    }
  });

  it('when the URL query is malformed, then the bad parts are ignored', () => {
    expect(filterFromSearch('price=abc&sort=evil&attrs=novalue,-x,ok-1')).toEqual({ filter: { attrs: [{ key: 'ok', values: ['1'] }] } });
  });
});

describe('category ticks', () => {
  const all = ['Computers', 'Computers/Laptops', 'Books', 'Books/Novels'];

  it('when a category is ticked, then other top-level groups are disabled and their ticks dropped', () => {
    const first = tickCategory({}, 'Computers/Laptops', true);
    expect(first).toEqual({ category: { 'Computers/Laptops': true }, reload: null });
    expect(disabledCategories(all, first.category)).toEqual(['Books', 'Books/Novels']);
    const second = tickCategory({ ...first.category, 'Books/Novels': true }, 'Computers', true);
    expect(second.category).toEqual({ 'Computers/Laptops': true, Computers: true });
  });

  it('when the last tick is removed, then the plain list is reloaded and nothing is disabled', () => {
    const result = tickCategory({ Books: true }, 'Books', false);
    expect(result).toEqual({ category: {}, reload: '/product-list' });
    expect(disabledCategories(all, result.category)).toEqual([]);
    expect(tickCategory({ Books: true, 'Books/Novels': true }, 'Books', false).reload).toBeNull();
  });
});
