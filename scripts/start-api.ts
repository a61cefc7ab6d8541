/**
 * npm run start:api: the shop API alone on API_HOST:API_PORT (a BFF elsewhere points API_URL
 * at it). Its start (the seed when SEED=demo, the run file, scheduled backups) is
 * openAndStartApi's, the same as npm start's with the API in npm start's process (inline).
 * Forked by npm start (scripts/api-child.ts), it is npm start's API process instead: it takes
 * the internal credential from its parent, reports its URL back, and stops when told to (after
 * the BFF has drained) or when its parent is gone.
 */
import './owner-only.ts';
import { loadApiConfig, openAndStartApi } from '../api/index.ts';
import { createLogger, readableFor } from '#server/logger.ts';
import { startTracing, stopTracing } from '#server/tracing.ts';
import { stopOnSignals } from '../bff/index.ts';
import type { FromApiChild, ToApiChild } from './api-child.ts';

/** Requests in flight get this long after SIGTERM; the rest of the 15 s closes sockets and the database. */
const DRAIN_MS = 10_000;

const send = process.send?.bind(process);
const asChild = process.env.STATEFRONT_API_CHILD === '1' && send !== undefined;
const tell = (message: FromApiChild) => {
  if (process.connected) send?.(message);
};
const say = (line: string) => (asChild ? tell({ type: 'say', line }) : console.log(line));

/** The parent's first message: the internal credential it shares with its BFF. */
const fromParent = (): Promise<string | undefined> =>
  asChild
    ? new Promise((resolve) => {
        process.once('message', (message: ToApiChild) => resolve(message.type === 'start' ? message.internalSecret : undefined));
        // Asked for only once listening: a message sent before would be lost.
        tell({ type: 'waiting' });
      })
    : Promise.resolve(undefined);

/**
 * As npm start's child, the parent orders the stop: a terminal's Ctrl+C or a service manager's
 * SIGTERM to the whole group would otherwise close the API while the BFF still drains into it.
 * Without a parent (gone, or never told), the signal stops it after the drain time.
 */
const stopWhenTold = (stop: () => Promise<void>) => {
  let stopping: Promise<void> | undefined;
  const stopOnce = () => {
    stopping ??= stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`API shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('message', (message: ToApiChild) => message.type === 'stop' && stopOnce());
  process.on('disconnect', stopOnce);
  const onSignal = () => (process.connected ? setTimeout(stopOnce, 15_000).unref() : stopOnce());
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  // The parent went away while the database opened.
  if (!process.connected) stopOnce();
};

const main = async (): Promise<void> => {
  // Before the API is made: OpenTelemetry only with OTEL_EXPORTER_OTLP_ENDPOINT (decision 027).
  await startTracing('statefront-api');
  const internalSecret = await fromParent();
  const config = await loadApiConfig(internalSecret ? { ...process.env, INTERNAL_SECRET: internalSecret } : process.env);
  // npm start's logs name their part, as when the API ran inside it.
  const logger = asChild
    ? createLogger(config.LOG_LEVEL, 'statefront', { readable: readableFor(config.NODE_ENV) }).child({ part: 'api' })
    : undefined;
  const { url, demoAccounts, stop } = await openAndStartApi({ config, logger, say, progress: asChild ? say : undefined });
  if (asChild) {
    // npm start's parent has drained its BFF first: nothing is left in flight here.
    stopWhenTold(() => stop().finally(stopTracing));
    tell({ type: 'ready', url, demoAccounts });
    return;
  }
  // Alone (one instance of several): SIGTERM drains, within stopOnSignals's 15 s.
  stopOnSignals(() => stop(DRAIN_MS).finally(stopTracing));
  console.log(`Statefront API listening at ${url} (set API_URL=${url} for the BFF). Stop with Ctrl+C.`);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
