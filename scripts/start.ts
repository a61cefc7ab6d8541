/**
 * npm start: the whole shop from one command, compiled (scripts/launch.mjs runs this file's .js
 * after building the client, the chat widget and the servers when missing or older than their
 * sources, never in production; from the sources, npm run dev builds the client only),
 * opens the database (seeding the demo shop into an empty one when SEED=demo), runs the API
 * in a process of its own on an internal loopback port (API_PROCESS=inline: in this process)
 * and the BFF on PORT (default 3000). With API_URL set, only the BFF starts, against that API.
 */
import './owner-only.ts';
import { startTracing, stopTracing } from '#server/tracing.ts';
import { startShop, stopOnSignals } from '../bff/index.ts';
import { ensureFreshBuild, runBuild } from './build-freshness.ts';
import { COMPILED } from '../api/compiled.ts';
import { apiProcessMode, startApiAndBff } from './start-processes.ts';

/** From the sources (npm run dev), the client only: this process runs the servers' sources as they are. */
const buildIfStale = () =>
  ensureFreshBuild({
    root: process.cwd(),
    production: process.env.NODE_ENV === 'production',
    build: runBuild,
    say: (line) => console.log(line),
    warn: (line) => console.warn(line),
    servers: false,
  });

const main = async (): Promise<void> => {
  // The BFF serves the built client whether the API runs here or at API_URL. Compiled, the
  // launcher (scripts/launch.mjs) checked the whole build before it loaded this.
  if (!COMPILED) await buildIfStale();
  const say = (line: string) => console.log(line);
  // OpenTelemetry only with OTEL_EXPORTER_OTLP_ENDPOINT (decision 027); the API process starts its own.
  await startTracing('statefront-bff');
  const separate = !process.env.API_URL && apiProcessMode(process.env) === 'separate';
  const shop = separate
    ? await startApiAndBff({
        env: process.env,
        say,
        onApiLost: (message) => {
          console.error(message);
          void shop.stop(2_000).finally(() => process.exit(1));
        },
      })
    : await startShop({ say });
  stopOnSignals(() => shop.stop().finally(stopTracing));
  console.log(`\nStatefront is open at ${shop.url}${process.env.API_URL ? ` (API at ${shop.apiUrl})` : ''}`);
  const demoLikely = process.env.SEED !== 'none' && process.env.NODE_ENV !== 'production' && !process.env.API_URL;
  if (shop.demoAccounts || demoLikely) {
    console.log('Demo accounts (when the demo data is loaded): admin@admin.com / admin@admin.com (admin), john@doe.com / john@doe.com');
  }
  console.log('Stop with Ctrl+C.');
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
