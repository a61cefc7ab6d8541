export { CartDetailsPage } from './cart-details-page.tsx';
