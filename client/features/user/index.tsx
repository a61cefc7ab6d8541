export { UserProfilePage } from './profile/profile-page.tsx';
export { MyOrdersPage } from './orders/my-orders-page.tsx';
export { CartDetailsPage } from './checkout/cart-details-page.tsx';
export { UserOrderDetailsPage } from './order/order-details-page.tsx';
