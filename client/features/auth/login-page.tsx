import { Navigate } from 'react-router-dom';
import { useCheckoutReturn } from '../../lib/checkout-return.ts';
import { useUserInfo } from '../../lib/hooks.ts';
import { homeOf } from '../../lib/paths.ts';
import { usePageTitle } from '../../ui/page-title.tsx';
import { LoginForm } from './login-form.tsx';

/** /login: a logged-in visitor has nothing to do here and goes to their home. */
export function LoginPage() {
  usePageTitle('Login');
  const user = useUserInfo();
  // Reached from the checkout (through the register page): back there.
  const checkout = useCheckoutReturn();
  if (user) return <Navigate to={checkout ?? homeOf(user)} replace />;
  return <LoginForm />;
}
