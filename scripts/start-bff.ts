/**
 * npm run start:bff: the BFF alone on PORT, against the API at API_URL (required here).
 * Serves dist/client and dist/widgets as built by `npm run build`.
 */
import './owner-only.ts';
import { startTracing, stopTracing } from '#server/tracing.ts';
import { createBff, loadBffConfig, stopOnSignals } from '../bff/index.ts';

const main = async (): Promise<void> => {
  // OpenTelemetry only with OTEL_EXPORTER_OTLP_ENDPOINT (decision 027).
  await startTracing('statefront-bff');
  const config = await loadBffConfig();
  if (!config.API_URL)
    throw new Error('API_URL is required for npm run start:bff (e.g. API_URL=http://127.0.0.1:4000). Use npm start to run the API too.');
  const bff = createBff({ apiUrl: config.API_URL, config });
  const { url } = await bff.start();
  stopOnSignals(() => bff.stop().finally(stopTracing));
  console.log(`Statefront BFF at ${url}, API at ${config.API_URL}. Stop with Ctrl+C.`);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
