import { Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { Layout, PageSkeleton } from '../features/shell/layout.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { NotFoundPage } from '../features/not-found/index.tsx';
import { lazyNamed } from '../lib/lazy.ts';
import { paths } from '../lib/paths.ts';

// Each feature below is its own chunk, fetched the first time one of its routes shows.
const productList = () => import('../features/product-list/index.tsx');
const productDetails = () => import('../features/product-details/index.tsx');
const cart = () => import('../features/cart/index.tsx');
// One chunk for the user area's four features (user-area.tsx says why).
const user = () => import('./user-area.tsx');
const admin = () => import('../features/admin/index.tsx');
// The analytics page draws with d3 (half the admin chunk's weight): its own chunk, for its route only.
const analytics = () => import('../features/admin/analytics/analytics-page.tsx');
const chat = () => import('../features/chat/index.tsx');
// The shopper's floating chat button mounts once the browser is idle after hydration (the
// layout's ShopperChat): its code comes then too, not with the first load.
const chatWidget = () => import('../features/chat/support-chat-widget.tsx');
// The login and register forms and the guard (with its own login form) are not on the home
// page's first screen: they come with the first route that shows one.
const auth = () => import('../features/auth/index.tsx');
// The `Report a problem` dialog: fetched when a shopper first opens it.
const problemReport = () => import('../features/problem-reports/report-dialog.tsx');
const passwordPages = () => import('../features/auth/password-pages.tsx');
const guard = () => import('./guard.tsx');

const LoginPage = lazyNamed(auth, 'LoginPage');
const RegisterPage = lazyNamed(auth, 'RegisterPage');
const ForgotPasswordPage = lazyNamed(passwordPages, 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(passwordPages, 'ResetPasswordPage');
const RouteGuard = lazyNamed(guard, 'RouteGuard');
const ProductListPage = lazyNamed(productList, 'default');
const ProductDetailsPage = lazyNamed(productDetails, 'default');
const CartPage = lazyNamed(cart, 'default');
const HandoffPage = lazyNamed(cart, 'HandoffPage');
const UserProfilePage = lazyNamed(user, 'UserProfilePage');
const MyOrdersPage = lazyNamed(user, 'MyOrdersPage');
const CartDetailsPage = lazyNamed(user, 'CartDetailsPage');
const UserOrderDetailsPage = lazyNamed(user, 'UserOrderDetailsPage');
const AdminLayout = lazyNamed(admin, 'AdminLayout');
const AdminOrdersPage = lazyNamed(admin, 'AdminOrdersPage');
const AdminOrderDetailsPage = lazyNamed(admin, 'AdminOrderDetailsPage');
const AdminUsersPage = lazyNamed(admin, 'AdminUsersPage');
const AdminEditUserPage = lazyNamed(admin, 'AdminEditUserPage');
const AdminProductsPage = lazyNamed(admin, 'AdminProductsPage');
const AdminCreateProductPage = lazyNamed(admin, 'AdminCreateProductPage');
const AdminEditProductPage = lazyNamed(admin, 'AdminEditProductPage');
const AdminProblemReportsPage = lazyNamed(admin, 'AdminProblemReportsPage');
const AdminCategoriesPage = lazyNamed(admin, 'AdminCategoriesPage');
const AdminKiosksPage = lazyNamed(admin, 'AdminKiosksPage');
const AdminProblemReportPage = lazyNamed(admin, 'AdminProblemReportPage');
const AdminAnalyticsPage = lazyNamed(analytics, 'AdminAnalyticsPage');
const AdminChatsPage = lazyNamed(chat, 'AdminChatsPage');
const AdminUnreadDot = lazyNamed(chat, 'AdminUnreadDot');
const SupportChatWidget = lazyNamed(chatWidget, 'SupportChatWidget');
const ProblemReportDialog = lazyNamed(problemReport, 'ProblemReportDialog');

/**
 * Loads the lazy page of a route the server rendered (route-data.ts: the lists and product
 * details; home is in the shop's chunk) before the browser hydrates it, so it hydrates in place.
 */
export const preloadServerRendered = (pathname: string): Promise<unknown> => {
  if (paths.productList.patterns.some((pattern) => matchPath(pattern, pathname))) return ProductListPage.preload();
  if (matchPath(paths.productDetails.pattern, pathname)) return ProductDetailsPage.preload();
  return Promise.resolve();
};

/** Every route of spec section 2; the layout (header, footer) wraps them all. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout chatWidget={<SupportChatWidget />} adminDot={<AdminUnreadDot />} problemReport={ProblemReportDialog} />}>
        <Route path={paths.home.pattern} element={<HomePage />} />
        {paths.productList.patterns.map((pattern) => (
          <Route key={pattern} path={pattern} element={<ProductListPage />} />
        ))}
        <Route path={paths.productDetails.pattern} element={<ProductDetailsPage />} />
        <Route path={paths.cart.pattern} element={<CartPage />} />
        <Route path={paths.handoff.pattern} element={<HandoffPage />} />
        <Route path={paths.login.pattern} element={<LoginPage />} />
        <Route path={paths.register.pattern} element={<RegisterPage />} />
        <Route path={paths.forgotPassword.pattern} element={<ForgotPasswordPage />} />
        <Route path={paths.resetPassword.pattern} element={<ResetPasswordPage />} />

        <Route element={<RouteGuard area="user" />}>
          <Route path={paths.user.profile.pattern} element={<UserProfilePage />} />
          <Route path={paths.user.myOrders.pattern} element={<MyOrdersPage />} />
          <Route path={paths.user.cartDetails.pattern} element={<CartDetailsPage />} />
          <Route path={paths.user.orderDetails.pattern} element={<UserOrderDetailsPage />} />
        </Route>

        <Route element={<RouteGuard area="admin" />}>
          <Route element={<AdminLayout />}>
            <Route path={paths.admin.orders.pattern} element={<AdminOrdersPage />} />
            <Route path={paths.admin.orderDetails.pattern} element={<AdminOrderDetailsPage />} />
            <Route path={paths.admin.users.pattern} element={<AdminUsersPage />} />
            <Route path={paths.admin.editUser.pattern} element={<AdminEditUserPage />} />
            <Route path={paths.admin.products.pattern} element={<AdminProductsPage />} />
            <Route path={paths.admin.categories.pattern} element={<AdminCategoriesPage />} />
            <Route path={paths.admin.createProduct.pattern} element={<AdminCreateProductPage />} />
            <Route path={paths.admin.editProduct.pattern} element={<AdminEditProductPage />} />
            <Route path={paths.admin.chats.pattern} element={<AdminChatsPage />} />
            <Route path={paths.admin.problemReports.pattern} element={<AdminProblemReportsPage />} />
            <Route path={paths.admin.problemReport.pattern} element={<AdminProblemReportPage />} />
            <Route path={paths.admin.kiosks.pattern} element={<AdminKiosksPage />} />
            <Route
              path={paths.admin.analytics.pattern}
              element={
                // Inside the admin layout, so its menu stays while the chart's code arrives.
                <Suspense fallback={<PageSkeleton />}>
                  <AdminAnalyticsPage />
                </Suspense>
              }
            />
          </Route>
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
