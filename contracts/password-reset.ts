/** The forgotten-password flow's words (no zod here: the client's pages import them). */

/** POST /api/users/forgot-password's one answer, whether or not the address has an account. */
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that address, we have sent a link to reset its password.';
/** A token unknown, used, replaced by a newer one or past its 30 minutes (400, field `token`). */
export const RESET_LINK_INVALID = 'This link has expired or was already used: ask for a new one';
/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;
