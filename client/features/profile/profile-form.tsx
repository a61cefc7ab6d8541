import { css } from '@emotion/react';
import { useEffect, useLayoutEffect } from 'react';
import { AUTH_TEXTS } from '#machines/auth/auth.machine.ts';
import type { User } from '#contracts/user.ts';
import { AuthContext } from '../../lib/contexts.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { media, space } from '../../ui/theme.ts';
import { useForm } from '../../ui/use-form.ts';
import { profileSchema, toBody, valuesFrom, type ProfileValues } from './validation.ts';
import { useKioskMode } from '../kiosk/kiosk-mode.ts';
import { AddressOnFile, useAddressGate } from './address-on-file.tsx';

export const EMAIL_HINT = 'Your email cannot be changed here. To use another email, delete your account and create a new one.';
export const CURRENT_PASSWORD_HINT = 'Needed only to change your password: leave it empty to keep the one you have.';
export const NEW_PASSWORD_HINT = 'At least 6 characters. Leave it empty to keep your password.';

const pairStyle = css({ display: 'grid', gap: `0 ${space(4)}`, [media.lg]: { gridTemplateColumns: '1fr 1fr' } });

/**
 * The profile form: spec section 5's messages show on the page (noValidate keeps the
 * browser's bubbles away); the update itself is the auth machine's auth.updateProfile.
 * An empty Password keeps the current one (spec amendment: a new customer saves an address
 * without a password). The page cannot know the stored one, so `Current password` is always
 * there, with a hint: the server wants it only when the password differs. A refusal naming a
 * field (that one, or an address value) shows beside the field, which takes the focus.
 */
export function ProfileForm({ user }: { user: User }) {
  const auth = AuthContext.useActorRef();
  const busy = AuthContext.useSelector((s) => s.hasTag('loggedIn') && s.hasTag('loading'));
  const failure = AuthContext.useSelector((s) => (s.hasTag('loggedIn') && s.hasTag('error') ? s.context.error : null));
  const failedField = AuthContext.useSelector((s) => s.context.errorField);
  const updated = AuthContext.useSelector((s) => s.context.notice === AUTH_TEXTS.userUpdated);
  // On a kiosk the address and phone stay hidden until the password is given (address-on-file.tsx).
  const gate = useAddressGate();
  const masked = useKioskMode().active && !gate.sent;
  const form = useForm(
    profileSchema,
    () => valuesFrom(user),
    (values) => {
      if (!busy) auth.send({ type: 'auth.updateProfile', body: toBody(values) });
    },
  );
  // The API's refusal of one field (a wrong current password, a zip code it does not take) shows beside it.
  const refusedField = !busy && failure && failedField && failedField in form.values ? (failedField as keyof ProfileValues) : null;
  const generalFailure = !busy && failure && !refusedField ? failure : null;

  // The machine's outcome outlives this page: opening it clears an older one, before the first paint.
  useLayoutEffect(() => auth.send({ type: 'auth.profileOpened' }), [auth]);

  const { focusFirstInvalid } = form;
  useEffect(() => {
    if (refusedField) focusFirstInvalid();
  }, [refusedField, focusFirstInvalid]);

  // A field the API refused shows its refusal until the form finds an error of its own there.
  const field = (name: keyof ProfileValues) => {
    const props = form.field(name);
    return { ...props, error: props.error ?? (name === refusedField ? failure : null) };
  };

  return (
    <form ref={form.formRef} noValidate onSubmit={form.submit} aria-busy={busy}>
      <div css={pairStyle}>
        <TextField label="Your name" autoComplete="given-name" {...field('name')} />
        <TextField label="Your last name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <TextField label="Email address" type="email" value={user.email} readOnly hint={EMAIL_HINT} />
      {masked ? (
        <AddressOnFile values={form.values} gate={gate} />
      ) : (
        <div css={pairStyle}>
          <TextField label="Phone number" type="tel" autoComplete="tel" {...field('phoneNumber')} />
          <TextField label="Address" autoComplete="street-address" {...field('address')} />
          <TextField label="Country" autoComplete="country-name" {...field('country')} />
          <TextField label="Zip Code" autoComplete="postal-code" {...field('zipCode')} />
          <TextField label="City" autoComplete="address-level2" {...field('city')} />
          <TextField label="State" autoComplete="address-level1" {...field('state')} />
        </div>
      )}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        hint={CURRENT_PASSWORD_HINT}
        {...field('currentPassword')}
      />
      <div css={pairStyle}>
        <TextField label="Password" type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} {...field('password')} />
        <TextField label="Repeat Password" type="password" autoComplete="new-password" {...field('repeatPassword')} />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? <Spinner label="Saving your profile ..." /> : null}
        Update
      </Button>
      {generalFailure ? <Alert tone="danger">{generalFailure}</Alert> : null}
      {!busy && updated ? <Alert tone="success">{AUTH_TEXTS.userUpdated}</Alert> : null}
    </form>
  );
}
