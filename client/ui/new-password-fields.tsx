import { TextField } from './text-field.tsx';
import type { Form } from './use-form.ts';

/** A new password asked twice, under the register form's rules (the hint says them). */
export function NewPasswordFields({ form }: { form: Form<{ password: string; repeatPassword: string }> }) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters"
        {...form.field('password')}
      />
      <TextField label="Repeat the new password" type="password" autoComplete="new-password" {...form.field('repeatPassword')} />
    </>
  );
}
