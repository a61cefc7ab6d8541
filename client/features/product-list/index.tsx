export { default } from './product-list-page.tsx';
