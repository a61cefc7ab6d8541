import { describe, expect, it } from 'vitest';
import { homeOf, paths } from './paths.ts';

describe('route table builders', () => {
  it('when a list link is built, then the category slashes become commas and page 1 is left out', () => {
    expect(paths.productList.to()).toBe('/product-list');
    expect(paths.productList.to({ page: 1 })).toBe('/product-list');
    expect(paths.productList.to({ page: 3 })).toBe('/product-list/3');
    expect(paths.productList.to({ category: 'Computers/Laptops/Dell' })).toBe('/product-list/category/Computers,Laptops,Dell');
    expect(paths.productList.to({ category: 'Computers/Laptops', search: 'dell', page: 2 })).toBe(
      '/product-list/category/Computers,Laptops/search/dell/2',
    );
    expect(paths.productList.to({ search: '  ' })).toBe('/product-list');
  });

  it('when an id holds URL characters, then the link encodes them', () => {
    expect(paths.productDetails.to('a/b?c')).toBe('/product-details/a%2Fb%3Fc');
    expect(paths.admin.editUser.to('u1')).toBe('/admin/edit-user/u1');
    expect(paths.user.orderDetails.pattern).toBe('/user/order-details/:id');
  });

  it('when someone logs in, then admins land on their orders and users on their profile', () => {
    expect(homeOf({ isAdmin: true })).toBe('/admin/orders');
    expect(homeOf({ isAdmin: false })).toBe('/user');
  });
});
