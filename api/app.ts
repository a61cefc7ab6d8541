import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { authenticate } from './auth/middleware.ts';
import { backupEndpoint } from './components/backup/routes.ts';
import { BACKUP_PATH } from './components/backup/signature.ts';
import { categoriesRoutes } from './components/categories/routes.ts';
import { chatsRoutes } from './components/chats/routes.ts';
import { imageFiles } from './components/images/serve.ts';
import { handoffsRoutes } from './components/handoffs/routes.ts';
import { startMailWorker, type MailWorker } from './components/mail/worker.ts';
import { startExpirySweep, type ExpirySweep } from './components/orders/expiry-sweep.ts';
import { ordersRoutes } from './components/orders/routes.ts';
import { mountPayments } from './components/payments/mount.ts';
import { kiosksRoutes } from './components/kiosks/routes.ts';
import { kioskCounts } from './components/kiosks/service.ts';
import { problemReportBody, problemReportsRoutes } from './components/problem-reports/routes.ts';
import { machineCountsRoutes } from './components/machine-counts/routes.ts';
import { productsRoutes } from './components/products/routes.ts';
import { reviewsRoutes } from './components/reviews/routes.ts';
import { sessionRoutes } from './components/users/session-routes.ts';
import { usersRoutes } from './components/users/routes.ts';
import type { ApiConfig } from './config.ts';
import type { ApiContext } from './context.ts';
import type { Db } from './db/index.ts';
import { markShopRunning } from './db/running.ts';
import { tracedDb } from './db/traced.ts';
import { DomainEvents } from './events.ts';
import { errorHandler, notFoundHandler } from './http/errors.ts';
import { compressJson } from './http/compress-json.ts';
import { identifyCaller } from './http/internal-caller.ts';
import { refuseNul } from './http/no-nul.ts';
import { requestMetrics } from './http/request-metrics.ts';
import { timedDb } from './db/timed.ts';
import { enableMetrics, watchKiosks, watchLastBackup } from '#server/metrics.ts';
import { newestBackupAt } from './components/backup/schedule.ts';
import { metricsRoute } from '#server/metrics-route.ts';
import { openApiRoutes } from './openapi/serve.ts';
import { closeServer, type InstanceState, instanceState } from '#server/readiness.ts';
import { bodyDeadline, serverTimeouts } from '#server/slow-requests.ts';
import { apiRequestLog } from '#server/request-log.ts';
import { createLogger, readableFor } from '#server/logger.ts';
import { tracedRequest } from '#server/tracing.ts';
import { createRealtimeHub } from './realtime/hub.ts';

export type Api = {
  app: Express;
  context: ApiContext;
  /** Listens on the port (0 picks a free one) and resolves with the address. */
  start(port?: number, host?: string): Promise<{ port: number; url: string; server: http.Server }>;
  /**
   * Stops. With `drainMs` (SIGTERM): /readyz says draining at once, no new connections, answers
   * close their connections, sockets are closed as a transport close (they reconnect elsewhere),
   * and requests in flight get up to `drainMs` to finish. Without: closes every connection now.
   */
  stop(drainMs?: number): Promise<void>;
};

/** Attaches to the HTTP server once it exists (the realtime hub is one); returns its cleanup. */
export type ServerAttachment = (
  server: http.Server,
  context: ApiContext,
  instance: InstanceState,
) => (() => Promise<void>) | Promise<() => Promise<void>>;

export type ApiOptions = {
  db: Db;
  config: ApiConfig;
  logger?: Logger;
  events?: DomainEvents;
  /** Defaults to the realtime hub (socket.io on /socket.io); pass [] for none. */
  attachments?: ServerAttachment[];
};

