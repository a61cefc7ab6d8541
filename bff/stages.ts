import type { Express } from 'express';

/**
 * The stages of the BFF's answer to an HTTP request, in the order createBff mounts them: each
 * sees only what every stage before it let through, so this order is the security policy (the
 * rules below say which places matter, and why). createBff mounts these and nothing else
 * (stages.test.ts checks both); a later stage is added here, in its place, with a rule when its
 * place matters. Websocket upgrades bypass Express: proxy/socket-relay.ts checks their origin,
 * caps and session itself. So does a guest's catalogue GET that the cache holds fresh: it takes
 * the answer these stages would give it, with their headers and its count against the /api
 * limit, before Express (http/cache-hits-first.ts says why each stage has nothing else to do).
 */
export const BFF_STAGES = [
  /** x-instance on every answer; a draining instance closes the connection after it. */
  'instance',
  'request log',
  /** helmet and the CSP, on refusals too. */
  'security headers',
  /** One spelling of every path: anything the proxy or Express would rewrite is refused here. */
  'canonical path',
  /** /images answers image types only: nothing else in the API's folder is served as a page. */
  'image types',
  /** /healthz and /readyz, for the balancer. */
  'health',
  /** /metrics with METRICS_TOKEN as a bearer token; without it, on as if unknown. */
  'metrics',
  /** The partner chat script: public, with its own CORS. */
  'widget files',
  /** socket.io's long-polls, tracked so that stop() can end them. */
  'long polls',
  /** The session cookie read (and ended sessions forgotten) for /api, /images, /socket.io and /wallet-simulator. */
  'session',
  /** Personal answers no-store; the catalogue, with a session, revalidated. */
  'cache policy',
  'wallet anti-forgery',
  /** socket.io's polling from another origin refused. */
  'socket origin',
  /** /api: anti-forgery, then live sessions, then the requests-a-minute limits. */
  'api limits',
  /** A guest's image upload refused before its body is read, its connection closed. */
  'guest upload',
  /** A wrong current password on PUT /api/users/profile counts as a failed login. */
  'password limit',
  'kiosk pin',
  /** Login, register, get-token and logout: answered here, with their own limits. */
  'session routes',
  /** Catalogue answers from the bounded cache. */
  'catalogue cache',
  /** The token and the internal secret added to what goes on to the API. */
  'forward headers',
  'proxy',
  /** The SPA (rendered on the server) and its assets. */
  'client files',
  /** An error anywhere above becomes an answer without a stack. */
  'errors',
] as const;
export type BffStage = (typeof BFF_STAGES)[number];

/** Places that are policy: `first` must come before `then`. */
export const STAGE_RULES: { first: BffStage; then: BffStage; why: string }[] = [
  { first: 'security headers', then: 'canonical path', why: 'a refusal carries the security headers too' },
  { first: 'canonical path', then: 'session', why: 'nothing routes on a path the proxy would spell differently' },
  { first: 'session', then: 'api limits', why: 'the limits count per session, so the session is read first' },
  {
    first: 'api limits',
    then: 'session routes',
    why: 'login and register are refused without the anti-forgery header and count as requests',
  },
  { first: 'api limits', then: 'catalogue cache', why: 'a cached answer still counts against the limits' },
  { first: 'api limits', then: 'proxy', why: 'nothing reaches the API unchecked' },
  { first: 'guest upload', then: 'proxy', why: "a guest's upload is refused before the proxy reads its body" },
  { first: 'wallet anti-forgery', then: 'proxy', why: "the wallet simulator's approve and decline change an order's fate" },
  { first: 'socket origin', then: 'proxy', why: "another origin's long-poll never reaches the hub" },
  {
    first: 'session routes',
    then: 'proxy',
    why: 'only the BFF answers login, register, get-token and logout: the API never issues a token to the browser',
  },
  { first: 'catalogue cache', then: 'proxy', why: 'a cached answer spares the API' },
  { first: 'image types', then: 'proxy', why: "a page or script in the images folder never runs on the shop's origin" },
  { first: 'forward headers', then: 'proxy', why: 'the API trusts only what carries the internal secret' },
  { first: 'proxy', then: 'client files', why: '/api, /images and /socket.io are never answered with the SPA' },
  { first: 'metrics', then: 'client files', why: 'without its token /metrics gets what any unknown path gets, and only then' },
  { first: 'client files', then: 'errors', why: 'the error answer comes last' },
];

export type MountedStage = { name: BffStage; layers: number };

/** Mounts every stage in BFF_STAGES's order; answers how many router layers each added. */
export const mountStages = (app: Express, mounts: Record<BffStage, () => void>): MountedStage[] =>
  BFF_STAGES.map((name) => {
    const before = app.router.stack.length;
    mounts[name]();
    return { name, layers: app.router.stack.length - before };
  });
