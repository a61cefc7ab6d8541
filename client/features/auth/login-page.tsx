import { Navigate, useLocation } from 'react-router-dom';
import { afterSignIn } from '../../lib/checkout-return.ts';
import { useKioskMode } from '../kiosk/kiosk-mode.ts';
import { useUserInfo } from '../../lib/hooks.ts';
import { homeOf } from '../../lib/paths.ts';
import { usePageTitle } from '../../ui/page-title.tsx';
import { LoginForm } from './login-form.tsx';

/** /login: a logged-in visitor has nothing to do here and goes to their home. */
export function LoginPage() {
  usePageTitle('Login');
  const user = useUserInfo();
  // Reached from the checkout (through the register page), or on a kiosk from a page: back there.
  const { pathname, state } = useLocation();
  const back = afterSignIn(pathname, state, useKioskMode().active);
  if (user) return <Navigate to={back?.to ?? homeOf(user)} replace />;
  return <LoginForm />;
}
