import { useEffect, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { Link } from '../../ui/link.tsx';
import { AUTH_TEXTS } from '#machines/auth/auth.machine.ts';
import { AuthContext } from '../../lib/contexts.ts';
import { homeOf, paths } from '../../lib/paths.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { usePageTitle } from '../../ui/page-title.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { formPageStyle } from './form-style.ts';
import { hasErrors, validateRegister, type FieldErrors, type RegisterValues } from './validation.ts';

const EMPTY: RegisterValues = { name: '', lastName: '', email: '', password: '', repeatPassword: '' };

/**
 * /register (spec sections 2 and 5): the messages show on the page (noValidate keeps the
 * browser's bubbles away); success stores the user for this tab and goes to /user.
 */
export function RegisterPage() {
  usePageTitle('Register');
  const auth = AuthContext.useActorRef();
  const user = AuthContext.useSelector((s) => s.context.userInfo);
  const busy = AuthContext.useSelector((s) => s.hasTag('guest') && s.hasTag('loading'));
  const failure = AuthContext.useSelector((s) => (s.hasTag('guest') && s.hasTag('error') ? s.context.error : null));
  const toast = useToast();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<RegisterValues>>({});
  const [submitted, setSubmitted] = useState(false);

  // The page leaves at once on success, so 'User created' travels as a toast.
  useEffect(() => {
    const sub = auth.on('auth.loggedIn', () => toast(AUTH_TEXTS.userCreated, 'success'));
    return () => sub.unsubscribe();
  }, [auth, toast]);

  if (user) return <Navigate to={homeOf(user)} replace />;

  const change = (field: keyof RegisterValues) => (e: { target: { value: string } }) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (submitted) setErrors(validateRegister(next));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validateRegister(values);
    setErrors(found);
    if (hasErrors(found) || busy) return;
    auth.send({
      type: 'auth.register',
      name: values.name.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      password: values.password,
    });
  };

  return (
    <section css={formPageStyle} aria-labelledby="register-heading">
      <h1 id="register-heading">Register</h1>
      {/* Only this form's own outcome: the machine may still hold another page's failure. */}
      {submitted && failure ? <Alert tone="danger">{failure}</Alert> : null}
      <form noValidate onSubmit={submit}>
        <TextField
          label="Your name"
          name="name"
          autoComplete="given-name"
          value={values.name}
          onChange={change('name')}
          error={errors.name}
        />
        <TextField
          label="Your last name"
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          onChange={change('lastName')}
          error={errors.lastName}
        />
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
          autoComplete="new-password"
          hint="At least 6 characters"
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        <TextField
          label="Repeat Password"
          type="password"
          name="repeatPassword"
          autoComplete="new-password"
          value={values.repeatPassword}
          onChange={change('repeatPassword')}
          error={errors.repeatPassword}
        />
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner label="Creating your account ..." /> : null}
          Submit
        </Button>
      </form>
      <p>
        Do you have an account already? <Link to={paths.login.to()}>Login</Link>
      </p>
    </section>
  );
}
