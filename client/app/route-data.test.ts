import { describe, expect, it } from 'vitest';
import { lcpImageOf, routeDataUrls } from './route-data.ts';

describe('the data a server-rendered route needs', () => {
  it("when the route is home, a list or a product, then it names the page's API reads and the categories", () => {
    expect(routeDataUrls('/', '')).toEqual(['/api/products/bestsellers', '/api/categories']);
    expect(routeDataUrls('/product-list/category/Computers,Laptops/2', '?price=500&sort=price_1')).toEqual([
      '/api/products/category/Computers,Laptops/?pageNum=2&price=500&rating=&category=&attrs=&sort=price_1',
      '/api/categories',
    ]);
    expect(routeDataUrls('/product-details/a b', '')).toEqual(['/api/products/get-one/a%20b', '/api/categories']);
  });

  it.each(['/cart', '/login', '/user', '/admin/orders', '/no/such/page', '/product-list/search/%zz'])(
    'when the route is %s, then it is not rendered on the server',
    (pathname) => {
      expect(routeDataUrls(pathname, '')).toBeNull();
    },
  );

  it("when the answers are there, then the first screen's largest image is the first slide's, the first card's, or the product's main one", () => {
    const product = { images: [{ path: '/images/a.jpg' }, { path: '/images/b.jpg' }] };
    expect(lcpImageOf('/', '', { '/api/products/bestsellers': [product] })).toBe('/images/a.jpg');
    expect(
      lcpImageOf('/product-list', '', { '/api/products/?pageNum=1&price=&rating=&category=&attrs=&sort=': { products: [product] } }),
    ).toBe('/images/a.jpg');
    expect(lcpImageOf('/product-details/p1', '', { '/api/products/get-one/p1': product })).toBe('/images/a.jpg');
    expect(lcpImageOf('/product-details/p1', '', {})).toBeNull();
    expect(lcpImageOf('/cart', '', {})).toBeNull();
  });
});
