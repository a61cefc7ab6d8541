/**
 * Every route under /api as `METHOD path` (`:name` marks a parameter): spec section 7, the BFF's
 * own session calls and the API's GET /api/session. The canonical-path check reads it to tell
 * the words that choose a route, which have exactly one spelling, from parameter values, which
 * are data and may hold an encoded slash (the category `Computers%2FLaptops`). A route missing
 * here still passes while it is spelled plainly; only an encoded / or \ in it is refused.
 */
export const API_ROUTES: readonly string[] = [
  'GET categories',
  'POST categories',
  'POST categories/attr',
  'PUT categories/:name',
  'DELETE categories/:name',
  'DELETE categories/:name/attrs/:key/:value',

  'GET products/bestsellers',
  'GET products',
  'GET products/category/:categoryName',
  'GET products/search/:searchQuery',
  'GET products/category/:categoryName/search/:searchQuery',
  'GET products/get-one/:id',
  'GET products/admin',
  'POST products/admin',
  'GET products/admin/image-host',
  'POST products/admin/upload',
  'DELETE products/admin/image/:encodedPath/:productId',
  'PUT products/admin/:id',
  'DELETE products/admin/:id',

  'POST users/login',
  'POST users/register',
  'POST users/forgot-password',
  'POST users/reset-password',
  'PUT users/profile',
  'DELETE users/profile',
  'POST users/profile/check-password',
  'GET users/profile/export',
  'GET users/profile/:id',
  'POST users/review/:productId',
  'GET users',
  'GET users/:id',
  'PUT users/:id',
  'POST users/:id/password',
  'DELETE users/:id',
  'GET session',
  'GET get-token',
  'GET logout',

  'GET orders',
  'POST orders',
  'GET orders/admin',
  'GET orders/user/:id',
  'PUT orders/delivered/:id',
  'PUT orders/cancel/:id',
  'PUT orders/cash-on-delivery/:id',
  'POST orders/:id/wallet-order',
  'PUT orders/paid/:id',
  'GET orders/analysis/:date',

  'GET payments/config',

  'GET kiosk/unlock',
  'POST kiosk/unlock',

  // The kiosk's cart handed to a phone (a spec addition, docs/interfaces.md).
  'POST handoffs',
  'POST handoffs/claim',
  'POST handoffs/status',

  // Support chats' transcripts (docs/decisions/018-chat-conversations-in-the-database.md).
  'GET chats/history',
  'GET chats/mine',
];
