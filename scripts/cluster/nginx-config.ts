/**
 * The balancer's configuration, generated for one run of the cluster (decision: nginx from
 * Debian, passive health checks). Two servers:
 * - public (PORT): the BFFs, round-robin for HTTP; socket.io sticky by its session id
 *   (`hash $arg_sid consistent`; a handshake has no sid yet and nginx falls back to
 *   round-robin for an empty key); /healthz and /readyz refused.
 * - internal (127.0.0.1 only): BFF → API, round-robin for HTTP; socket.io routed by the
 *   instance prefix of the sid (`api-1~…`) to the API that holds the session.
 * Passive checks only (Debian's nginx has no active ones): a peer that errs (refuses or drops
 * the connection: stopped, draining) or times out is skipped for `fail_timeout`, and an
 * idempotent request is retried on the next one. A peer's own answer never counts against it:
 * a BFF's 502 says the API is away and an API's 503 that its database is, which every peer
 * behind the same balancer shares; counted, they took healthy BFFs out ("no live upstreams")
 * and with them the pages a BFF could still render.
 * nginx's own errors on /api/ (no live upstream, a body too large, a limit) are JSON with a
 * sentence (`error_page`), as every /api/ answer is: never its HTML page.
 */
import { BALANCER_ERROR_STATUSES, fallbackMessage } from '#contracts/error-messages.ts';
import { SERVED_IMAGE_EXTENSIONS } from '#contracts/images.ts';
import { LIMITS } from '#contracts/rules.ts';
import { PROXY_SECRET_HEADER } from '../../bff/http/forwarded.ts';
import { LIMIT_DEFAULTS } from '../../bff/config.ts';
import { SLOW_REQUEST_DEFAULTS } from '#server/slow-requests.ts';

export type Peer = { name: string; port: number };

export type NginxConfigOptions = {
  /** Where nginx keeps its pid file and temp folders (DATA_DIR/cluster). */
  dir: string;
  /** Public listen address and port; no port: the internal server only (while the BFFs start, and while they stop). */
  host: string;
  port?: number | undefined;
  /** The BFF → API upstream's port, on 127.0.0.1. */
  internalPort: number;
  bffs: readonly Peer[];
  apis: readonly Peer[];
  /**
   * Sent to the BFFs in `X-Statefront-Proxy` (their TRUST_PROXY_SECRET): only what nginx
   * forwards may tell the client's address, not any local process that reaches a BFF's port.
   */
  proxySecret: string;
  /**
   * The edge's own limits on slow clients; default: the instances' defaults. The
   * header time also bounds the gap between two reads of a body (nginx streams it on; the
   * BFF holds the body's total time), and one address keeps at most so many connections.
   */
  slow?: { headerSeconds: number; connectionsPerAddress: number } | undefined;
  /**
   * Requests a minute one address may make of the cached catalogue and pages (the
   * BFF's API_GUEST_LIMIT_PER_MINUTE): counted by nginx, since what it answers from its cache
   * never reaches a BFF's limiter. Default: the BFF's default.
   */
  catalogueLimitPerMinute?: number | undefined;
  /** One line per request into the error log's neighbour (off by default: the instances log). */
  accessLog?: string | undefined;
  /**
   * DATA_DIR, when nginx's workers may read its `images/`: the public server
   * then answers `/images/…` from the disk with the API's headers, and asks a BFF only for a
   * file it does not have. Absent: every image goes through a BFF to an API, as before.
   */
  imagesRoot?: string | undefined;
};

/** nginx upstream names allow [a-z0-9_]: api-1 → api_1. */
export const upstreamName = (instance: string): string => instance.replaceAll(/[^a-z0-9_]/g, '_');

const escapeRegex = (text: string): string => text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');

const FAILS = 'max_fails=1 fail_timeout=5s';
/** How long nginx keeps an idle connection to an instance: under node's keepAliveTimeout (5 s). */
export const UPSTREAM_IDLE_SECONDS = 4;
// An upload: every image at its largest, plus the form's other fields.
const MAX_BODY_MB = Math.ceil((LIMITS.maxImagesPerUpload * LIMITS.maxImageBytes) / (1024 * 1024)) + 1;

