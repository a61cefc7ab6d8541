import type { Logger } from 'pino';
import type { StartedApi } from '../../api/index.ts';
import { createLogger, readableFor } from '#server/logger.ts';
import { enableMetrics } from '#server/metrics.ts';
import { createBff } from '../app.ts';
import { loadBffConfig } from '../config.ts';

export type ShopOptions = {
  env?: Record<string, string | undefined>;
  /** Overrides PORT (0 picks a free port). */
  port?: number;
  host?: string;
  clientDir?: string;
  widgetsDir?: string;
  /** Progress lines for a person watching the start. */
  say?: (line: string) => void;
  /** The API at API_URL is this shop's own child process: /metrics includes its metrics. */
  withApiMetrics?: boolean;
};

export type Shop = {
  url: string;
  apiUrl: string;
  /** True when this start filled an empty database with the demo shop (and its accounts). */
  demoAccounts: boolean;
  logger: Logger;
  /** Graceful: the BFF drains first, then the API, then the database closes. */
  stop(drainMs?: number): Promise<void>;
};

/**
 * The whole shop in one process (what `npm start` and the e2e fixture run): the API on an
 * internal loopback port, the BFF on PORT proxying to it. With API_URL only the BFF starts.
 */
export const startShop = async ({
  env = process.env,
  port,
  host,
  clientDir,
  widgetsDir,
  say = () => undefined,
  withApiMetrics,
}: ShopOptions = {}): Promise<Shop> => {
  const bffConfig = await loadBffConfig(env);
  const logger = createLogger(bffConfig.LOG_LEVEL, 'statefront', { readable: readableFor(bffConfig.NODE_ENV) });
  let api: StartedApi | undefined;
  let apiUrl = bffConfig.API_URL;
  try {
    if (!apiUrl) {
      // One process for both: its Node.js metrics (memory, event loop) are the BFF's, its requests each side's.
      if (bffConfig.METRICS_TOKEN) enableMetrics('bff');
      // Loaded only here: a BFF in front of an API elsewhere never holds the API's code (decision 014).
      const { loadApiConfig, openAndStartApi } = await import('../../api/index.ts');
      const apiConfig = await loadApiConfig({ ...env, INTERNAL_SECRET: bffConfig.INTERNAL_SECRET });
      // The same start as the API's own process (scripts/start-api.ts), on a loopback port.
      api = await openAndStartApi({
        config: apiConfig,
        logger: logger.child({ part: 'api' }),
        port: 0,
        host: '127.0.0.1',
        say,
        progress: say,
      });
      apiUrl = api.url;
    }
    const bff = createBff({ apiUrl, config: bffConfig, logger: logger.child({ part: 'bff' }), clientDir, widgetsDir, withApiMetrics });
    const { url } = await bff.start(port ?? bffConfig.PORT, host);
    return {
      url,
      apiUrl,
      demoAccounts: api?.demoAccounts ?? false,
      logger,
      async stop(drainMs = 10_000) {
        await bff.stop(drainMs);
        await api?.stop();
      },
    };
  } catch (error) {
    await api?.stop().catch(() => undefined);
    throw error;
  }
};
