import { LIMITS, MESSAGES } from '#contracts/rules.ts';
import type { ProfileUpdateBody, User } from '#contracts/user.ts';
import { ADDRESS_FIELDS, addressValueProblem, cleanText, isNameValue } from '#contracts/value-rules.ts';

type Editable = Omit<ProfileUpdateBody, 'password' | 'currentPassword'>;
export type ProfileValues = { [K in keyof Editable]: string } & { currentPassword: string; password: string; repeatPassword: string };
export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

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

/**
 * Spec section 5's profile rules: name, last name, and a password (min 6) with a matching repeat.
 * Spec amendment: an empty Password keeps the current one, so saving an address asks for none.
 * A filled address field must be valid by the API's own rule, invisible characters
 * not counting, so the page says what the API would.
 */
export const validateProfile = (v: ProfileValues): ProfileErrors => {
  const errors: ProfileErrors = {};
  if (!isNameValue(v.name)) errors.name = MESSAGES.name;
  if (!isNameValue(v.lastName)) errors.lastName = MESSAGES.lastName;
  for (const field of ADDRESS_FIELDS) {
    const problem = addressValueProblem(field, v[field]);
    if (problem) errors[field] = problem;
  }
  if (v.password && v.password.length < LIMITS.passwordMin) errors.password = MESSAGES.password;
  if (v.repeatPassword !== v.password) errors.repeatPassword = MESSAGES.passwordsMatch;
  return errors;
};

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
