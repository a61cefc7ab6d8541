import { z } from 'zod';
import { Category, CategoryAttrBody, CategoryCreateBody, CategoryEditBody } from '#contracts/category.ts';
import { MachineCountsBody } from '#contracts/machine-counts.ts';
import { ClaimHandoffBody, CreateHandoffBody } from '#contracts/handoff.ts';
import { AdminOrdersQuery, AnalysisQuery, CreateOrderBody, Order } from '#contracts/order.ts';
import { PayOrderBody, PaymentsConfig } from '#contracts/payment.ts';
import { KioskCommandRequest, KioskHeartbeat, KioskHeartbeatReply } from '#contracts/kiosk-fleet.ts';
import { ProblemReportBody } from '#contracts/problem-report.ts';
import { Product, ProductBody, ProductListQuery, ProductListResponse, ProductSummary, ReviewBody } from '#contracts/product.ts';
import {
  AdminSetPasswordBody,
  AdminUserUpdateBody,
  DeleteAccountBody,
  ForgotPasswordBody,
  LoginBody,
  ProfileUpdateBody,
  RegisterBody,
  ResetPasswordBody,
  User,
  UserInfo,
} from '#contracts/user.ts';
import { AdminPageQuery, AdminProductsQuery } from '#server/admin-page-query.ts';
import { HistoryQuery } from '../components/chats/routes.ts';

/**
 * Who may call: anyone; a logged-in user; an administrator; or only the BFF's own session calls
 * (login, register, reset: the BFF turns their token into its cookie).
 */
export type Access = 'public' | 'user' | 'admin' | 'bff';

export type DocumentedRoute = {
  method: 'get' | 'post' | 'put' | 'delete';
  /** As Express mounts it (`:id`); the document writes `{id}`. */
  path: string;
  summary: string;
  access: Access;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success answer's schema, named in the document's components. */
  answer?: { name: string; schema: z.ZodType };
  /** The success status when not 200. */
  status?: 201;
  /** Not JSON (the docs page). */
  html?: true;
};

const named = (name: string, schema: z.ZodType) => ({ name, schema });
const ok = (message: string) => z.object({ message: z.literal(message) });
const adminPage = (search: z.ZodObject) => z.object({ ...AdminPageQuery.shape, ...search.shape });

const productLists = [
  '/api/products/',
  '/api/products/category/:categoryName',
  '/api/products/search/:searchQuery',
  '/api/products/category/:categoryName/search/:searchQuery',
];

/**
 * Every route the API mounts under /api, /healthz and /readyz, with the contracts its requests
 * parse and its answers satisfy. `document.test.ts` compares this list with the Express router,
 * so a route mounted without a line here fails the fast tier.
 */
