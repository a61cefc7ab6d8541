export { default } from './product-details-page.tsx';
