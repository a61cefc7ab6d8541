export { CartPage as default } from './cart-page.tsx';
