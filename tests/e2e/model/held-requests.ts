import type { Page, Route } from '@playwright/test';

/** How a held request is answered: by the real server, with an error, or by a function of the real answer. */
export type Answer = { pass: true } | { fail: { status: number; message: string } } | { shape: (route: Route) => Promise<void> };

/**
 * Holds the page's requests of each kind until the generated path says how they answer, so the
 * browser stands in the state the machine's step stands in (e.g. "the prices are being checked")
 * and answers exactly as the step's sample does. An answer given stays in force for that kind
 * (requests of one effect may arrive after it) until `rearm`, which the spec calls before each
 * action of the person. A request the page aborted meanwhile is skipped.
 */
export const holdRequests = async <K extends string>(page: Page, kinds: Record<K, (url: URL, method: string) => boolean>) => {
  const held = new Map<K, Route[]>();
  const answers = new Map<K, Answer>();
  const seen = new Map<K, number>();
  const answer = async (route: Route, a: Answer) => {
    try {
      if ('pass' in a) await route.fallback();
      else if ('fail' in a) await route.fulfill({ status: a.fail.status, json: { message: a.fail.message } });
      else await a.shape(route);
    } catch {
      // aborted by the page while held: nothing left to answer
    }
  };
  for (const kind of Object.keys(kinds) as K[]) {
    await page.route(
      (url) => kinds[kind](url, ''), // '' = any method: the handler checks it
      async (route) => {
        if (!kinds[kind](new URL(route.request().url()), route.request().method())) return route.fallback();
        seen.set(kind, (seen.get(kind) ?? 0) + 1);
        const a = answers.get(kind);
        if (a) return answer(route, a);
        held.set(kind, [...(held.get(kind) ?? []), route]);
      },
    );
  }
  return {
    /** The held requests of `kind` (and later ones, until rearm) get `a`. */
    release: async (kind: K, a: Answer) => {
      answers.set(kind, a);
      const routes = held.get(kind) ?? [];
      held.set(kind, []);
      await Promise.all(routes.map((r) => answer(r, a)));
    },
    /** Holds again: `kind` only, or every kind. */
    rearm: (kind?: K) => (kind ? answers.delete(kind) : answers.clear()),
    /** How many requests of `kind` the page has made so far. */
    count: (kind: K) => seen.get(kind) ?? 0,
    /** How many requests of `kind` are held now, unanswered. */
    waiting: (kind: K) => (held.get(kind) ?? []).length,
  };
};
