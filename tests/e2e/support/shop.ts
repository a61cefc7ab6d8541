import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { type Shop, startShop } from '../../../bff/index.ts';

/** Known to the specs, so they can open the session cookie and look for the token it holds. */
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdefghijkl';

export const DEMO_ADMIN = { email: 'admin@admin.com', password: 'admin@admin.com' };
export const DEMO_USER = { email: 'john@doe.com', password: 'john@doe.com' };

type ShopFixture = { shop: Shop; shopEnv: Record<string, string> };

/**
 * A whole shop per worker, as `npm start` runs it: a fresh embedded database in a temp
 * DATA_DIR seeded with the demo shop, the API in-process, the BFF on a free port. Specs import
 * `test` and `expect` from here; `baseURL` points at the shop.
 */
export const test = base.extend<object, ShopFixture>({
  /** Extra environment for the worker's shop, e.g. `test.use({ shopEnv: { KIOSK_IDLE_SECONDS: '3' } })`. */
  shopEnv: [{}, { scope: 'worker', option: true }],
  shop: [
    async ({ shopEnv }, use) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-e2e-'));
      const clientDir = 'dist/client';
      if (!existsSync(`${clientDir}/index.html`)) throw new Error('dist/client is not built: run `npm run build`');
      const shop = await startShop({
        env: { NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'demo', SESSION_SECRET: E2E_SESSION_SECRET, LOG_LEVEL: 'warn', ...shopEnv },
        port: 0,
        host: '127.0.0.1',
        clientDir,
      });
      await use(shop);
      await shop.stop(2_000);
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ shop }, use) => {
    await use(shop.url);
  },
});

export { expect } from '@playwright/test';