const upstream = (name: string, peers: readonly Peer[], extra: string[] = []): string[] => [
  `  upstream ${name} {`,
  // Shared by the workers: one round-robin, and a failed instance known to all of them at once
  // (without it each worker keeps its own turn and finds a dead instance by itself).
  `    zone ${name} 64k;`,
  ...extra.map((line) => `    ${line}`),
  ...peers.map((p) => `    server 127.0.0.1:${p.port} ${FAILS}; # ${p.name}`),
  '    keepalive 32;',
  // Under node's own 5 s (server.keepAliveTimeout): nginx must drop an idle connection before the
  // instance does, or it reuses one the instance is closing, and a POST, never retried, gets 502.
  `    keepalive_timeout ${UPSTREAM_IDLE_SECONDS}s;`,
  '  }',
];

const proxyCommon = [
  'proxy_http_version 1.1;',
  'proxy_set_header Host $http_host;',
  // Keep-alive to the upstream unless the client asks for a websocket.
  'proxy_set_header Upgrade $http_upgrade;',
  'proxy_set_header Connection $connection_upgrade;',
  // Not http_502 / http_503: an answer is the peer working (see the top of this file).
  'proxy_next_upstream error timeout;',
  'proxy_next_upstream_tries 3;',
  'proxy_connect_timeout 2s;',
  // Longer than socket.io's ping interval (25 s) and a long-poll.
  'proxy_read_timeout 75s;',
  // Streamed both ways, never spooled to disk: nginx's workers (nobody, when started as root)
  // may not reach DATA_DIR, and a large upload or image needs no temp file.
  'proxy_request_buffering off;',
  'proxy_max_temp_file_size 0;',
];

/**
 * The catalogue's GETs (spec section 7) and the server-rendered pages (home, the
 * lists, details): the same for every guest. The API's Cache-Control says how long.
 */
export const CATALOGUE_LOCATION = '~ ^/api/(categories/?|products(/bestsellers|/get-one/[^/]+|(/category/[^/]+)?(/search/[^/]+)?/?)?)$';
export const PAGES_LOCATION = '~ ^/($|product-list(/|$)|product-details/)';

/**
 * A real cache in front (microcaching): only requests without any cookie or token are answered
 * from it or stored in it (keyed without cookies; an answer with Set-Cookie is never stored),
 * one request per key goes to a BFF at a time (`proxy_cache_lock`), and the others get the
 * expired copy meanwhile (`updating`), or when every BFF fails. No background update: the
 * request that refreshes waits for it, so nothing older than max-age + one refresh is served.
 * An expired copy is revalidated with its ETag (a 304 costs the API one primary-key read).
 * `limit_req` runs before the cache, so a cached answer still counts for its address.
 */
const cached = (headers: string[]): string[] => [
  'proxy_cache catalogue;',
  // One file per coding, found with one open: the coding nginx asks the BFF for is in the key, so
  // the answers' Vary (Accept-Encoding, and Cookie, which a stored request never has) is not
  // looked up in a second file on every hit.
  'proxy_cache_key $catalogue_coding:$scheme$host$request_uri;',
  'proxy_ignore_headers Vary;',
  // Cache files' descriptors kept open between hits. A refreshed copy is a new file, and nginx
  // checks its cache entry's inode before reusing a descriptor, so no old copy is sent.
  'open_file_cache max=10000 inactive=60s;',
  'proxy_cache_methods GET HEAD;',
  // `Cache-Control: no-cache` (the cart's stock check) goes to the origin and refreshes the copy for everyone.
  'proxy_cache_bypass $http_cookie $http_authorization $catalogue_wants_fresh;',
  'proxy_no_cache $http_cookie $http_authorization;',
  'proxy_cache_lock on;',
  'proxy_cache_lock_timeout 5s;',
  'proxy_cache_use_stale updating error timeout http_502 http_503;',
  'proxy_cache_background_update off;',
  'proxy_cache_revalidate on;',
  'add_header X-Cache-Status $upstream_cache_status always;',
  'limit_req zone=catalogue_per_address burst=$BURST nodelay;',
  'limit_req_status 429;',
  // The cache writes its file as the answer passes; everything else keeps proxyCommon's rules.
  ...headers.map((line) => (line.startsWith('proxy_max_temp_file_size') ? 'proxy_max_temp_file_size 16m;' : line)),
  'proxy_set_header Accept-Encoding $catalogue_coding;',
];

