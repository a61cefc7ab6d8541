import * as z from 'zod/mini';
import { emailField, newPasswordTwice } from '../../lib/form-fields.ts';

/** /forgot-password: the address to send a reset link to. */
export const forgotSchema = z.object({ email: emailField });

/** /reset-password/:id: the new password twice, under the register form's rules. */
export const resetSchema = newPasswordTwice;
