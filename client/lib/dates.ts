/** Spec section 9: a date is the first 10 characters of the ISO timestamp (YYYY-MM-DD). */
export const dateOf = (iso: string | null | undefined): string => (iso ?? '').slice(0, 10);

/** A moment as a person reads it, in their own locale and time zone (the order timeline, the admin's order). */
export const dateTimeOf = (iso: string): string => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
