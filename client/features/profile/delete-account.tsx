import { useState } from 'react';
import * as z from 'zod/mini';
import { request } from '../../lib/api.ts';
import { AuthContext } from '../../lib/contexts.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useForm } from '../../ui/use-form.ts';

export const DELETE_ACCOUNT_TEXTS = {
  open: 'Delete my account',
  confirm: 'Delete my account for good',
  keep: 'Keep my account',
  what: 'Your profile, your sessions and your name on your reviews go. Your orders stay in the shop’s books as “Deleted customer”, with the delivery address an invoice must show. Your email can be used for a new account.',
  done: 'Your account was deleted',
} as const;

const schema = z.object({ currentPassword: z.string().check(z.minLength(1, 'Please enter your password')) });

/** `Delete my account` on the profile: confirmed with the password (DELETE /api/users/profile), then logged out. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const auth = AuthContext.useActorRef();
  const toast = useToast();
  const send = useSubmit(
    (values: { currentPassword: string }, signal) => request<void>('DELETE', '/api/users/profile', values, { signal }),
    () => {
      toast(DELETE_ACCOUNT_TEXTS.done, 'success');
      // The session is gone with the account: the logout clears the cookie and opens the login page, as any logout does.
      auth.send({ type: 'auth.logout' });
    },
  );
  const form = useForm(schema, { currentPassword: '' }, (values) => send.submit(values));
  return (
    <section aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">{DELETE_ACCOUNT_TEXTS.open}</h2>
      <p>{DELETE_ACCOUNT_TEXTS.what}</p>
      {open ? (
        <form ref={form.formRef} noValidate onSubmit={form.submit}>
          {send.error ? <Alert tone="danger">{send.error}</Alert> : null}
          <TextField label="Your password" type="password" autoComplete="current-password" {...form.field('currentPassword')} />
          <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <Button type="submit" variant="danger" disabled={send.sending} aria-busy={send.sending}>
              {DELETE_ACCOUNT_TEXTS.confirm}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {DELETE_ACCOUNT_TEXTS.keep}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="danger" onClick={() => setOpen(true)}>
          {DELETE_ACCOUNT_TEXTS.open}
        </Button>
      )}
    </section>
  );
}
