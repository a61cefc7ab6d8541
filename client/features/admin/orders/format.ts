/** Dates as the admin screens show them. */
export const dateOf = (iso: string | null | undefined): string => (iso ? iso.slice(0, 10) : '');
export const dateTimeOf = (iso: string): string => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
