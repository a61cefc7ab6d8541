import { useEffect, useLayoutEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { Link } from '../../ui/link.tsx';
import { AUTH_TEXTS } from '#machines/auth/auth.machine.ts';
import { useCheckoutReturn } from '../../lib/checkout-return.ts';
import { AuthContext } from '../../lib/contexts.ts';
import { homeOf, paths } from '../../lib/paths.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { usePageTitle } from '../../ui/page-title.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useForm } from '../../ui/use-form.ts';
import { formPageStyle } from './form-style.ts';
import { registerSchema } from './validation.ts';

const EMPTY = { name: '', lastName: '', email: '', password: '', repeatPassword: '' };

/**
 * /register (spec sections 2 and 5): the messages show on the page (noValidate keeps the
 * browser's bubbles away); success stores the user for this tab and goes to /user (with
 * `Continue to checkout` when the shopper came from the checkout).
 */
export function RegisterPage() {
  usePageTitle('Register');
  const auth = AuthContext.useActorRef();
  const user = AuthContext.useSelector((s) => s.context.userInfo);
  const busy = AuthContext.useSelector((s) => s.hasTag('guest') && s.hasTag('loading'));
  const failure = AuthContext.useSelector((s) => (s.hasTag('guest') && s.hasTag('error') ? s.context.error : null));
  const toast = useToast();
  const checkout = useCheckoutReturn();
  const form = useForm(registerSchema, EMPTY, ({ name, lastName, email, password }) => {
    if (!busy) auth.send({ type: 'auth.register', name, lastName, email, password });
  });

  // The machine's refusal outlives this form: opening it clears another form's, before the first paint.
  useLayoutEffect(() => auth.send({ type: 'auth.formOpened' }), [auth]);

  // The page leaves at once on success, so 'User created' travels as a toast.
  useEffect(() => {
    const sub = auth.on('auth.loggedIn', () => toast(AUTH_TEXTS.userCreated, 'success'));
    return () => sub.unsubscribe();
  }, [auth, toast]);

  // From the checkout: the new account has no address yet, so the profile, with the way back.
  if (user)
    return checkout ? (
      <Navigate to={paths.user.profile.to()} replace state={{ returnTo: checkout }} />
    ) : (
      <Navigate to={homeOf(user)} replace />
    );

  return (
    <section css={formPageStyle} aria-labelledby="register-heading">
      <h1 id="register-heading">Register</h1>
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <form ref={form.formRef} noValidate onSubmit={form.submit}>
        <TextField label="Your name" autoComplete="given-name" {...form.field('name')} />
        <TextField label="Your last name" autoComplete="family-name" {...form.field('lastName')} />
        <TextField label="Email address" type="email" autoComplete="email" {...form.field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" hint="At least 6 characters" {...form.field('password')} />
        <TextField label="Repeat Password" type="password" autoComplete="new-password" {...form.field('repeatPassword')} />
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner label="Creating your account ..." /> : null}
          Submit
        </Button>
      </form>
      <p>
        Do you have an account already?{' '}
        <Link to={paths.login.to()} state={checkout ? { returnTo: checkout } : undefined}>
          Login
        </Link>
      </p>
    </section>
  );
}