export const createApi = ({ db: given, config, logger, events, attachments = [createRealtimeHub()] }: ApiOptions): Api => {
  // With METRICS_TOKEN: prom-client loaded, and every statement timed.
  if (config.METRICS_TOKEN) enableMetrics('api');
  const db = config.METRICS_TOKEN ? timedDb(given) : given;
  watchLastBackup(() => newestBackupAt(config.DATA_DIR));
  watchKiosks(() => kioskCounts(db, config.KIOSK_STUCK_MINUTES));
  const context: ApiContext = {
    // A span for each SQL statement when tracing (the probes below use the database as it is).
    db: tracedDb(db),
    config,
    logger: logger ?? createLogger(config.LOG_LEVEL, config.INSTANCE_ID, { readable: readableFor(config.NODE_ENV) }),
    events: events ?? new DomainEvents(),
  };
  const app = express();
  app.disable('x-powered-by');
  const instance = instanceState();
  instance.probe('database', () => db.query('select 1'));
  // Forwarded addresses count only when the BFF signs them (identifyCaller), never by header alone.
  app.set('trust proxy', false);
  app.use(apiRequestLog(context.logger, { production: config.NODE_ENV === 'production' }));
  app.use(requestMetrics);
  app.use((_req, res, next) => {
    // Which instance answered; while draining, a kept-alive connection goes after this answer.
    res.setHeader('x-instance', config.INSTANCE_ID);
    instance.closeWhenDraining(res);
    next();
  });
  app.use(identifyCaller(config.INTERNAL_SECRET));
  app.use(compressJson());

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', instance.readyz);
  // The bearer METRICS_TOKEN, on the loopback port: scraped in the cluster, merged by npm start's BFF.
  app.get('/metrics', metricsRoute({ token: config.METRICS_TOKEN }));
  // The running shop's snapshot for `npm run backup` (loopback, signed, never proxied).
  app.get(BACKUP_PATH, backupEndpoint(context));

  app.use('/images', imageFiles(config.DATA_DIR));

  // The API described (OpenAPI 3.1 from the contracts) and its page for people; no session needed.
  app.use('/api', openApiRoutes());
  app.use('/api/problem-reports', problemReportBody);
  app.use('/api', express.json({ limit: '100kb' }), refuseNul, authenticate(db, config.TOKEN_SECRET));
  app.use('/api', sessionRoutes(context));
  app.use('/api/users/review', reviewsRoutes(context));
  app.use('/api/users', usersRoutes(context));
  app.use('/api/categories', categoriesRoutes(context));
  app.use('/api/products', productsRoutes(context));
  app.use('/api/orders', ordersRoutes(context));
  app.use('/api/handoffs', handoffsRoutes(context));
  app.use('/api/chats', chatsRoutes(context));
  app.use('/api', problemReportsRoutes(context));
  app.use('/api', machineCountsRoutes(context));
  app.use('/api', kiosksRoutes(context));
  // /api/payments and, only when simulating, the offline wallet simulator at /wallet-simulator.
  mountPayments(app, context);
  app.use(notFoundHandler);
  app.use(errorHandler(context.logger));

  let server: http.Server | undefined;
  let detach: Array<() => Promise<void>> = [];
  let sweep: ExpirySweep | undefined;
  let mailer: MailWorker | undefined;
  let unmark: (() => Promise<void>) | undefined;
  return {
    app,
    context,
    async start(port = config.API_PORT, host = config.API_HOST) {
      // A restore refuses a PostgreSQL database a shop runs on (api/db/running.ts).
      if (config.DATABASE_URL) {
        unmark = await markShopRunning(config.DATABASE_URL, (err) =>
          context.logger.warn({ err }, 'the connection that marks this shop running on PostgreSQL failed; taking it again'),
        );
      }
      // Slow headers and bodies are cut off rather than held for minutes.
      const deadline = bodyDeadline(config);
      server = http.createServer(serverTimeouts(config), (req, res) => {
        deadline(req, res);
        tracedRequest('api', req, res, () => app(req, res));
      });
      detach = await Promise.all(attachments.map((attach) => attach(server!, context, instance)));
      // Unpaid wallet orders expire; every instance sweeps, each order is cancelled once.
      sweep = startExpirySweep(context);
      // The outbox's mail; every instance sends, each mail is claimed by one (decision 021).
      mailer = startMailWorker(context);
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, host, resolve);
      });
      const address = server.address() as AddressInfo;
      return { port: address.port, url: `http://${host}:${address.port}`, server };
    },
    async stop(drainMs = 0) {
      if (server && drainMs > 0) await closeServer(server, drainMs, () => instance.drain());
      await sweep?.stop();
      await mailer?.stop();
      await Promise.all(detach.map((d) => d()));
      if (server) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server!.close(() => resolve()));
      }
      await unmark?.();
    },
  };
};
