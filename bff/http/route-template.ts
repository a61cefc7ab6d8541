import { API_ROUTES } from './api-routes.ts';

type Template = { method: string; words: string[]; route: string; literals: number };

const TEMPLATES: Template[] = API_ROUTES.map((line) => {
  const [method = '', path = ''] = line.split(' ');
  const words = path.split('/');
  return { method, words, route: `/api/${path}`, literals: words.filter((word) => !word.startsWith(':')).length };
});

/** Paths outside /api, by their first segment: each is one label, whatever follows. */
const PREFIXES: Record<string, string> = {
  images: '/images/*',
  assets: '/assets/*',
  widgets: '/widgets/*',
  'socket.io': '/socket.io',
  'wallet-simulator': '/wallet-simulator/*',
  healthz: '/healthz',
  readyz: '/readyz',
  metrics: '/metrics',
};

/**
 * The label a request's duration is kept under: an /api call's route template (`/api/products/get-one/:id`,
 * from api-routes.ts), a known prefix, `page` for the client's pages, `file` for its other files. Never the raw path,
 * whose values (ids, searches) would make a series each; a path nothing routes is `other`.
 */
export const routeTemplate = (method: string, url: string): string => {
  const path = url.split('?', 1)[0] ?? '';
  const segments = path.split('/').slice(1);
  const [first = '', ...rest] = segments;
  if (first !== 'api') return PREFIXES[first] ?? (first.includes('.') ? 'file' : 'page');
  const asked = method === 'HEAD' ? 'GET' : method;
  let best: Template | undefined;
  for (const template of TEMPLATES) {
    if (template.method !== asked || template.words.length !== rest.length) continue;
    if (!template.words.every((word, i) => word.startsWith(':') || word === rest[i])) continue;
    if (!best || template.literals > best.literals) best = template;
  }
  return best?.route ?? '/api/other';
};
