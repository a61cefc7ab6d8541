/**
 * One sample's value in Prometheus's text format: the line of `name` whose labels include every
 * pair of `labels` (in any order), or undefined when there is none.
 */
export const sample = (text: string, name: string, labels: Record<string, string> = {}): number | undefined => {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const pairs = new Map([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => pairs.get(key) === value)) return Number(match[3]);
  }
  return undefined;
};

/** The metric families' names and types (`# TYPE name type`). */
export const families = (text: string): Map<string, string> =>
  new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));

/** A server's /metrics text, asked with its bearer token. */
export const scrapeMetrics = async (baseUrl: string, token: string): Promise<string> =>
  (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();

/** How many requests or connections `limit` has refused in the API process so far. */
export const apiRefusals = async (baseUrl: string, token: string, limit: string): Promise<number> =>
  sample(await scrapeMetrics(baseUrl, token), 'statefront_limit_refusals_total', { process: 'api', limit }) ?? 0;
