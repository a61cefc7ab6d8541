import { Navigate } from 'react-router-dom';
import { useUserInfo } from '../../lib/hooks.ts';
import { homeOf } from '../../lib/paths.ts';
import { usePageTitle } from '../../ui/page-title.tsx';
import { LoginForm } from './login-form.tsx';

/** /login: a logged-in visitor has nothing to do here and goes to their home. */
export function LoginPage() {
  usePageTitle('Login');
  const user = useUserInfo();
  if (user) return <Navigate to={homeOf(user)} replace />;
  return <LoginForm />;
}
