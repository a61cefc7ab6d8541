import * as z from 'zod/mini';
import { LIMITS, MESSAGES } from '#contracts/rules.ts';

/**
 * The field rules several forms' schemas share (spec section 5's messages, misspellings kept).
 * zod/mini, as every form schema of the client: the full zod would weigh 95 KB in the browser.
 */

/** A plain shape check; the server has the last word on what an address may be. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Required text, sent trimmed. */
export const filled = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

export const emailField = z.string().check(z.trim(), z.regex(EMAIL, MESSAGES.email));

/** A new password: at least the spec's length. */
export const newPassword = z.string().check(z.minLength(LIMITS.passwordMin, MESSAGES.password));

/** The repeat of a form's `password`, its error under `repeatPassword`. */
export const passwordsMatch = z.refine<{ password: string; repeatPassword: string }>((v) => v.repeatPassword === v.password, {
  message: MESSAGES.passwordsMatch,
  path: ['repeatPassword'],
});

/** A new password asked twice (a reset link's page, an admin setting a customer's password). */
export const newPasswordTwice = z.object({ password: newPassword, repeatPassword: z.string() }).check(passwordsMatch);
