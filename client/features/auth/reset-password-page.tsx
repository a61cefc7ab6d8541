import { useParams } from 'react-router-dom';
import type { LoginResponse } from '#contracts/user.ts';
import { api, errorMessage } from '../../lib/api.ts';
import { homeOf, paths } from '../../lib/paths.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { Alert } from '../../ui/alert.tsx';
import { Link } from '../../ui/link.tsx';
import { usePageTitle } from '../../ui/page-title.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useForm } from '../../ui/use-form.ts';
import { formPageStyle } from './form-style.ts';
import { SendButton } from './send-button.tsx';
import { resetSchema } from './password-validation.ts';

/**
 * /reset-password/:token: the new password twice. On success the BFF has ended every other
 * session and logged this browser in: the page loads the shop again at the customer's home, so
 * every part of it starts from that session.
 */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const { id: token = '' } = useParams();
  const send = useSubmit(
    (password: string, signal) => api.post<LoginResponse>('/api/users/reset-password', { token, password }, { signal }),
    ({ userLoggedIn }) => window.location.assign(homeOf(userLoggedIn)),
  );
  const form = useForm(resetSchema, { password: '', repeatPassword: '' }, ({ password }) => send.submit(password));
  return (
    <section css={formPageStyle} aria-labelledby="reset-heading">
      <h1 id="reset-heading">Choose a new password</h1>
      {send.error ? (
        <Alert tone="danger">
          {errorMessage(send.error)} <Link to={paths.forgotPassword.to()}>Send me a new link</Link>
        </Alert>
      ) : null}
      <form ref={form.formRef} noValidate onSubmit={form.submit}>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters"
          {...form.field('password')}
        />
        <TextField label="Repeat the new password" type="password" autoComplete="new-password" {...form.field('repeatPassword')} />
        <SendButton busy={send.sending} busyLabel="Saving ...">
          Save the new password
        </SendButton>
      </form>
    </section>
  );
}
