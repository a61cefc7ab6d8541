import { useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '../../ui/link.tsx';
import { checkoutReturnFrom } from '../../lib/checkout-return.ts';
import { AuthContext } from '../../lib/contexts.ts';
import { paths } from '../../lib/paths.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useForm } from '../../ui/use-form.ts';
import { useKioskMode } from '../kiosk/kiosk-mode.ts';
import { formPageStyle } from './form-style.ts';
import { loginSchema } from './validation.ts';

/** The form's id: the kiosk's bar submits it with its own `Log in`. */
export const LOGIN_FORM_ID = 'login-form';

/**
 * The login form (spec sections 2 and 5), used by /login and shown in place by the route
 * guard. It sends auth.login; the machine says whether it is busy or what went wrong.
 */
export function LoginForm({ heading = 'Login' }: { heading?: string }) {
  const auth = AuthContext.useActorRef();
  // A public terminal never keeps a shopper logged in: its reset ends every session.
  const kiosk = useKioskMode().active;
  const busy = AuthContext.useSelector((s) => s.hasTag('guest') && s.hasTag('loading'));
  const failure = AuthContext.useSelector((s) => (s.hasTag('guest') && s.hasTag('error') ? s.context.error : null));
  const [doNotLogout, setDoNotLogout] = useState(false);
  // Shown in place of the checkout: a shopper who registers instead comes back to it.
  const { pathname } = useLocation();
  // The machine's refusal outlives this form: opening it clears another form's, before the first paint.
  useLayoutEffect(() => auth.send({ type: 'auth.formOpened' }), [auth]);
  const form = useForm(loginSchema, { email: '', password: '' }, ({ email, password }) => {
    if (!busy) auth.send({ type: 'auth.login', email, password, doNotLogout: doNotLogout && !kiosk });
  });

  return (
    <section css={formPageStyle} aria-labelledby="login-heading">
      <h1 id="login-heading">{heading}</h1>
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <form id={LOGIN_FORM_ID} ref={form.formRef} noValidate onSubmit={form.submit}>
        <TextField label="Email address" type="email" autoComplete="email" {...form.field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
        {kiosk ? null : (
          <Checkbox label="Do not logout" name="doNotLogout" checked={doNotLogout} onChange={(e) => setDoNotLogout(e.target.checked)} />
        )}
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner label="Logging in ..." /> : null}
          Login
        </Button>
      </form>
      <p>
        <Link to={paths.forgotPassword.to()}>Forgot your password?</Link>
      </p>
      <p>
        Don&apos;t you have an account?{' '}
        <Link to={paths.register.to()} state={checkoutReturnFrom(pathname)}>
          Register
        </Link>
      </p>
    </section>
  );
}
