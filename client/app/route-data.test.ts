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
    expect(lcpImageOf('/', '', { '/api/products/bestsellers': [product] })).toEqual({ href: '/images/a.jpg' });
    expect(
      lcpImageOf('/product-list', '', { '/api/products/?pageNum=1&price=&rating=&category=&attrs=&sort=': { products: [product] } }),
    ).toEqual({ href: '/images/a.jpg' });
    expect(lcpImageOf('/product-details/p1', '', { '/api/products/get-one/p1': product })).toEqual({ href: '/images/a.jpg' });
    expect(lcpImageOf('/product-details/p1', '', {})).toBeNull();
    expect(lcpImageOf('/cart', '', {})).toBeNull();
  });

  it('when the first image is an uploaded photo, then the preload names its AVIF variants at the sizes each page shows it', () => {
    const photo = { images: [{ path: '/images/p.jpg', width: 640, height: 480 }] };
    const avif = '/images/p-160.avif 160w, /images/p-320.avif 320w, /images/p-640.avif 640w';
    expect(lcpImageOf('/', '', { '/api/products/bestsellers': [photo] })).toEqual({
      href: '/images/p.jpg',
      srcset: avif,
      sizes: 'min(100vw, 400px)',
    });
    expect(lcpImageOf('/product-details/p1', '', { '/api/products/get-one/p1': photo })).toEqual({
      href: '/images/p.jpg',
      srcset: avif,
      sizes: '(min-width: 992px) 50vw, 100vw',
    });
    expect(
      lcpImageOf('/product-list', '', { '/api/products/?pageNum=1&price=&rating=&category=&attrs=&sort=': { products: [photo] } }),
    ).toEqual({ href: '/images/p.jpg', srcset: avif, sizes: '(min-width: 992px) 280px, 100vw' });
  });
});
