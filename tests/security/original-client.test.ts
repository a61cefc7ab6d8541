import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '#contracts/product.ts';
import { addProduct } from '../../api/components/products/test-fixtures.ts';
import { type ShopBehindBff, startShopBehindBff } from './shop-behind-bff.ts';

/**
 * The client the spec was written from, run unchanged, sends these exact query strings (its first
 * page is `pageNum=null`, its lists end with a comma) and opens admin screens only when
 * get-token answers the token `admin`. Sent through the BFF's public port, as a browser does.
 */
describe("contract: the spec's own client is understood through the BFF", () => {
  let shop: ShopBehindBff;
  beforeAll(async () => {
    shop = await startShopBehindBff();
    const db = shop.api.db;
    const monitor = (name: string, priceCents: number, rating: number, resolution: string) =>
      addProduct(db, { name, category: 'Monitors', priceCents, rating, attrs: [{ key: 'resolution', value: resolution }] });
    await monitor('Sharp 4K', 45_000, 4.8, '4K');
    await monitor('Dear 4K', 90_000, 5, '4K');
    await monitor('Plain HD', 20_000, 5, 'HD');
    await addProduct(db, { name: 'Work laptop', category: 'Computers/Laptops', rating: 4.2, description: 'A laptop for work' });
    await addProduct(db, { name: 'Game laptop', category: 'Computers/Laptops', rating: 2, description: 'A laptop for games' });
    for (let i = 1; i <= 12; i++) await addProduct(db, { name: `Phone ${i}`, category: 'Phones', description: 'A phone', age: i });
  });
  afterAll(() => shop?.stop());

  const get = (path: string, cookie?: string) => fetch(`${shop.bff.url}${path}`, { headers: cookie ? { cookie } : {} });
  const list = async (path: string): Promise<ProductListResponse> => {
    const res = await get(path);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return (await res.json()) as ProductListResponse;
  };
  const names = (body: ProductListResponse) => body.products.map((p) => p.name).sort();

  it('when the first page is asked as pageNum=null, then page 1 of every product comes', async () => {
    const body = await list('/api/products?pageNum=null');
    expect(body.pageNum).toBe(1);
    expect(body.products).toHaveLength(10);
    expect(body.paginationLinksNumber).toBe(2);
  });

  it('when the filters end with a comma, then they filter as if the comma were not there', async () => {
    const body = await list('/api/products/?pageNum=null&price=500&rating=5,&category=Monitors,&attrs=resolution-4K,&sort=price_1');
    expect(body.pageNum).toBe(1);
    expect(names(body)).toEqual(['Sharp 4K']);
  });

  it('when a category and search come with a trailing-comma rating and empty lists, then they apply', async () => {
    const body = await list('/api/products/category/Computers/search/laptop/?pageNum=null&rating=4,5,&category=&attrs=');
    expect(names(body)).toEqual(['Work laptop']);
  });

  it('when its sort box sends its placeholder (sort=SORT BY), then the list comes in the default order', async () => {
    const byDefault = await list('/api/products?pageNum=null');
    const withPlaceholder = await list('/api/products/?pageNum=null&sort=SORT%20BY');
    expect(withPlaceholder.products.map((p) => p._id)).toEqual(byDefault.products.map((p) => p._id));
  });

  it('when every filter is empty beside a real page, then that page comes unfiltered', async () => {
    const body = await list('/api/products/search/phone/?pageNum=2&price=&rating=&category=&attrs=&sort=');
    expect(body.pageNum).toBe(2);
    expect(body.products).toHaveLength(2);
  });

  it.each([
    ['/api/products/?pageNum=abc', 'pageNum'],
    ['/api/products/?pageNum=null&rating=9', 'rating'],
    ['/api/products/?pageNum=null&rating=5,9,', 'rating'],
    ['/api/products/?pageNum=null&attrs=nodash', 'attrs'],
    ['/api/products/?pageNum=null&attrs=resolution-4K,nodash,', 'attrs'],
    ['/api/products/?pageNum=null&price=cheap', 'price'],
  ])('when %s is sent, then 400 names %s', async (path, field) => {
    const res = await get(path);
    expect({ status: res.status, field: ((await res.json()) as { field?: string }).field }).toEqual({ status: 400, field });
  });

  it("when an admin's screen asks get-token, then the token is 'admin'; for a customer 'not admin'; never the real token", async () => {
    const forAdmin = await get('/api/get-token', shop.adminCookie);
    expect(await forAdmin.json()).toEqual({ token: 'admin', isAdmin: true });
    const forCustomer = await get('/api/get-token', shop.customerCookie);
    expect(await forCustomer.json()).toEqual({ token: 'not admin', isAdmin: false });
    expect((await get('/api/get-token')).status).toBe(401);
  });
});
