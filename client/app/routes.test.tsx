// @vitest-environment happy-dom
import { Outlet } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from './routes.tsx';
import { getByRoleName, settle } from '../testing/dom.ts';
import { mockFetch } from '../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../testing/render.tsx';

setupComponentTests();
// The guard and the login and register pages are lazy chunks: load them up front, so each
// test's settle() finds them ready as a browser's cache would.
beforeAll(() => Promise.all([import('./guard.tsx'), import('../features/auth/index.tsx')]));

// The table is under test, not the features: each feature module becomes a page naming itself.
const stub = (name: string) => () => <h1>{name}</h1>;
vi.mock('../features/product-list/index.tsx', () => ({ default: stub('ProductListPage') }));
vi.mock('../features/product-details/index.tsx', () => ({ default: stub('ProductDetailsPage') }));
vi.mock('../features/cart/index.tsx', () => ({ default: stub('CartPage') }));
vi.mock('./user-area.tsx', () => ({
  UserProfilePage: stub('UserProfilePage'),
  MyOrdersPage: stub('MyOrdersPage'),
  CartDetailsPage: stub('CartDetailsPage'),
  UserOrderDetailsPage: stub('UserOrderDetailsPage'),
}));
vi.mock('../features/admin/index.tsx', () => ({
  AdminLayout: () => <Outlet />,
  AdminOrdersPage: stub('AdminOrdersPage'),
  AdminOrderDetailsPage: stub('AdminOrderDetailsPage'),
  AdminUsersPage: stub('AdminUsersPage'),
  AdminEditUserPage: stub('AdminEditUserPage'),
  AdminProductsPage: stub('AdminProductsPage'),
  AdminCreateProductPage: stub('AdminCreateProductPage'),
  AdminEditProductPage: stub('AdminEditProductPage'),
}));
vi.mock('../features/admin/analytics/analytics-page.tsx', () => ({ AdminAnalyticsPage: stub('AdminAnalyticsPage') }));
vi.mock('../features/chat/index.tsx', () => ({ AdminUnreadDot: () => null, AdminChatsPage: stub('AdminChatsPage') }));
vi.mock('../features/chat/support-chat-widget.tsx', () => ({ SupportChatWidget: () => null }));

async function open(route: string, token: { status?: number; body?: unknown } = { status: 401, body: { message: 'no session' } }) {
  mockFetch({ 'GET /api/categories': { body: [] }, 'GET /api/products/bestsellers': { body: [] }, 'GET /api/get-token': token });
  // The server's session and its token agree: the same person, as the BFF answers both.
  const isAdmin = (token.body as { isAdmin?: boolean } | undefined)?.isAdmin;
  const session = isAdmin === undefined ? null : { _id: 'u1', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', isAdmin };
  const view = await renderWithApp(<AppRoutes />, { route, raw: true, session });
  await settle(10);
  return { ...view, h1: () => view.container.querySelector('main h1')?.textContent };
}

describe('route table', () => {
  it('when an unknown path is opened, then the page says Page not exists 404 inside the header and footer', async () => {
    const { container, h1 } = await open('/no/such/page');
    expect(h1()).toBe('Page not exists 404');
    expect(container.querySelector('header')).not.toBeNull();
    expect(container.querySelector('footer')?.textContent).toContain('Copyright');
  });

  it.each([
    '/product-list',
    '/product-list/2',
    '/product-list/category/Computers,Laptops',
    '/product-list/category/Computers,Laptops/3',
    '/product-list/search/dell',
    '/product-list/search/dell/2',
    '/product-list/category/Computers/search/dell',
    '/product-list/category/Computers/search/dell/2',
  ])('when %s is opened, then the product list renders', async (route) => {
    const { h1 } = await open(route);
    expect(h1()).toBe('ProductListPage');
  });

  it.each([
    ['/product-details/p1', 'ProductDetailsPage'],
    ['/cart', 'CartPage'],
    ['/register', 'Register'],
  ])('when %s is opened, then %s renders', async (route, page) => {
    const { h1 } = await open(route);
    expect(h1()).toBe(page);
  });

  it.each([
    ['/user', 'UserProfilePage'],
    ['/user/my-orders', 'MyOrdersPage'],
    ['/user/cart-details', 'CartDetailsPage'],
    ['/user/order-details/o1', 'UserOrderDetailsPage'],
  ])('when a logged-in user opens %s, then %s renders', async (route, page) => {
    const { h1 } = await open(route, { body: { token: 'x', isAdmin: false } });
    expect(h1()).toBe(page);
  });

  it.each([
    ['/admin/orders', 'AdminOrdersPage'],
    ['/admin/order-details/o1', 'AdminOrderDetailsPage'],
    ['/admin/users', 'AdminUsersPage'],
    ['/admin/edit-user/u1', 'AdminEditUserPage'],
    ['/admin/products', 'AdminProductsPage'],
    ['/admin/create-new-product', 'AdminCreateProductPage'],
    ['/admin/edit-product/p1', 'AdminEditProductPage'],
    ['/admin/chats', 'AdminChatsPage'],
    ['/admin/analytics', 'AdminAnalyticsPage'],
  ])('when an admin opens %s, then %s renders', async (route, page) => {
    const { h1 } = await open(route, { body: { token: 'x', isAdmin: true } });
    expect(h1()).toBe(page);
  });

  it('when a non-admin opens an admin route, then the home page opens instead', async () => {
    const { path } = await open('/admin/users', { body: { token: 'x', isAdmin: false } });
    expect(path()).toBe('/');
  });

  it('when a guest opens a user route, then the login form shows in its place', async () => {
    const { h1, path } = await open('/user/my-orders');
    expect(h1()).toBe('Login');
    expect(path()).toBe('/user/my-orders');
  });

  it('when the login page is opened, then its form shows and the header offers Register', async () => {
    const { h1, container } = await open('/login');
    expect(h1()).toBe('Login');
    expect(getByRoleName(container.querySelector('header') as HTMLElement, 'link', 'Register')).toBeTruthy();
  });
});
