import * as z from 'zod/mini';
import { LIMITS, MESSAGES } from '#contracts/rules.ts';
import type { ProfileUpdateBody, User } from '#contracts/user.ts';
import { ADDRESS_MESSAGES, addressValueProblem, cleanText, isNameValue, type AddressField } from '#contracts/value-rules.ts';
import { passwordsMatch } from '../../lib/form-fields.ts';

type Editable = Omit<ProfileUpdateBody, 'password' | 'currentPassword'>;
export type ProfileValues = { [K in keyof Editable]: string } & { currentPassword: string; password: string; repeatPassword: string };

export const EMPTY_PROFILE: ProfileValues = {
  name: '',
  lastName: '',
  phoneNumber: '',
  address: '',
  country: '',
  zipCode: '',
  city: '',
  state: '',
  currentPassword: '',
  password: '',
  repeatPassword: '',
};

/** The form starts from the stored profile; passwords are never sent back, so they start empty. */
export const valuesFrom = (user: User): ProfileValues => ({
  ...EMPTY_PROFILE,
  name: user.name,
  lastName: user.lastName,
  phoneNumber: user.phoneNumber,
  address: user.address,
  country: user.country,
  zipCode: user.zipCode,
  city: user.city,
  state: user.state,
});

const addressField = (field: AddressField) =>
  z.string().check(z.refine((v) => addressValueProblem(field, v) === null, ADDRESS_MESSAGES[field]));

/**
 * Spec section 5's profile rules: name, last name, and a password (min 6) with a matching repeat.
 * Spec amendment: an empty Password keeps the current one, so saving an address asks for none.
 * A filled address field must be valid by the API's own rule, invisible characters
 * not counting, so the page says what the API would.
 */
export const profileSchema = z
  .object({
    name: z.string().check(z.refine(isNameValue, MESSAGES.name)),
    lastName: z.string().check(z.refine(isNameValue, MESSAGES.lastName)),
    phoneNumber: addressField('phoneNumber'),
    address: addressField('address'),
    country: addressField('country'),
    zipCode: addressField('zipCode'),
    city: addressField('city'),
    state: addressField('state'),
    currentPassword: z.string(),
    password: z.string().check(z.refine((v) => v === '' || v.length >= LIMITS.passwordMin, MESSAGES.password)),
    repeatPassword: z.string(),
  })
  .check(passwordsMatch);

/**
 * The spec's body. No `password` when the field is empty (the API keeps the current one);
 * `currentPassword` only beside a new password, when typed.
 */
export const toBody = (v: ProfileValues): ProfileUpdateBody => ({
  name: cleanText(v.name),
  lastName: cleanText(v.lastName),
  ...(v.password ? { password: v.password, ...(v.currentPassword ? { currentPassword: v.currentPassword } : {}) } : {}),
  phoneNumber: cleanText(v.phoneNumber),
  address: cleanText(v.address),
  country: cleanText(v.country),
  zipCode: cleanText(v.zipCode),
  city: cleanText(v.city),
  state: cleanText(v.state),
});
