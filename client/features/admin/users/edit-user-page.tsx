import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { User } from '#contracts/user.ts';
import { MESSAGES } from '#contracts/rules.ts';
import { api } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { useFieldErrors } from '../../../ui/use-field-errors.ts';
import { formGrid } from '../admin-styles.ts';
import { useReturnTo } from '../return-to.ts';
import { useAdminGet } from '../use-admin-get.ts';
import { TableSkeleton } from '../table-skeleton.tsx';

type Form = { name: string; lastName: string; email: string; isAdmin: boolean };
type Errors = Partial<Record<'name' | 'lastName' | 'email', string>>;

/** Spec section 5: name, last name and email are required. */
const validate = (f: Form): Errors => {
  const e: Errors = {};
  if (!f.name.trim()) e.name = MESSAGES.name;
  if (!f.lastName.trim()) e.lastName = MESSAGES.lastName;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) e.email = MESSAGES.email;
  return e;
};

function EditUserForm({ user }: { user: User }) {
  const [form, setForm] = useState<Form>({ name: user.name, lastName: user.lastName, email: user.email, isAdmin: user.isAdmin });
  const { errors, check, recheck } = useFieldErrors(validate);
  const navigate = useNavigate();
  const back = useReturnTo(paths.admin.users.to());
  const toast = useToast();
  const save = useSubmit(
    (body: Form, signal: AbortSignal) => api.put(`/api/users/${encodeURIComponent(user._id)}`, body, { signal }),
    () => {
      toast('user updated', 'success');
      navigate(back);
    },
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (check(form)) save.submit({ ...form, name: form.name.trim(), lastName: form.lastName.trim(), email: form.email.trim() });
  };
  const field = (key: 'name' | 'lastName' | 'email') => ({
    value: form[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => {
      const next = { ...form, [key]: e.target.value };
      setForm(next);
      recheck(next);
    },
  });

  return (
    <form css={formGrid} noValidate onSubmit={submit}>
      {save.error ? <Alert tone="danger">{save.error}</Alert> : null}
      <TextField label="Name" autoComplete="off" required {...field('name')} />
      <TextField label="Last name" autoComplete="off" required {...field('lastName')} />
      <TextField label="Email" type="email" autoComplete="off" required {...field('email')} />
      <Checkbox label="Is admin" checked={form.isAdmin} onChange={(e) => setForm((f) => ({ ...f, isAdmin: e.target.checked }))} />
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

/** /admin/edit-user/{id}: name, last name, email and the admin flag. */
export function AdminEditUserPage() {
  usePageTitle('Edit user');
  const { id = '' } = useParams();
  const user = useAdminGet<User>(`/api/users/${encodeURIComponent(id)}`);
  return (
    <section>
      <h1>Edit user</h1>
      {user.status === 'error' ? (
        <Alert tone="danger">{user.error}</Alert>
      ) : user.status === 'loading' ? (
        <TableSkeleton rows={4} label="Loading the user ..." />
      ) : (
        <EditUserForm key={user.data._id} user={user.data} />
      )}
    </section>
  );
}
