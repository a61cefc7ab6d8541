/** Login and registration (spec section 2): one chunk, fetched the first time either page shows. */
export { LoginPage } from './login-page.tsx';
export { RegisterPage } from './register-page.tsx';
