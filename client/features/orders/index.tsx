export { MyOrdersPage } from './my-orders-page.tsx';
