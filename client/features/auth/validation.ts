import { LIMITS, MESSAGES } from '#contracts/rules.ts';

export type RegisterValues = { name: string; lastName: string; email: string; password: string; repeatPassword: string };
export type LoginValues = { email: string; password: string };
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** A plain shape check; the server has the last word on what an address may be. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec section 5's register rules and messages, misspellings kept. */
export const validateRegister = (v: RegisterValues): FieldErrors<RegisterValues> => {
  const errors: FieldErrors<RegisterValues> = {};
  if (!v.name.trim()) errors.name = MESSAGES.name;
  if (!v.lastName.trim()) errors.lastName = MESSAGES.lastName;
  if (!EMAIL.test(v.email.trim())) errors.email = MESSAGES.email;
  if (v.password.length < LIMITS.passwordMin) errors.password = MESSAGES.password;
  if (v.repeatPassword !== v.password) errors.repeatPassword = MESSAGES.passwordsMatch;
  return errors;
};

/** Spec section 5: email and password are required to log in. */
export const validateLogin = (v: LoginValues): FieldErrors<LoginValues> => {
  const errors: FieldErrors<LoginValues> = {};
  if (!v.email.trim()) errors.email = MESSAGES.email;
  if (!v.password) errors.password = MESSAGES.password;
  return errors;
};

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;
