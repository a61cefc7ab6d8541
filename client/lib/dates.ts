/** Spec section 9: a date is the first 10 characters of the ISO timestamp (YYYY-MM-DD). */
export const dateOf = (iso: string | null | undefined): string => (iso ?? '').slice(0, 10);
