export { UserOrderDetailsPage } from './order/order-details-page.tsx';
