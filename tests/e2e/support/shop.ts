import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { type Shop, startShop } from '../../../bff/index.ts';
import { E2E_SEEDED_DIR, E2E_SESSION_SECRET, e2eShopEnv } from './shop-env.ts';
import { checkedAccounts, stagingUrl, type Account, type Role } from './staging.ts';

export { E2E_SESSION_SECRET };

export const DEMO_ADMIN = { email: 'admin@admin.com', password: 'admin@admin.com' };
export const DEMO_USER = { email: 'john@doe.com', password: 'john@doe.com' };

/** The shop, and its DATA_DIR where it runs here (its .eml mail, say); none on a staging run. */
export type E2eShop = Shop & { dataDir?: string };

type ShopFixture = { shop: E2eShop; shopEnv: Record<string, string>; ownShop: string };

/**
 * A temp DATA_DIR (`prefix` names it), holding a copy of the demo data the global setup seeded
 * once when `demo` asks for it and there is one: the shop then starts on it in about a second,
 * where a fresh seed of the demo takes several (6 CPU s against 2).
 */
export const newDataDir = async (prefix: string, demo: boolean): Promise<string> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const seeded = process.env[E2E_SEEDED_DIR];
  if (seeded && demo) await cp(seeded, dataDir, { recursive: true });
  return dataDir;
};

/**
 * The demo shop as `npm start` runs it, on a free port: a copy of the demo data the global setup
 * seeded once (a fresh seed where none is handed over, or `SEED` says otherwise) in a temp
 * DATA_DIR, the API in-process, the BFF in front. `stop()` also removes the folder. A spec that
 * must name the shop's origin in its settings (PUBLIC_ORIGIN) picks the port first.
 */
export const startSeededShop = async (env: Record<string, string> = {}, port = 0): Promise<E2eShop> => {
  const clientDir = 'dist/client';
  if (!existsSync(`${clientDir}/index.html`)) throw new Error('dist/client is not built: run `npm run build`');
  const dataDir = await newDataDir('statefront-e2e-', (env.SEED ?? 'demo') === 'demo');
  const shop = await startShop({ env: e2eShopEnv(dataDir, env), port, host: '127.0.0.1', clientDir });
  return {
    ...shop,
    dataDir,
    async stop(drainMs) {
      await shop.stop(drainMs);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** The staging shop a `--base-url` run targets (tests/e2e/support/staging.ts); undefined on a local run. */
export const STAGING_URL = stagingUrl();

/**
 * A whole shop per worker (startSeededShop). Specs import `test` and `expect` from here;
 * `baseURL` points at the shop. On a staging run (STAGING_URL) no shop starts: `baseURL` is the
 * staging shop, and `shop` holds only its url.
 */
export const test = base.extend<object, ShopFixture>({
  /** Extra environment for the worker's shop, e.g. `test.use({ shopEnv: { KIOSK_IDLE_SECONDS: '3' } })`. */
  shopEnv: [{}, { scope: 'worker', option: true }],
  /**
   * A spec that must find the demo shop as seeded, with nothing other specs left behind (an open
   * support conversation, say), names itself: `test.use({ ownShop: 'chat-model' })` gives it a shop
   * of its own (a worker option that differs from the other specs' starts a new worker).
   */
  ownShop: ['', { scope: 'worker', option: true }],
  shop: [
    async ({ shopEnv, ownShop: _own }, use) => {
      if (STAGING_URL) return use({ url: STAGING_URL } as Shop);
      const shop = await startSeededShop(shopEnv);
      await use(shop);
      await shop.stop(2_000);
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ shop }, use) => {
    await use(shop.url);
  },
});

/**
 * The account a model acts as: the demo account on a local run; on a staging run the `--user` or
 * `--admin` account, or, when the run has none (not given, no password, its login failed), the
 * calling test (or every test of the calling hook's group) is skipped, saying why.
 */
export const account = (role: Role): Account => {
  if (!STAGING_URL) return role === 'user' ? DEMO_USER : DEMO_ADMIN;
  const found = checkedAccounts()[role];
  if ('why' in found) test.skip(true, `needs the ${role} account: ${found.why}`);
  return found as Account;
};

/**
 * At a spec's top level (every test of the file) or in a test: skipped on a staging run, with
 * why — the step that reaches past the page (API seeding, a shop of its own, kiosk settings).
 */
export const skipOnStaging = (why: string): void => test.skip(!!STAGING_URL, `not on a staging shop: ${why}`);

export { expect } from '@playwright/test';
