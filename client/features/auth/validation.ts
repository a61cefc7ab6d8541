import * as z from 'zod/mini';
import { MESSAGES } from '#contracts/rules.ts';
import { emailField, filled, newPassword, passwordsMatch } from '../../lib/form-fields.ts';

/** Spec section 5: email and password are required to log in. */
export const loginSchema = z.object({
  email: filled(MESSAGES.email),
  password: z.string().check(z.minLength(1, MESSAGES.password)),
});

/** Spec section 5's register rules and messages; the output is the body, names and email trimmed. */
export const registerSchema = z
  .object({
    name: filled(MESSAGES.name),
    lastName: filled(MESSAGES.lastName),
    email: emailField,
    password: newPassword,
    repeatPassword: z.string(),
  })
  .check(passwordsMatch);
