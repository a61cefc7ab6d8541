import { useState, type FormEvent } from 'react';
import { Link } from '../../ui/link.tsx';
import { AuthContext } from '../../lib/contexts.ts';
import { paths } from '../../lib/paths.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useKioskMode } from '../kiosk/kiosk-mode.ts';
import { formPageStyle } from './form-style.ts';
import { hasErrors, validateLogin, type FieldErrors, type LoginValues } from './validation.ts';

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
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [doNotLogout, setDoNotLogout] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<LoginValues>>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (field: keyof LoginValues) => (e: { target: { value: string } }) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (submitted) setErrors(validateLogin(next));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validateLogin(values);
    setErrors(found);
    if (hasErrors(found) || busy) return;
    auth.send({ type: 'auth.login', email: values.email.trim(), password: values.password, doNotLogout: doNotLogout && !kiosk });
  };

  return (
    <section css={formPageStyle} aria-labelledby="login-heading">
      <h1 id="login-heading">{heading}</h1>
      {/* Only this form's own outcome: the machine may still hold another page's failure. */}
      {submitted && failure ? <Alert tone="danger">{failure}</Alert> : null}
      <form id={LOGIN_FORM_ID} noValidate onSubmit={submit}>
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        {kiosk ? null : (
          <Checkbox label="Do not logout" name="doNotLogout" checked={doNotLogout} onChange={(e) => setDoNotLogout(e.target.checked)} />
        )}
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner label="Logging in ..." /> : null}
          Login
        </Button>
      </form>
      <p>
        Don&apos;t you have an account? <Link to={paths.register.to()}>Register</Link>
      </p>
    </section>
  );
}
