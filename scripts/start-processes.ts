/**
 * npm start with the API in a process of its own (decision 007): the API child first (it opens
 * the database and seeds it), then the BFF here, proxying to the child's loopback port. Both
 * share the internal credential as when they ran in one process: the one kept under DATA_DIR,
 * or in production without INTERNAL_SECRET one made in memory for this run.
 */
import { loadBffConfig, startShop } from '../bff/index.ts';
import { type ApiExit, describeExit, startApiChild } from './api-child.ts';

/** How npm start runs the API when API_URL is unset: `separate` (its own process) or `inline` (inside npm start's process). */
export const API_PROCESS_MODES = ['separate', 'inline'] as const;
export type ApiProcessMode = (typeof API_PROCESS_MODES)[number];

export const apiProcessMode = (env: Record<string, string | undefined>): ApiProcessMode => {
  const given = env.API_PROCESS?.trim() || 'separate';
  if ((API_PROCESS_MODES as readonly string[]).includes(given)) return given as ApiProcessMode;
  throw new Error(
    `The configuration is not valid. Fix these environment variables (see .env.example):\n- API_PROCESS: must be separate (the API in its own process) or inline (in npm start's process)`,
  );
};

export type StartProcessesOptions = {
  env: Record<string, string | undefined>;
  say: (line: string) => void;
  /** The API process ended without being asked to: the shop cannot answer any more. */
  onApiLost: (message: string) => void;
};

export type RunningShop = { url: string; apiUrl: string; demoAccounts: boolean; stop(drainMs?: number): Promise<void> };

export const startApiAndBff = async ({ env, say, onApiLost }: StartProcessesOptions): Promise<RunningShop> => {
  const { INTERNAL_SECRET: internalSecret } = await loadBffConfig(env);
  const api = await startApiChild({ env, internalSecret, say });
  say(`API  process ${api.pid}, ${api.url} (loopback, reached through the BFF only)`);
  let stopping = false;
  try {
    const shop = await startShop({ env: { ...env, API_URL: api.url, INTERNAL_SECRET: internalSecret }, say, withApiMetrics: true });
    say(`BFF  process ${process.pid}, ${shop.url}`);
    void api.exited.then((exit: ApiExit) => {
      if (!stopping) onApiLost(`The API process (${api.pid}) stopped unexpectedly (${describeExit(exit)}): stopping the shop.`);
    });
    return {
      url: shop.url,
      apiUrl: api.url,
      demoAccounts: api.demoAccounts,
      async stop(drainMs?: number) {
        stopping = true;
        // The BFF drains first: its open requests still reach the API.
        await shop.stop(drainMs);
        const exit = await api.stop();
        if (exit.code !== 0) throw new Error(`the API process ended with ${describeExit(exit)}`);
      },
    };
  } catch (error) {
    stopping = true;
    await api.stop();
    throw error;
  }
};
