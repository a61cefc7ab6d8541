// The shop's Prometheus metrics (docs/operations.md lists them; docs/decisions/026-metrics.md
// says why they look as they do). prom-client is loaded only when METRICS_TOKEN is set: without
// it every recorder below is a no-op and the library is never in memory (decision 014).
import { createRequire } from 'node:module';
import type * as Prom from 'prom-client';
import { z } from 'zod';
import { optionalEnv } from './env.ts';

/** The setting both servers read: the bearer token that opens /metrics; unset, there is no /metrics. */
export const MetricsEnv = {
  METRICS_TOKEN: optionalEnv(
    z
      .string()
      .min(16, 'must be at least 16 characters long')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
  ),
};

/** Which server recorded a sample: the `process` label. */
export type MetricsSide = 'bff' | 'api';
export type OrderEvent = 'placed' | 'paid' | 'delivered' | 'cancelled' | 'expired';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** When the newest backup was taken (ms), asked when scraped: the files outlive this process. */
let lastBackup: (() => Promise<number | undefined>) | undefined;
/** The kiosks online, offline and stuck, counted from the database when scraped. */
let kiosks: (() => Promise<Record<string, number>>) | undefined;
/** Open sockets are read when scraped, from whoever holds them. */
const openSockets = new Map<MetricsSide, () => number>();

const instruments = (prom: typeof Prom, registry: Prom.Registry) => {
  const registers = [registry];
  // Every sample names the process that recorded it, so npm start's BFF can add the API's without a clash.
  const counter = (name: string, help: string, more: string[] = []) =>
    new prom.Counter({ name, help, labelNames: ['process', ...more], registers });
  const histogram = (name: string, help: string, buckets: number[], more: string[] = []) =>
    new prom.Histogram({ name, help, labelNames: ['process', ...more], buckets, registers });
  const gauge = (name: string, help: string, collect?: (this: Prom.Gauge) => void | Promise<void>) =>
    new prom.Gauge({ name, help, labelNames: ['process'], registers, ...(collect && { collect }) });
  gauge('statefront_open_websockets', "Websockets open now: relayed by the BFF, or connected to the API's realtime hub.", function () {
    this.reset();
    for (const [owner, count] of openSockets) this.set({ process: owner }, count());
  });
  gauge(
    'statefront_backup_last_success_timestamp_seconds',
    "When the newest backup in DATA_DIR/backups was taken (Unix time; the schedule's or npm run backup's).",
    async function () {
      const at = await lastBackup?.().catch(() => undefined);
      this.reset();
      if (at !== undefined) this.set({ process: 'api' }, at / 1000);
    },
  );
  new prom.Gauge({
    name: 'statefront_kiosks',
    help: 'Kiosks by status from their heartbeats: online, offline (three missed) or stuck (one state too long, or not back on the attract screen).',
    labelNames: ['process', 'state'],
    registers,
    async collect() {
      const counts = await kiosks?.().catch(() => undefined);
      this.reset();
      for (const [state, count] of Object.entries(counts ?? {})) this.set({ process: 'api', state }, count);
    },
  });
  return {
    prom,
    registry,
    requestSeconds: histogram(
      'statefront_http_request_duration_seconds',
      'HTTP requests answered, by route template (never the raw path) and status.',
      SECONDS,
      ['method', 'route', 'status'],
    ),
    inFlight: gauge('statefront_http_requests_in_flight', 'HTTP requests begun and not yet answered.'),
    cache: counter(
      'statefront_catalogue_cache_requests_total',
      "Catalogue calls the BFF's cache answered (hit) or passed on to the API (miss).",
      ['result'],
    ),
    refusals: counter('statefront_limit_refusals_total', 'Requests and connections refused by a limit, by limit.', ['limit']),
    chatRelayed: counter('statefront_chat_messages_relayed_total', 'Support chat messages kept and relayed by the realtime hub.'),
    orders: counter(
      'statefront_orders_total',
      "Orders' lifecycle events committed by this process: placed, paid, delivered, cancelled, expired.",
      ['event'],
    ),
    backupPeriod: gauge(
      'statefront_backup_period_seconds',
      'How often backups are scheduled (BACKUP_EVERY_HOURS); absent when they are not.',
    ),
    backupSeconds: gauge('statefront_backup_duration_seconds', 'How long the last backup this process took took to write whole.'),
    querySeconds: histogram('statefront_db_query_duration_seconds', 'Database statements, from sending to the last row.', QUERY_SECONDS),
    transitions: counter(
      'statefront_machine_transitions_total',
      "Shoppers' pages' machine transitions this process received and kept (POST /api/machine-counts): the machine, the state left, the event, the states entered.",
      ['machine', 'source', 'event', 'target'],
    ),
  };
};

type Instruments = ReturnType<typeof instruments>;
let on: Instruments | undefined;

/**
 * Turns metrics on for this process (idempotent: the first call names the process), with the
 * Node.js defaults (memory, event loop lag, heap, handles) labelled `process="<side>"`.
 */