export const DOCUMENTED_ROUTES: DocumentedRoute[] = [
  {
    method: 'get',
    path: '/healthz',
    summary: 'The process answers',
    access: 'public',
    answer: named('Health', z.object({ status: z.literal('ok') })),
  },
  { method: 'get', path: '/readyz', summary: 'Ready for traffic (its database answers, not draining)', access: 'public' },
  { method: 'get', path: '/api/openapi.json', summary: 'This document', access: 'public' },
  { method: 'get', path: '/api/docs', summary: 'This document for people', access: 'public', html: true },
  {
    method: 'get',
    path: '/api/session',
    summary: "The caller's session",
    access: 'user',
    answer: named('Session', z.object({ user: UserInfo })),
  },
  { method: 'get', path: '/api/logout', summary: 'Ends the session', access: 'public', answer: named('LoggedOut', ok('logged out')) },
  { method: 'post', path: '/api/users/review/:productId', summary: 'Reviews a product', access: 'user', body: ReviewBody, status: 201 },
  { method: 'post', path: '/api/users/register', summary: 'Creates an account', access: 'bff', body: RegisterBody, status: 201 },
  { method: 'post', path: '/api/users/login', summary: 'Logs in', access: 'bff', body: LoginBody },
  { method: 'post', path: '/api/users/forgot-password', summary: 'Mails a reset link', access: 'public', body: ForgotPasswordBody },
  {
    method: 'post',
    path: '/api/users/reset-password',
    summary: 'Sets a new password from a reset link',
    access: 'bff',
    body: ResetPasswordBody,
  },
  { method: 'put', path: '/api/users/profile', summary: 'Updates the own profile', access: 'user', body: ProfileUpdateBody },
  { method: 'delete', path: '/api/users/profile', summary: 'Deletes the own account', access: 'user', body: DeleteAccountBody },
  {
    method: 'post',
    path: '/api/users/profile/check-password',
    summary: 'Checks the own password again (a kiosk asks it before showing the address): 204',
    access: 'user',
    body: DeleteAccountBody,
  },
  { method: 'get', path: '/api/users/profile/export', summary: 'Everything the shop keeps about the caller', access: 'user' },
  { method: 'get', path: '/api/users/profile/:id', summary: 'The own profile', access: 'user', answer: named('User', User) },
  {
    method: 'get',
    path: '/api/users/',
    summary: 'Every user',
    access: 'admin',
    query: AdminPageQuery,
    answer: named('Users', z.array(User)),
  },
  { method: 'get', path: '/api/users/:id', summary: 'One user', access: 'admin', answer: named('User', User) },
  { method: 'put', path: '/api/users/:id', summary: 'Changes a user', access: 'admin', body: AdminUserUpdateBody },
  {
    method: 'post',
    path: '/api/users/:id/password',
    summary: "Sets a user's password and ends their sessions",
    access: 'admin',
    body: AdminSetPasswordBody,
  },
  { method: 'delete', path: '/api/users/:id', summary: 'Removes a user', access: 'admin' },
  { method: 'get', path: '/api/categories/', summary: 'Every category', access: 'public', answer: named('Categories', z.array(Category)) },
  { method: 'post', path: '/api/categories/attr', summary: "Adds a category's attribute value", access: 'admin', body: CategoryAttrBody },
  { method: 'post', path: '/api/categories/', summary: 'Creates a category', access: 'admin', body: CategoryCreateBody, status: 201 },
  { method: 'delete', path: '/api/categories/:name', summary: 'Deletes a category', access: 'admin' },
  {
    method: 'delete',
    path: '/api/categories/:name/attrs/:key/:value',
    summary: "Removes a category's attribute value no product of it has",
    access: 'admin',
    answer: named('CategoriesUpdated', z.object({ categoryUpdated: z.array(Category) })),
  },
  {
    method: 'put',
    path: '/api/categories/:name',
    summary: "Renames (with its sub-categories) or edits a category's description and picture",
    access: 'admin',
    body: CategoryEditBody,
    answer: named('Category', Category),
  },
  {
    method: 'get',
    path: '/api/products/bestsellers',
    summary: "Each category's best seller",
    access: 'public',
    answer: named('ProductSummaries', z.array(ProductSummary)),
  },
  {
    method: 'get',
    path: '/api/products/get-one/:id',
    summary: 'One product with its reviews',
    access: 'public',
    answer: named('Product', Product),
  },
  ...productLists.map((path): DocumentedRoute => ({
    method: 'get',
    path,
    summary: 'A page of products',
    access: 'public',
    query: ProductListQuery,
    answer: named('ProductList', ProductListResponse),
  })),

  { method: 'get', path: '/api/products/admin/', summary: 'Every product', access: 'admin', query: adminPage(AdminProductsQuery) },
  { method: 'post', path: '/api/products/admin/', summary: 'Creates a product', access: 'admin', body: ProductBody, status: 201 },
  { method: 'get', path: '/api/products/admin/image-host', summary: 'Where images are uploaded', access: 'admin' },
  {
    method: 'post',
    path: '/api/products/admin/upload',
    summary: "Uploads a product's images, or a category's picture with ?categoryName= (multipart)",
    access: 'admin',
    status: 201,
  },
  { method: 'delete', path: '/api/products/admin/image/:encodedPath/:productId', summary: "Removes a product's image", access: 'admin' },
  { method: 'put', path: '/api/products/admin/:id', summary: 'Changes a product', access: 'admin', body: ProductBody },
  { method: 'delete', path: '/api/products/admin/:id', summary: 'Removes a product', access: 'admin' },
  {
    method: 'post',
    path: '/api/orders/',
    summary: 'Places an order',
    access: 'user',
    body: CreateOrderBody,
    status: 201,
    answer: named('Order', Order),
  },
  { method: 'get', path: '/api/orders/', summary: "The caller's orders", access: 'user', answer: named('Orders', z.array(Order)) },
  { method: 'get', path: '/api/orders/admin', summary: 'Every order', access: 'admin', query: adminPage(AdminOrdersQuery) },
  { method: 'get', path: '/api/orders/user/:id', summary: 'One of the own orders', access: 'user', answer: named('Order', Order) },
  { method: 'put', path: '/api/orders/delivered/:id', summary: 'Marks an order delivered', access: 'admin', answer: named('Order', Order) },
  { method: 'put', path: '/api/orders/cancel/:id', summary: 'Cancels an order', access: 'user', answer: named('Order', Order) },
  {
    method: 'put',
    path: '/api/orders/cash-on-delivery/:id',
    summary: 'Moves an unpaid wallet order to cash on delivery',
    access: 'user',
    answer: named('Order', Order),
  },
  { method: 'post', path: '/api/orders/:id/wallet-order', summary: "Creates the card wallet's order", access: 'user' },
  { method: 'put', path: '/api/orders/paid/:id', summary: 'Captures the approved wallet order', access: 'user', body: PayOrderBody },
  { method: 'get', path: '/api/orders/analysis/:date', summary: "A day's revenue", access: 'admin', query: AnalysisQuery },
  { method: 'post', path: '/api/handoffs/', summary: 'Hands a cart to a phone', access: 'public', body: CreateHandoffBody, status: 201 },
  { method: 'post', path: '/api/handoffs/claim', summary: 'Claims a handed-off cart', access: 'public', body: ClaimHandoffBody },
  { method: 'post', path: '/api/handoffs/status', summary: 'Whether a handoff was claimed', access: 'public', body: ClaimHandoffBody },
  { method: 'get', path: '/api/chats/history', summary: 'Closed support conversations', access: 'admin', query: HistoryQuery },
  { method: 'get', path: '/api/chats/mine', summary: "The caller's earlier conversations", access: 'user' },
  {
    method: 'post',
    path: '/api/problem-reports',
    summary: 'Sends a problem report',
    access: 'public',
    body: ProblemReportBody,
    status: 201,
  },
  { method: 'get', path: '/api/admin/problem-reports', summary: 'Problem reports', access: 'admin', query: AdminPageQuery },
  { method: 'get', path: '/api/admin/problem-reports/:id', summary: 'One problem report', access: 'admin' },
  {
    method: 'post',
    path: '/api/machine-counts',
    summary: "A page's counts of its machines' transitions (labels only): 204",
    access: 'public',
    body: MachineCountsBody,
  },
  { method: 'get', path: '/api/admin/machine-counts', summary: 'The transitions real traffic took, per machine', access: 'admin' },
  {
    method: 'post',
    path: '/api/kiosks/heartbeat',
    summary:
      "A kiosk's heartbeat, proving its name with X-Kiosk-Key (the first under a free name claims it and gets the key); the reply carries staff's command",
    access: 'public',
    body: KioskHeartbeat,
    answer: named('KioskHeartbeatReply', KioskHeartbeatReply),
  },
  { method: 'get', path: '/api/admin/kiosks', summary: 'The kiosk fleet', access: 'admin' },
  {
    method: 'post',
    path: '/api/admin/kiosks/:name/commands',
    summary: 'Reset now or Reload a kiosk',
    access: 'admin',
    body: KioskCommandRequest,
  },
  { method: 'delete', path: '/api/admin/kiosks/:name', summary: 'Forget a kiosk, freeing its name and key', access: 'admin' },
  {
    method: 'get',
    path: '/api/payments/config',
    summary: 'Which wallet the order page offers',
    access: 'public',
    answer: named('PaymentsConfig', PaymentsConfig),
  },
];

/**
 * Mounted but not part of the shop's API: the loopback backup endpoint (never proxied), the
 * offline wallet simulator (a stand-in for the provider, only when simulating) and Prometheus's
 * `/metrics` (its text format, behind METRICS_TOKEN: docs/operations.md).
 */
export const UNDOCUMENTED_PREFIXES = ['/internal/', '/wallet-simulator/', '/metrics'];
