import { listPath, type ListLocation } from '#machines/filters/list-path.ts';

/**
 * The one table of the shop's routes (spec section 2): `pattern` is what routes.tsx matches,
 * `to(...)` builds a link. Components never write a path string themselves.
 */
const fixed = <P extends string>(pattern: P) => ({ pattern, to: (): P => pattern });
const withId = <P extends string>(prefix: P) => ({
  pattern: `${prefix}/:id` as const,
  to: (id: string) => `${prefix}/${encodeURIComponent(id)}`,
});

export type ProductListTarget = { category?: string; search?: string; page?: number };

export const paths = {
  home: fixed('/'),
  productList: {
    /** The eight list routes; the category's slashes are commas in the URL. */
    patterns: [
      '/product-list',
      '/product-list/:pageNumParam',
      '/product-list/category/:categoryName',
      '/product-list/category/:categoryName/:pageNumParam',
      '/product-list/search/:searchQuery',
      '/product-list/search/:searchQuery/:pageNumParam',
      '/product-list/category/:categoryName/search/:searchQuery',
      '/product-list/category/:categoryName/search/:searchQuery/:pageNumParam',
    ] as const,
    to: ({ category, search, page }: ProductListTarget = {}): string =>
      listPath({ categoryName: category, searchQuery: search, pageNum: page } satisfies ListLocation),
  },
  productDetails: withId('/product-details'),
  cart: fixed('/cart'),
  /** A kiosk's cart on the shopper's phone; the token is the fragment, which no server or log ever sees. */
  handoff: { pattern: '/handoff', to: (token: string) => `/handoff#${encodeURIComponent(token)}` },
  login: fixed('/login'),
  register: fixed('/register'),
  forgotPassword: fixed('/forgot-password'),
  /** The link of a reset mail (its id is the token). */
  resetPassword: withId('/reset-password'),
  user: {
    profile: fixed('/user'),
    myOrders: fixed('/user/my-orders'),
    cartDetails: fixed('/user/cart-details'),
    orderDetails: withId('/user/order-details'),
  },
  admin: {
    orders: fixed('/admin/orders'),
    orderDetails: withId('/admin/order-details'),
    users: fixed('/admin/users'),
    editUser: withId('/admin/edit-user'),
    products: fixed('/admin/products'),
    categories: fixed('/admin/categories'),
    createProduct: fixed('/admin/create-new-product'),
    editProduct: withId('/admin/edit-product'),
    chats: fixed('/admin/chats'),
    analytics: fixed('/admin/analytics'),
    problemReports: fixed('/admin/problem-reports'),
    problemReport: withId('/admin/problem-reports'),
    kiosks: fixed('/admin/kiosks'),
  },
} as const;

/** Where a login lands (spec section 4): admins on their orders, everyone else on the profile. */
export const homeOf = (user: { isAdmin: boolean }): string => (user.isAdmin ? paths.admin.orders.to() : paths.user.profile.to());
