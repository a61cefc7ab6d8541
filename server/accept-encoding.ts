import Negotiator from 'negotiator';

/** The content codings the shop compresses with, best first. */
export type Coding = 'br' | 'gzip';

/**
 * The coding to answer with for an Accept-Encoding header, of those `offered` (best first), as
 * Express's own content negotiation reads the header (negotiator): the highest q-value, ties going
 * to the earlier offered; null when none is acceptable (no header, `identity`, or `br;q=0`), so
 * the answer goes uncompressed.
 */
export const pickEncoding = (header: string | undefined, offered: readonly Coding[] = ['br', 'gzip']): Coding | null => {
  if (!header) return null;
  const chosen = new Negotiator({ headers: { 'accept-encoding': header } }).encoding([...offered], { preferred: [...offered] });
  return (offered as readonly string[]).includes(chosen ?? '') ? (chosen as Coding) : null;
};
