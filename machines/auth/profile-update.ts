import { SHIPPING_FIELDS } from '#contracts/rules.ts';
import type { ProfileUpdateResponse, UserInfo } from '#contracts/user.ts';
import { fieldOf, messageOf, statusOf } from '../shared/actors.ts';

/** The auth machine's fixed texts (spec section 5). */
export const AUTH_TEXTS = {
  wrongCredentials: 'Wrong credentials',
  userExists: 'User with that email already exists!',
  somethingWrong: 'Something went wrong',
  userCreated: 'User created',
  userUpdated: 'User updated',
} as const;

export const messageOr = (error: unknown) => messageOf(error, AUTH_TEXTS.somethingWrong);

/** The stored place follows the choice made at login. */
export const updatedUser = (current: UserInfo | null, output: ProfileUpdateResponse): UserInfo => ({
  ...output.userUpdated,
  doNotLogout: current?.doNotLogout ?? false,
});

/** The profile form's fields a refusal may name (the address rules are the API's). */
const PROFILE_FIELDS: ReadonlySet<string> = new Set(['currentPassword', 'password', 'name', 'lastName', ...SHIPPING_FIELDS]);

/**
 * A refused profile update: the spec's 'Something went wrong', except a 400 naming one of the
 * form's fields (a wrong current password, a zip code the API refuses), whose message the form
 * shows beside that field (the shopper can act on it).
 */
export const profileFailure = (error: unknown): { error: string; errorField: string | null } => {
  const field = fieldOf(error);
  return statusOf(error) === 400 && field && PROFILE_FIELDS.has(field)
    ? { error: messageOr(error), errorField: field }
    : { error: AUTH_TEXTS.somethingWrong, errorField: null };
};
