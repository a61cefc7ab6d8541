import { useParams } from 'react-router-dom';
import { paths } from '../../lib/paths.ts';
import { Alert } from '../../ui/alert.tsx';
import { Link } from '../../ui/link.tsx';
import { usePageTitle } from '../../ui/page-title.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { useForm } from '../../ui/use-form.ts';
import { formPageStyle } from './form-style.ts';
import { SendButton } from './send-button.tsx';
import { resetSchema } from './password-validation.ts';
import { usePasswordReset } from './use-password-reset.ts';

/**
 * /reset-password/:token: the new password twice. On success the BFF has ended every other
 * session and logged this browser in: the page loads the shop again at the customer's home, so
 * every part of it starts from that session. A link the shop refuses (expired, used, replaced
 * by a newer one) ends the page: it says so and offers a new link. The flow is the
 * password-reset machine's (`usePasswordReset`).
 */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const { id: token = '' } = useParams();
  const flow = usePasswordReset(token);
  const form = useForm(resetSchema, { password: '', repeatPassword: '' }, ({ password }) => flow.save(password));
  return (
    <section css={formPageStyle} aria-labelledby="reset-heading">
      <h1 id="reset-heading">Choose a new password</h1>
      {flow.error ? (
        <Alert tone="danger">
          {flow.error} {flow.has('linkInvalid') ? <Link to={paths.forgotPassword.to()}>Send me a new link</Link> : null}
        </Alert>
      ) : null}
      <form hidden={flow.has('linkInvalid')} ref={form.formRef} noValidate onSubmit={form.submit}>
        <NewPasswordFields form={form} />
        <SendButton busy={flow.has('saving') || flow.has('loggedIn')} busyLabel="Saving ...">
          Save the new password
        </SendButton>
      </form>
    </section>
  );
}
