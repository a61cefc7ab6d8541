/** The content codings the shop compresses with, best first. */
export type Coding = 'br' | 'gzip';

/**
 * The coding to answer with for an Accept-Encoding header, of those `offered` (best first):
 * the one with the highest q-value, ties going to the earlier offered; null when none is
 * acceptable (no header, `identity`, or `br;q=0`), so the answer goes uncompressed.
 */
export const pickEncoding = (header: string | undefined, offered: readonly Coding[] = ['br', 'gzip']): Coding | null => {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name === '') continue;
    const given = params.find((p) => p.startsWith('q='));
    const value = given === undefined ? 1 : Number(given.slice(2));
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  let best: Coding | null = null;
  let bestQ = 0;
  for (const coding of offered) {
    const value = q.get(coding) ?? q.get('*') ?? 0;
    if (value > bestQ) [best, bestQ] = [coding, value];
  }
  return best;
};
