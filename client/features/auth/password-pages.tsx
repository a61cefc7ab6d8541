/** The forgotten-password pages: a chunk of their own, so the login and register pages do not carry them. */
export { ForgotPasswordPage } from './forgot-password-page.tsx';
export { ResetPasswordPage } from './reset-password-page.tsx';
