import * as z from 'zod/mini';
import { useNavigate, useParams } from 'react-router-dom';
import type { User } from '#contracts/user.ts';
import { MESSAGES } from '#contracts/rules.ts';
import { api } from '../../../lib/api.ts';
import { emailField, filled } from '../../../lib/form-fields.ts';
import { paths } from '../../../lib/paths.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { useForm } from '../../../ui/use-form.ts';
import { formGrid } from '../admin-styles.ts';
import { useReturnTo } from '../return-to.ts';
import { useAdminGet } from '../use-admin-get.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { TableSkeleton } from '../table-skeleton.tsx';
import { SetPasswordForm } from './set-password-form.tsx';

/** Spec section 5: name, last name and email are required; the output is the body, trimmed. */
const userSchema = z.object({ name: filled(MESSAGES.name), lastName: filled(MESSAGES.lastName), email: emailField, isAdmin: z.boolean() });
type Body = z.output<typeof userSchema>;

function EditUserForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const back = useReturnTo(paths.admin.users.to());
  const toast = useToast();
  const save = useSubmit(
    (body: Body, signal: AbortSignal) => api.put(`/api/users/${encodeURIComponent(user._id)}`, body, { signal }),
    () => {
      toast('user updated', 'success');
      navigate(back);
    },
  );
  const form = useForm(userSchema, { name: user.name, lastName: user.lastName, email: user.email, isAdmin: user.isAdmin }, save.submit);

  return (
    <form ref={form.formRef} css={formGrid} noValidate onSubmit={form.submit}>
      {save.error ? <Alert tone="danger">{save.error}</Alert> : null}
      <TextField label="Name" autoComplete="off" required {...form.field('name')} />
      <TextField label="Last name" autoComplete="off" required {...form.field('lastName')} />
      <TextField label="Email" type="email" autoComplete="off" required {...form.field('email')} />
      <Checkbox label="Is admin" checked={form.values.isAdmin} onChange={(e) => form.set('isAdmin', e.target.checked)} />
      <div css={{ display: 'flex', gap: 12 }}>
        <Button type="submit" disabled={save.sending}>
          {save.sending ? 'Updating ...' : 'UPDATE'}
        </Button>
        <LinkButton variant="secondary" to={back}>
          Go back
        </LinkButton>
      </div>
    </form>
  );
}

/** /admin/edit-user/{id}: name, last name, email and the admin flag; below them, Set password. */
export function AdminEditUserPage() {
  usePageTitle('Edit user');
  const { id = '' } = useParams();
  const user = useAdminGet<User>(`/api/users/${encodeURIComponent(id)}`);
  return (
    <section>
      <h1>Edit user</h1>
      {user.status === 'error' ? (
        <LoadFailed error={user.error} onRetry={user.reload} />
      ) : user.status === 'loading' ? (
        <TableSkeleton rows={4} label="Loading the user ..." />
      ) : (
        <>
          <EditUserForm key={user.data._id} user={user.data} />
          <SetPasswordForm key={`password-${user.data._id}`} userId={user.data._id} />
        </>
      )}
    </section>
  );
}