export const enableMetrics = (side: MetricsSide): void => {
  if (on) return;
  const prom = createRequire(import.meta.url)('prom-client') as typeof Prom;
  const registry = new prom.Registry();
  registry.setDefaultLabels({ process: side });
  prom.collectDefaultMetrics({ register: registry });
  on = instruments(prom, registry);
};

export const metricsEnabled = (): boolean => on !== undefined;

/** Starts timing one HTTP request; `route` is asked once it is answered (a template, never the raw path). */
export const timeRequest = (
  side: MetricsSide,
  method: string,
  res: { once(event: 'close', f: () => void): unknown; statusCode: number },
  route: () => string,
): void => {
  if (!on) return;
  const { inFlight, requestSeconds } = on;
  inFlight.inc({ process: side });
  const end = requestSeconds.startTimer({ process: side, method });
  res.once('close', () => {
    inFlight.dec({ process: side });
    end({ route: route(), status: String(res.statusCode) });
  });
};

export const countCache = (side: MetricsSide, result: 'hit' | 'miss'): void => void on?.cache.inc({ process: side, result });
export const countRefusal = (side: MetricsSide, limit: string): void => void on?.refusals.inc({ process: side, limit });
/** The limits the API holds itself to (the BFF's are counted where it refuses). */
export type ApiLimit =
  | 'chat-sockets-per-address'
  | 'chat-sockets-per-session'
  | 'chat-messages-per-socket'
  | 'chat-messages-per-address'
  | 'chat-conversations-per-address'
  | 'open-orders-per-account';
export const countApiRefusal = (limit: ApiLimit): void => countRefusal('api', limit);
export const countChatRelayed = (): void => void on?.chatRelayed.inc({ process: 'api' });
export const countOrder = (event: OrderEvent, count = 1): void => void (count > 0 && on?.orders.inc({ process: 'api', event }, count));
export const watchOpenSockets = (side: MetricsSide, count: () => number): void => void openSockets.set(side, count);

/**
 * The most label sets `statefront_machine_transitions_total` opens in one process: several times
 * the transitions the shop's machines have. A page may send labels it made up (the API checks
 * their shape only, and the table opens at most MAX_ROWS_PER_DAY a day); past this cap their
 * counts go to one `(other)` series, so the process's memory and Prometheus's series stay bounded.
 */
export const MAX_TRANSITION_SERIES = 2_000;
const OTHER = '(other)';
const transitionSeries = new Set<string>();

/** Counts the transitions a page sent that the API kept (each API instance those it received: their sum is the whole). */
export const countTransitions = (
  rows: ReadonlyArray<{ machine: string; source: string; event: string; target: string; count: number }>,
): void => {
  if (!on) return;
  for (const { count, ...labels } of rows) {
    const key = JSON.stringify([labels.machine, labels.source, labels.event, labels.target]);
    if (transitionSeries.size < MAX_TRANSITION_SERIES) transitionSeries.add(key);
    const named = transitionSeries.has(key) ? labels : { machine: OTHER, source: OTHER, event: OTHER, target: OTHER };
    on.transitions.inc({ process: 'api', ...named }, count);
  }
};

export const watchKiosks = (count: () => Promise<Record<string, number>>): void => void (kiosks = count);
export const watchLastBackup = (newest: () => Promise<number | undefined>): void => void (lastBackup = newest);
export const recordBackupPeriod = (seconds: number): void => void on?.backupPeriod.set({ process: 'api' }, seconds);
export const recordBackupSeconds = (seconds: number): void => void on?.backupSeconds.set({ process: 'api' }, seconds);

/** Times a database statement when metrics are on; else runs it as it is. */
export const timeQuery = <T>(run: () => Promise<T>): Promise<T> => {
  if (!on) return run();
  const end = on.querySeconds.startTimer({ process: 'api' });
  return run().finally(() => void end());
};

/** This process's metrics, as prom-client's JSON (what the BFF merges) or its text format. */
export const metricsJson = async (): Promise<Prom.MetricObjectWithValues<Prom.MetricValue<string>>[]> =>
  on ? on.registry.getMetricsAsJSON() : [];

/**
 * The text format of this process's metrics and `others` (another process's JSON). Every sample
 * carries its `process` label, so no two processes' samples share a label set: summing them
 * (prom-client's aggregation, here forced for every metric) keeps each as it is.
 */
export const metricsText = async (others: Awaited<ReturnType<typeof metricsJson>> = []): Promise<{ contentType: string; body: string }> => {
  if (!on) throw new Error('metrics are off');
  if (others.length === 0) return { contentType: on.registry.contentType, body: await on.registry.metrics() };
  const summed = (metrics: Awaited<ReturnType<typeof metricsJson>>) => metrics.map((metric) => ({ ...metric, aggregator: 'sum' as const }));
  const merged = on.prom.AggregatorRegistry.aggregate([summed(await metricsJson()), summed(others)]);
  return { contentType: merged.contentType, body: await merged.metrics() };
};
