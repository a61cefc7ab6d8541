import { FORGOT_PASSWORD_ANSWER } from '#contracts/password-reset.ts';
import { paths } from '../../lib/paths.ts';
import { Alert } from '../../ui/alert.tsx';
import { Link } from '../../ui/link.tsx';
import { usePageTitle } from '../../ui/page-title.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useForm } from '../../ui/use-form.ts';
import { formPageStyle } from './form-style.ts';
import { SendButton } from './send-button.tsx';
import { forgotSchema } from './password-validation.ts';
import { usePasswordReset } from './use-password-reset.ts';

/**
 * /forgot-password: an address, and the same answer whether or not it has an account (the
 * API's words), so the page tells nobody which addresses are customers'. The flow is the
 * password-reset machine's (`usePasswordReset`).
 */
export function ForgotPasswordPage() {
  usePageTitle('Forgot your password?');
  const flow = usePasswordReset(null);
  const form = useForm(forgotSchema, { email: '' }, ({ email }) => flow.ask(email));
  return (
    <section css={formPageStyle} aria-labelledby="forgot-heading">
      <h1 id="forgot-heading">Forgot your password?</h1>
      {flow.has('linkSent') ? <Alert tone="success">{FORGOT_PASSWORD_ANSWER}</Alert> : null}
      {flow.error ? <Alert tone="danger">{flow.error}</Alert> : null}
      <form ref={form.formRef} noValidate onSubmit={form.submit}>
        <TextField label="Email address" type="email" autoComplete="email" {...form.field('email')} />
        <SendButton busy={flow.has('sending')} busyLabel="Sending ...">
          Send me a link
        </SendButton>
      </form>
      <p>
        Remembered it? <Link to={paths.login.to()}>Login</Link>
      </p>
    </section>
  );
}
