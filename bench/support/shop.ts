/**
 * The shop as the benches run it: either the API and the BFF as two processes
 * (scripts/start-api.ts and scripts/start-bff.ts, what a deployment with API_URL runs), or
 * `npm start` as one command (scripts/start.ts, whatever processes it starts).
 */
import { existsSync } from 'node:fs';
import { internalHeaders } from '../../bff/proxy/internal-credential.ts';
import { type Child, childEnv, freePort, LOOPBACK_URL, removeDir, secret, startChild, startTs, tempDir } from './processes.ts';

export type SplitShop = {
  apiUrl: string;
  bffUrl: string;
  api: Child;
  bff: Child;
  internalSecret: string;
  stop(): Promise<void>;
};

/**
 * A seeded demo shop (seeded by a start before): the API in its own process, the BFF in another, on free loopback ports,
 * with a fresh DATA_DIR that stop() removes. `env` reaches both (limits raised for a bench),
 * `apiEnv` the API alone (bench/catalogue.ts: LOG_LEVEL=debug, a line per request it answers).
 */
export const startSplitShop = async (env: Record<string, string> = {}, apiEnv: Record<string, string> = {}): Promise<SplitShop> => {
  const dataDir = await tempDir('split');
  const internalSecret = secret();
  const common = { NODE_ENV: 'development', DATA_DIR: dataDir, INTERNAL_SECRET: internalSecret, LOG_LEVEL: 'warn', ...env };
  // The embedded database in a worker thread (decision 007's throughput setting; npm start's API
  // child keeps it on its main thread since decision 014's 16:00 section, for memory).
  const apiOnly = childEnv({ ...common, API_HOST: '127.0.0.1', API_PORT: '0', SEED: 'demo', TOKEN_SECRET: secret(), PGLITE_THREAD: '1' });
  // Seeded by a first start that is then stopped: the measured API starts on a seeded DATA_DIR,
  // as every start after the first does, without the seeding's garbage in its heap and RSS.
  const seeder = startTs('scripts/start-api.ts', apiOnly);
  const seeded = await seeder.waitFor(LOOPBACK_URL).then(
    () => true,
    (error: unknown) => error,
  );
  await seeder.stop();
  if (seeded !== true) {
    await removeDir(dataDir);
    throw seeded;
  }
  const api = startTs('scripts/start-api.ts', { ...apiOnly, ...apiEnv });
  let bff: Child | undefined;
  try {
    const apiUrl = (await api.waitFor(LOOPBACK_URL))[0];
    bff = startTs('scripts/start-bff.ts', childEnv({ ...common, API_URL: apiUrl, HOST: '127.0.0.1', PORT: '0', SESSION_SECRET: secret() }));
    const bffUrl = (await bff.waitFor(LOOPBACK_URL))[0];
    const started = bff;
    return {
      apiUrl,
      bffUrl,
      api,
      bff: started,
      internalSecret,
      async stop() {
        await started.stop();
        await api.stop();
        await removeDir(dataDir);
      },
    };
  } catch (error) {
    await bff?.stop();
    await api.stop();
    await removeDir(dataDir);
    throw error;
  }
};

/**
 * Straight to the API: the token it issues to a BFF's session call for `account`, asked with
 * the proof the BFF signs (the shared secret), as if from 127.0.0.1.
 */
export const apiToken = async (shop: SplitShop, account: { email: string; password: string }): Promise<string> => {
  const res = await fetch(`${shop.apiUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...internalHeaders(shop.internalSecret, 'session', '127.0.0.1') },
    body: JSON.stringify(account),
  });
  const body = (await res.json()) as { token?: string };
  if (res.status !== 200 || !body.token) throw new Error(`login of ${account.email} at the API answered ${res.status}`);
  return body.token;
};

export type NpmShop = { url: string; child: Child; startedAt: number };

/** `npm start` itself (the compiled servers, docs/decisions/015-compiled-servers.md), on `port`, in `dataDir`. */
export const startNpmShop = async (dataDir: string, env: Record<string, string> = {}): Promise<NpmShop> => {
  if (!existsSync('dist/client/index.html')) throw new Error('dist/client is not built: run `npm run build` first');
  const port = await freePort();
  const startedAt = performance.now();
  const child = startChild(
    'npm',
    ['start'],
    childEnv({ NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env }),
  );
  return { url: `http://127.0.0.1:${port}`, child, startedAt };
};
