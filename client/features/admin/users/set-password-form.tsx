import type { PasswordSetResponse } from '#contracts/user.ts';
import { api } from '../../../lib/api.ts';
import { newPasswordTwice } from '../../../lib/form-fields.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { NewPasswordFields } from '../../../ui/new-password-fields.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { useForm } from '../../../ui/use-form.ts';
import { formGrid } from '../admin-styles.ts';

export const SET_PASSWORD_TEXTS = {
  heading: 'Set password',
  what: 'For a customer who cannot use a reset link. Every session of this account ends: they log in again with the new password.',
  done: 'Password set: every session of this account has ended',
} as const;

const EMPTY = { password: '', repeatPassword: '' };

/** `Set password` on the admin's user page: the new password twice, under the register form's rules. */
export function SetPasswordForm({ userId }: { userId: string }) {
  const toast = useToast();
  const save = useSubmit(
    ({ password }: { password: string }, signal: AbortSignal) =>
      api.post<PasswordSetResponse>(`/api/users/${encodeURIComponent(userId)}/password`, { password }, { signal }),
    () => {
      toast(SET_PASSWORD_TEXTS.done, 'success');
      form.reset(EMPTY);
    },
  );
  const form = useForm(newPasswordTwice, EMPTY, save.submit);
  return (
    <section aria-labelledby="set-password-heading">
      <h2 id="set-password-heading">{SET_PASSWORD_TEXTS.heading}</h2>
      <p>{SET_PASSWORD_TEXTS.what}</p>
      <form ref={form.formRef} css={formGrid} noValidate onSubmit={form.submit}>
        {save.error ? <Alert tone="danger">{save.error}</Alert> : null}
        <NewPasswordFields form={form} />
        <div>
          <Button type="submit" disabled={save.sending} aria-busy={save.sending}>
            {SET_PASSWORD_TEXTS.heading}
          </Button>
        </div>
      </form>
    </section>
  );
}
