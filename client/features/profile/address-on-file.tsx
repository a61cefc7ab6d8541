import { useState } from 'react';
import * as z from 'zod/mini';
import { request } from '../../lib/api.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useForm } from '../../ui/use-form.ts';

export const ADDRESS_ON_FILE_TEXTS = {
  masked: '••• on file',
  empty: 'Not given yet',
  why: 'Your address and phone number are hidden on this public screen.',
  show: 'Show',
  password: 'Your password',
  confirm: 'Show my address',
} as const;

/** The address fields the kiosk hides until the shopper gives their password, with their labels. */
export const HIDDEN_ON_KIOSK = [
  ['phoneNumber', 'Phone number'],
  ['address', 'Address'],
  ['country', 'Country'],
  ['zipCode', 'Zip Code'],
  ['city', 'City'],
  ['state', 'State'],
] as const;

const schema = z.object({ currentPassword: z.string().check(z.minLength(1, 'Please enter your password')) });

/**
 * On a kiosk the profile's address and phone read `••• on file` until the shopper proves the
 * account is theirs (POST /api/users/profile/check-password, counted in the login limit): the
 * next shopper at the screen must not read them. The gate is the send having succeeded.
 */
export function useAddressGate() {
  const check = useSubmit((values: { currentPassword: string }, signal) =>
    request<void>('POST', '/api/users/profile/check-password', values, { signal }),
  );
  return check;
}

type Gate = ReturnType<typeof useAddressGate>;

/** The hidden fields, each with its label, and `Show`, which asks for the password. */
export function AddressOnFile({ values, gate }: { values: Record<(typeof HIDDEN_ON_KIOSK)[number][0], string>; gate: Gate }) {
  const [asking, setAsking] = useState(false);
  const form = useForm(schema, { currentPassword: '' }, (v) => gate.submit(v));
  return (
    <section aria-label="Address and phone">
      <p>{ADDRESS_ON_FILE_TEXTS.why}</p>
      {HIDDEN_ON_KIOSK.map(([name, label]) => (
        <TextField key={name} label={label} value={values[name] ? ADDRESS_ON_FILE_TEXTS.masked : ADDRESS_ON_FILE_TEXTS.empty} readOnly />
      ))}
      {asking ? (
        // Its own form, inside the profile's: the password is sent alone, not as a profile change.
        <div
          role="group"
          aria-label={ADDRESS_ON_FILE_TEXTS.confirm}
          onKeyDown={(e) => {
            // Enter sends the password, not the profile form around it.
            if (e.key !== 'Enter') return;
            e.preventDefault();
            form.submit();
          }}
        >
          {gate.error ? <Alert tone="danger">{gate.error}</Alert> : null}
          <TextField
            label={ADDRESS_ON_FILE_TEXTS.password}
            type="password"
            autoComplete="current-password"
            {...form.field('currentPassword')}
          />
          <Button disabled={gate.sending} aria-busy={gate.sending || undefined} onClick={() => form.submit()}>
            {ADDRESS_ON_FILE_TEXTS.confirm}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {ADDRESS_ON_FILE_TEXTS.show}
        </Button>
      )}
    </section>
  );
}
