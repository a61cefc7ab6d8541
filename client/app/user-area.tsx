// The user area (/user/*) is four features, loaded as one chunk as when they were one folder: a
// shopper who opens one of these pages usually goes on to the others (checkout → order → my orders).
export { UserProfilePage } from '../features/profile/index.tsx';
export { MyOrdersPage } from '../features/orders/index.tsx';
export { CartDetailsPage } from '../features/checkout/index.tsx';
export { UserOrderDetailsPage } from '../features/payment/index.tsx';
