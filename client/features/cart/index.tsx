export { CartPage as default } from './cart-page.tsx';
export { HandoffPage } from './handoff/handoff-page.tsx';
