import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import express, { type Express, type RequestHandler } from 'express';
import proxyAddr from 'proxy-addr';
import type { Logger } from 'pino';
import { closeServer, instanceState } from '#server/readiness.ts';
import { createLogger, readableFor } from '#server/logger.ts';
import { sharedOpenCounts } from '#server/redis-open-counts.ts';
import { enableMetrics } from '#server/metrics.ts';
import { traceCallsTo } from '#server/tracing.ts';
import { metricsFrom, metricsRoute } from '#server/metrics-route.ts';
import type { BffConfig } from './config.ts';
import { antiForgery, apiAntiForgery } from './http/anti-forgery.ts';
import { canonicalPath } from './http/canonical-path.ts';
import { imageTypesOnly } from './http/image-types.ts';
import { errorAnswer } from './http/error-answer.ts';
import { isLoopback, originPolicy } from './http/origins.ts';
import { liveSessions } from './http/live-sessions.ts';
import { bffLimits } from './http/limits.ts';
import { unlessNeverLimited } from './http/rate-limits.ts';
import { cacheHitsFirst } from './http/cache-hits-first.ts';
import { redisCounters } from './http/redis-store.ts';
import { requestLog } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { mountStages, type MountedStage } from './stages.ts';
import { clientFiles, widgetFiles } from './http/static-files.ts';
import { buildOf, shopSettingsOf } from './http/page-settings.ts';
import { serverRender } from './http/server-render.ts';
import { UPLOAD_ROUTE, guestUploadRefusal } from './http/upload-guard.ts';
import { publicServer } from './http/public-server.ts';
import { PERSONAL_CATALOGUE, catalogueCache, isCatalogueCall } from './http/catalogue-cache.ts';
import { PROXIED_PREFIXES, apiProxy } from './proxy/api-proxy.ts';
import { forwardHeaders, readSession } from './proxy/forward-headers.ts';
import { kioskPinRoutes } from './kiosk/pin-routes.ts';
import { socketCaps } from './proxy/socket-caps.ts';
import { socketOriginCheck, socketUpgrade } from './proxy/socket-relay.ts';
import { apiClient, apiReady } from './session/api-client.ts';
import { endedSessions } from './session/ended-sessions.ts';
import { fileEndedStore, redisEndedStore, tokenSeal } from './session/ended-store.ts';
import { sessionCookies } from './session/session-cookie.ts';
import { sessionRoutes } from './session/session-routes.ts';

export type BffOptions = {
  apiUrl: string;
  config: BffConfig;
  logger?: Logger;
  /** The built client (index.html + assets); default dist/client. */
  clientDir?: string;
  /** The built chat widget; default dist/widgets. */
  widgetsDir?: string;
  /** The client's server-render bundle (entry-server.js); default dist/server. */
  serverDir?: string;
  /** Overrides both /api limits a minute (API_LIMIT_PER_MINUTE, API_GUEST_LIMIT_PER_MINUTE); tests raise or lower it. */
  apiLimitPerMinute?: number;
  /** How long a logout waits for the API, and when it tells it again (ended-sessions.ts); tests shorten them. */
  logoutTiming?: { waitMs?: number; retryMs?: number };
  /** /metrics includes the API's own (npm start's API child, at apiUrl); never in the cluster, where each instance is scraped. */
  withApiMetrics?: boolean;
};

export type Bff = {
  app: Express;
  /** The stages mounted, in order, with how many router layers each added (stages.ts). */
  stages: MountedStage[];
  /** Listens on the port (0 picks a free one) and resolves with the address. */
  start(port?: number, host?: string): Promise<{ port: number; url: string; server: http.Server }>;
  /** Stops accepting, lets in-flight requests finish for up to `drainMs`, then closes every socket. */
  stop(drainMs?: number): Promise<void>;
};