/** A coding the client accepts: listed, and not with q=0. */
const accepts = (coding: string) => `"~*(^|,)\\s*${coding}\\s*(,|$|;\\s*q\\s*=\\s*(?!0(\\.0*)?\\s*(,|$)))"`;

/**
 * The coding a cached answer is asked in (br, else gzip, else none), from whatever the client
 * sent: the BFF gets exactly that, so one copy per coding serves every spelling of it.
 */
const codingMap = [
  '  map $http_accept_encoding $catalogue_coding {',
  '    default "";',
  `    ${accepts('br')} br;`,
  `    ${accepts('gzip')} gzip;`,
  '  }',
];

const location = (path: string, lines: string[]): string[] => [`    location ${path} {`, ...lines.map((l) => `      ${l}`), '    }'];

/** Where each of nginx's own error statuses on /api/ is answered (named locations of the same server). */
const errorPages = BALANCER_ERROR_STATUSES.map((status) => `error_page ${status} @error_${status};`);

/** nginx's own error answers as JSON with the sentence the client would show (contracts/error-messages.ts). */
const errorLocations = (): string[] =>
  BALANCER_ERROR_STATUSES.flatMap((status) =>
    location(`@error_${status}`, [
      'default_type application/json;',
      'add_header Cache-Control no-store always;',
      `return ${status} '${JSON.stringify({ message: fallbackMessage(status) })}';`,
    ]),
  );

/**
 * `/images/…` from DATA_DIR/images, as the API serves them (api/app.ts): a year and immutable
 * (names are content hashes), `nosniff`, the type by extension, no listing, no dotfiles
 * (`.masters/`). A name not on the disk goes to the shop (`@shop`), which answers 404 for a
 * deleted file. No open_file_cache: a deleted file must stop answering at once.
 */
const IMAGE_NAME = `"\\.(${SERVED_IMAGE_EXTENSIONS.join('|')})$"`;

const imagesLocation = (root: string, shop: string[]): string[] => [
  ...location('^~ /images/', [
    `root ${root};`,
    'types { image/jpeg jpg jpeg; image/png png; image/gif gif; image/webp webp; image/avif avif; }',
    'default_type application/octet-stream;',
    'autoindex off;',
    'sendfile on;',
    'add_header Cache-Control "public, max-age=31536000, immutable";',
    'add_header X-Content-Type-Options nosniff;',
    'location ~ /\\. { return 404; }',
    // Image types only (SERVED_IMAGE_EXTENSIONS, as the API and the BFF): a page or script
    // in the folder is a 404, never a document of the shop's origin.
    `location ~ ${IMAGE_NAME} { try_files $uri @shop; }`,
    'return 404;',
  ]),
  ...location('@shop', shop),
];

