/**
 * The admin area (spec section 2): routes.tsx imports these names from this chunk. The
 * analytics page (analytics/analytics-page.tsx) is a chunk of its own: it alone needs d3.
 */
export { AdminLayout } from './admin-layout.tsx';
export { AdminOrdersPage } from './orders/orders-page.tsx';
export { AdminOrderDetailsPage } from './orders/order-details-page.tsx';
export { AdminUsersPage } from './users/users-page.tsx';
export { AdminEditUserPage } from './users/edit-user-page.tsx';
export { AdminProductsPage } from './products/products-page.tsx';
export { AdminCategoriesPage } from './categories/categories-page.tsx';
export { AdminCreateProductPage } from './products/create-product-page.tsx';
export { AdminEditProductPage } from './products/edit-product-page.tsx';
export { AdminProblemReportsPage } from './problem-reports/problem-reports-page.tsx';
export { AdminProblemReportPage } from './problem-reports/problem-report-page.tsx';
export { AdminKiosksPage } from './kiosks/kiosks-page.tsx';