export const createBff = ({
  apiUrl,
  config,
  logger: given,
  clientDir = 'dist/client',
  widgetsDir = 'dist/widgets',
  serverDir = 'dist/server',
  apiLimitPerMinute,
  logoutTiming = {},
  withApiMetrics = false,
}: BffOptions): Bff => {
  const logger = given ?? createLogger(config.LOG_LEVEL, config.INSTANCE_ID, { readable: readableFor(config.NODE_ENV) });
  // With REDIS_URL every instance shares the limiters' counters; start() connects, stop() closes.
  if (config.METRICS_TOKEN) enableMetrics('bff');
  traceCallsTo(apiUrl); // the BFF's fetches to its API carry the trace (when tracing); no other fetch does
  const counters = config.REDIS_URL ? redisCounters(config.REDIS_URL, logger) : undefined;
  const cookies = sessionCookies(config.SESSION_SECRET);
  const app = express();
  app.disable('x-powered-by');
  // Only the proxies TRUST_PROXY names may tell the client's address (req.ip, every limit's key) or protocol (Secure cookie).
  app.set('trust proxy', config.TRUST_PROXY);
  const trustsProxy = (address: string, hop: number): boolean =>
    (app.get('trust proxy fn') as (a: string, i: number) => boolean)(address, hop);
  const origins = originPolicy({
    publicOrigin: config.PUBLIC_ORIGIN,
    partnerOrigins: config.PARTNER_ORIGINS,
    trustsPeer: (address) => trustsProxy(address, 0),
  });
  const apiForgery = apiAntiForgery(origins.ownOrigin);
  const proxy = apiProxy({
    target: apiUrl,
    logger,
    clearSession: (req) => cookies.clear(origins.isTls(req)),
    instanceId: config.INSTANCE_ID,
  });
  // Which instance answered, ready or draining (the balancer reads /readyz; SIGTERM drains).
  const instance = instanceState();
  if (counters) instance.probe('redis', () => counters.ping());
  instance.probe('api', () => apiReady(apiUrl));
  // Long-polls wait up to a ping interval for data: shutdown ends them rather than waiting.
  const polls = new Set<http.ServerResponse>();
  const sessions = liveSessions({ callApi: apiClient(apiUrl, config.INTERNAL_SECRET) });
  const callApi = sessions.watch(apiClient(apiUrl, config.INTERNAL_SECRET));
  // Logouts the API has not confirmed outlive a restart: in Redis with REDIS_URL, else under DATA_DIR.
  const ended = endedSessions({
    callApi,
    logger,
    ...logoutTiming,
    store: counters ? redisEndedStore(counters.link, logger) : fileEndedStore(config.DATA_DIR, logger),
    seal: tokenSeal(config.SESSION_SECRET),
  });
  const limits = bffLimits({ config, counters, logger, apiLimitPerMinute });
  const cache = catalogueCache({
    apiUrl,
    agent: proxy.agent,
    internalSecret: config.INTERNAL_SECRET,
    maxBytes: config.CATALOGUE_CACHE_BYTES,
    maxAgeSeconds: config.CATALOGUE_MAX_AGE_SECONDS,
    instanceId: config.INSTANCE_ID,
  });
  const render = serverRender({
    bundleFile: path.resolve(serverDir, 'entry-server.js'),
    callApi: apiClient(apiUrl, config.INTERNAL_SECRET),
    logger,
  });

  // The first three stages, which every answer passes: cache-hits-first.ts runs them too.
  const everyAnswer: Record<'instance' | 'request log' | 'security headers', RequestHandler> = {
    instance: (_req, res, next) => {
      res.setHeader('x-instance', config.INSTANCE_ID);
      instance.closeWhenDraining(res);
      next();
    },
    'request log': requestLog(logger, { production: config.NODE_ENV === 'production' }),
    'security headers': securityHeaders({
      production: config.NODE_ENV === 'production',
      tls: config.PUBLIC_ORIGIN?.startsWith('https:') ?? false,
      imageHostUrl: config.IMAGE_HOST_URL,
    }),
  };
  const hitsFirst = cacheHitsFirst({
    cache,
    before: Object.values(everyAnswer),
    countGuest: (req) => limits.countGuest(proxyAddr(req, trustsProxy)),
    logger,
  });

  // The request's way through the BFF, in the order of stages.ts (its rules say why).
  const stages = mountStages(app, {
    instance: () => app.use(everyAnswer.instance),
    'request log': () => app.use(everyAnswer['request log']),
    'security headers': () => app.use(everyAnswer['security headers']),
    'canonical path': () => app.use(canonicalPath),
    'image types': () => app.use('/images', imageTypesOnly),
    health: () => {
      app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
      app.get('/readyz', instance.readyz);
    },
    metrics: () =>
      app.get(
        '/metrics',
        metricsRoute({ token: config.METRICS_TOKEN, others: withApiMetrics ? metricsFrom(apiUrl, config.METRICS_TOKEN) : undefined }),
      ),
    'widget files': () => app.use('/widgets', widgetFiles(path.resolve(widgetsDir), origins)),
    'long polls': () =>
      app.use('/socket.io', (_req, res, next) => {
        polls.add(res);
        res.once('close', () => polls.delete(res));
        next();
      }),
    session: () => app.use(['/api', '/images', '/socket.io', '/wallet-simulator'], readSession(cookies), ended.forget),
    // What a session sees is that person's: never kept by the browser or a shared cache. The
    // catalogue is everyone's, so with a session it is only revalidated each time.
    'cache policy': () =>
      app.use('/api', (req, res, next) => {
        if (req.session && isCatalogueCall(req.method, req.originalUrl.split('?')[0]!)) res.setHeader('cache-control', PERSONAL_CATALOGUE);
        else if (req.session || req.method !== 'GET') res.setHeader('cache-control', 'no-store');
        next();
      }),
    // The simulated wallet's approve/decline changes an order's fate: the same anti-forgery check as /api.
    'wallet anti-forgery': () => app.use('/wallet-simulator', antiForgery),
    'socket origin': () => app.use('/socket.io', socketOriginCheck(origins)),
    // The page's counts may come as a beacon from its own origin (anti-forgery.ts); their limits stay the same.
    'api limits': () => app.use('/api', apiForgery, unlessNeverLimited(sessions.middleware), unlessNeverLimited(limits.api)),
    // Changing the password asks for the current one: wrong answers count as failed logins.
    'guest upload': () => app.post(UPLOAD_ROUTE, guestUploadRefusal),
    // Deleting the account, and the kiosk's Show of an address, ask for it too; reset links count per network (the API limits them per account).
    'password limit': () => {
      app.put('/api/users/profile', limits.login.currentPassword).delete('/api/users/profile', limits.login.currentPassword);
      app.post('/api/users/profile/check-password', limits.login.currentPassword);
      app.post('/api/users/forgot-password', limits.resetRequests);
    },
    'kiosk pin': () =>
      app.use('/api', kioskPinRoutes({ pin: config.KIOSK_PIN, isTls: (req) => origins.isTls(req), logger, stores: limits.pinStores })),
    'session routes': () =>
      app.use(
        '/api',
        sessionRoutes({
          callApi,
          cookies,
          isTls: (req) => origins.isTls(req),
          loginLimit: limits.login.login,
          registrationLimit: limits.registrations,
          ended,
        }),
      ),
    // After every limit (a cached answer still counts), before the proxy.
    'catalogue cache': () => app.use('/api', cache.answers),
    'forward headers': () => app.use([...PROXIED_PREFIXES], forwardHeaders(config.INTERNAL_SECRET, config.KIOSK_NAME)),
    proxy: () => app.use(proxy.middleware),
    'client files': () =>
      app.use(
        clientFiles(
          path.resolve(clientDir),
          shopSettingsOf(config, buildOf(path.resolve(clientDir))),
          render,
          async (req) => (await cookies.read(req.headers.cookie)) !== null,
          {
            maxAgeSeconds: config.CATALOGUE_MAX_AGE_SECONDS,
            cache,
            // A failing store ('unknown') lets the page through, as it lets an API call through.
            withinAllowance: async (req) => (await limits.countPage(req.ip ?? req.socket.remoteAddress ?? 'unknown')) !== 'over',
          },
        ),
      ),
    errors: () => app.use(errorAnswer(logger)),
  });

  let server: http.Server | undefined;
  let upgraded = new Set<Duplex>();
  // Upgrades bypass Express: read their address with the same `trust proxy` rule as req.ip.
  const addressOf = (req: http.IncomingMessage) => proxyAddr(req, trustsProxy);
  const shared = counters && sharedOpenCounts(counters.link, { prefix: 'statefront:chat-websockets', logger });
  const caps = socketCaps({ perAddress: config.CHAT_SOCKETS_PER_ADDRESS, perSession: config.CHAT_SOCKETS_PER_SESSION, shared });
  const onUpgrade = socketUpgrade({
    upgrade: proxy.middleware.upgrade,
    origins,
    cookies,
    logger,
    internalSecret: config.INTERNAL_SECRET,
    addressOf,
    caps,
    instanceId: config.INSTANCE_ID,
  });

  return {
    app,
    stages,
    async start(port = config.PORT, host = config.HOST ?? (config.NODE_ENV === 'production' ? undefined : '127.0.0.1')) {
      if (config.NODE_ENV !== 'production' && !isLoopback(host)) {
        logger.warn(
          `The shop listens on ${host ?? 'every interface'} outside production: anyone on the network reaches its demo accounts and generated secrets. Set HOST=127.0.0.1, or NODE_ENV=production with your own secrets.`,
        );
      }
      await counters?.connect();
      await ended.start();
      const made = publicServer({ config, app, hitsFirst, onUpgrade, trustsPeer: (address) => trustsProxy(address, 0), logger });
      server = made.server;
      upgraded = made.upgraded;
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        if (host) server!.listen(port, host, resolve);
        else server!.listen(port, resolve);
      }).catch(async (error: unknown) => {
        // A port already taken must not leave the Redis connection holding the process open.
        await counters?.close();
        throw error;
      });
      const address = server.address() as AddressInfo;
      const shownHost = host && host !== '0.0.0.0' && host !== '::' ? host : 'localhost';
      return { port: address.port, url: `http://${shownHost}:${address.port}`, server };
    },
    async stop(drainMs = 10_000) {
      void instance.drain();
      if (server) {
        await closeServer(server, drainMs, () => {
          for (const socket of upgraded) socket.destroy();
          for (const res of polls) res.socket?.destroy();
        });
        server = undefined;
      }
      proxy.agent.destroy();
      await ended.close();
      await caps.close();
      await counters?.close();
    },
  };
};