export const nginxConfig = (o: NginxConfigOptions): string => {
  if (o.apis.length === 0 || (o.port !== undefined && o.bffs.length === 0))
    throw new Error('nginx config: at least one API, and one BFF for the public server');
  if (!/^[A-Za-z0-9_-]{32,}$/.test(o.proxySecret)) throw new Error('nginx config: the proxy secret must be 32 or more of A-Z a-z 0-9 _ -');
  const publicHeaders = [
    ...proxyCommon,
    // nginx is the edge: the address it saw, never one the client wrote (limits key on it; the
    // BFFs trust loopback, so an appended list would let a local client choose its address).
    'proxy_set_header X-Forwarded-For $remote_addr;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    // Whatever the client sent under this name is replaced: proof that nginx forwarded it.
    `proxy_set_header ${PROXY_SECRET_HEADER} "${o.proxySecret}";`,
    // Minted here, whatever the client sent: the BFF and the API log the same id.
    'proxy_set_header X-Request-Id $request_id;',
  ];
  const temp = (name: string) => `${name}_temp_path ${o.dir}/nginx-temp/${name};`;
  const slow = o.slow ?? {
    headerSeconds: SLOW_REQUEST_DEFAULTS.HEADERS_TIMEOUT_SECONDS,
    connectionsPerAddress: LIMIT_DEFAULTS.CONNECTIONS_PER_ADDRESS,
  };
  const headerTime = `${Math.max(1, Math.round(slow.headerSeconds * 1000))}ms`;
  const perMinute = o.catalogueLimitPerMinute ?? LIMIT_DEFAULTS.API_GUEST_LIMIT_PER_MINUTE;
  // A minute's worth at once, then the rate: the BFF's fixed window, as nginx's leaky bucket says it.
  const cachedHere = (pool: string) =>
    [`proxy_pass http://${pool};`, ...cached(publicHeaders)].map((line) => line.replace('$BURST', String(perMinute)));
  return [
    '# Generated by npm run start:cluster (scripts/cluster/nginx-config.ts) for this run: edits are overwritten.',
    // One worker per core (the cache and the limits' zones are shared between them).
    'worker_processes auto;',
    `pid ${o.dir}/nginx.pid;`,
    'error_log stderr warn;',
    // A graceful stop waits for open requests, but not for hours on an idle websocket.
    'worker_shutdown_timeout 10s;',
    'events { worker_connections 4096; }',
    'http {',
    o.accessLog ? `  access_log ${o.accessLog};` : '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
    `  client_max_body_size ${MAX_BODY_MB}m;`,
    '  server_tokens off;',
    '  map $http_upgrade $connection_upgrade { default upgrade; "" ""; }',
    '  map $arg_sid $api_pool {',
    // The sid's `~` as sent, or percent-encoded by a client that encodes every reserved-looking character.
    ...o.apis.map((a) => `    "~^${escapeRegex(a.name)}(~|%7[Ee])" ${upstreamName(a.name)};`),
    '    default apis;',
    '  }',
    ...upstream('apis', o.apis),
    ...o.apis.flatMap((a) => upstream(upstreamName(a.name), [a])),
    ...(o.port === undefined
      ? []
      : [
          ...upstream('bffs', o.bffs),
          ...upstream('bffs_sticky', o.bffs, ['hash $arg_sid consistent;']),
          `  limit_conn_zone $binary_remote_addr zone=per_address:10m;`,
          '  map $http_cache_control $catalogue_wants_fresh { ~*no-cache 1; default ""; }',
          ...codingMap,
          `  limit_req_zone $binary_remote_addr zone=catalogue_per_address:10m rate=${perMinute}r/m;`,
          `  proxy_cache_path ${o.dir}/nginx-cache levels=1:2 keys_zone=catalogue:10m max_size=256m inactive=10m use_temp_path=off;`,
          '  server {',
          `    listen ${o.host.includes(':') ? `[${o.host}]` : o.host}:${o.port};`,
          // Slow clients are the edge's to cut off: late headers, a body that stalls, too many connections.
          `    client_header_timeout ${headerTime};`,
          `    client_body_timeout ${headerTime};`,
          '    reset_timedout_connection on;',
          `    limit_conn per_address ${slow.connectionsPerAddress};`,
          '    limit_conn_status 429;',
          // Health is for the balancer and the operator, on the instances' own ports.
          // Every spelling the BFF's router would take for them: any case, a trailing slash.
          '    location ~* ^/(healthz|readyz)(/|$) { return 404; }',
          ...location('/socket.io/', ['proxy_pass http://bffs_sticky;', ...publicHeaders]),
          ...(o.imagesRoot ? imagesLocation(o.imagesRoot, ['proxy_pass http://bffs;', ...publicHeaders]) : []),
          ...location(CATALOGUE_LOCATION, [...cachedHere('bffs'), ...errorPages]),
          ...location(PAGES_LOCATION, cachedHere('bffs')),
          ...location('/api/', ['proxy_pass http://bffs;', ...publicHeaders, ...errorPages]),
          ...location('/', ['proxy_pass http://bffs;', ...publicHeaders]),
          ...errorLocations(),
          '  }',
        ]),
    '  server {',
    `    listen 127.0.0.1:${o.internalPort};`,
    // Every path here is the API's: a BFF passes these answers on to the browser as they are.
    ...errorPages.map((line) => `    ${line}`),
    ...errorLocations(),
    // The APIs' loopback-only endpoints (the backup's) are never proxied, as on the public side.
    '    location ~* ^/internal(/|$) { return 404; }',
    ...location('/socket.io/', ['proxy_pass http://$api_pool;', ...proxyCommon]),
    ...location('/', ['proxy_pass http://apis;', ...proxyCommon]),
    '  }',
    '}',
    '',
  ].join('\n');
};
