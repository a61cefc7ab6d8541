import { z } from 'zod';
import { Id } from './common.ts';
import { typedText } from './typed-text.ts';
import { LIMITS, MESSAGES } from './rules.ts';
import { ADDRESS_MESSAGES, type AddressField, cleanText, isValidAddressValue, visible } from './value-rules.ts';

/** A user as any response shows it: never a password or its hash. */
export const User = z.object({
  _id: Id,
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  country: z.string(),
  zipCode: z.string(),
  city: z.string(),
  state: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string().optional(),
});
export type User = z.infer<typeof User>;

/** What the client keeps under `userInfo` (spec section 3). */
export const UserInfo = z.object({
  _id: Id,
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  doNotLogout: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof UserInfo>;

/** The answer to a new password without the right current one (400, field `currentPassword`). */
export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct';

/**
 * Response header on that 400 (`x-statefront-auth-failure: current-password`): the BFF counts
 * it in the login limit, as a guess at the password is what it is.
 */
export const AUTH_FAILURE_HEADER = 'x-statefront-auth-failure';
export const CURRENT_PASSWORD_FAILURE = 'current-password';

const email = z.string().trim().toLowerCase().pipe(z.email(MESSAGES.email)).pipe(z.string().max(254, MESSAGES.email));
const password = z.string().min(LIMITS.passwordMin, MESSAGES.password).max(200, MESSAGES.password);
/** Typed text as stored: control characters refused, invisible ones dropped and the ends trimmed. */
const cleaned = (message: string) => typedText(message).max(1000, message).transform(cleanText);
/** A name a reader can see: at least one visible character (value-rules.ts), not a Hangul filler alone. */
const personName = (message: string) =>
  cleaned(message).pipe(
    z
      .string()
      .max(100, message)
      .refine((v) => visible(v) > 0, message),
  );
const name = personName(MESSAGES.name);
const lastName = personName(MESSAGES.lastName);
/** An address field of the profile: may be empty (spec section 5); a filled one must be valid. */
const addressValue = (field: AddressField) =>
  cleaned(ADDRESS_MESSAGES[field])
    .pipe(z.string().refine((v) => v === '' || (v.length <= 200 && isValidAddressValue(field, v)), ADDRESS_MESSAGES[field]))
    .default('');

export const LoginBody = z.object({
  email: z.string().trim().toLowerCase().min(1, MESSAGES.email).max(254),
  password: z.string().min(1, MESSAGES.password).max(200),
  doNotLogout: z.boolean().optional().default(false),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = z.object({ name, lastName, email, password });
export type RegisterBody = z.infer<typeof RegisterBody>;

/**
 * Email is read-only in the profile (spec section 5). Spec amendment: `password` absent or `""`
 * keeps the current one, so a new customer saves an address without choosing a password again.
 * `currentPassword` is an addition to the spec: needed only when `password` differs from the
 * stored one, so the spec's own client keeps saving plain profile edits (it sends the unchanged password).
 */
export const ProfileUpdateBody = z.object({
  name,
  lastName,
  password: z.preprocess((v) => (v === '' ? undefined : v), password.optional()),
  currentPassword: z.string().max(200, CURRENT_PASSWORD_WRONG).optional(),
  phoneNumber: addressValue('phoneNumber'),
  address: addressValue('address'),
  country: addressValue('country'),
  zipCode: addressValue('zipCode'),
  city: addressValue('city'),
  state: addressValue('state'),
});
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

/** DELETE /api/users/profile: the shopper's own account, confirmed with its password (a wrong one is CURRENT_PASSWORD_WRONG). */
export const DeleteAccountBody = z.object({ currentPassword: z.string().max(200, CURRENT_PASSWORD_WRONG) });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** The name a deleted customer's orders keep. */
export const DELETED_CUSTOMER = 'Deleted customer';
/** The last admin asked to delete their own account (409). */
export const LAST_ADMIN = 'The shop needs at least one administrator: this is the last one';

export const AdminUserUpdateBody = z.object({
  name,
  lastName,
  email,
  isAdmin: z.boolean(),
});
export type AdminUserUpdateBody = z.infer<typeof AdminUserUpdateBody>;

export type LoginResponse = { success: 'user logged in'; userLoggedIn: UserInfo };
export type RegisterResponse = { success: 'User created'; userCreated: UserInfo };
export type ProfileUpdateResponse = { success: 'user updated'; userUpdated: UserInfo };
export type UserUpdatedResponse = 'user updated';
export type UserRemovedResponse = 'user removed';
/**
 * Answered by the BFF from its session: the role as the spec's own client reads it (`admin` or
 * `not admin`), never the upstream token.
 */
export type GetTokenResponse = { token: 'admin' | 'not admin'; isAdmin: boolean };

/** POST /api/users/forgot-password: the answer is the same whether or not the address has an account. */
export const ForgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** POST /api/users/reset-password: the link's token and the new password (the shop's password rules). */
export const ResetPasswordBody = z.object({ token: z.string().min(1).max(200), password });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** POST /api/users/{id}/password: an admin sets a customer's password, under the reset's rules. */
export const AdminSetPasswordBody = ResetPasswordBody.pick({ password: true });
export type AdminSetPasswordBody = z.infer<typeof AdminSetPasswordBody>;
export type PasswordSetResponse = 'password set';

// Without zod, so the client's pages can show them without loading it.
export { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID, RESET_LINK_MINUTES } from './password-reset.ts';
