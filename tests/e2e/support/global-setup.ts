import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startShop } from '../../../bff/index.ts';
import { checkBuild, describe, runBuild } from '../../../scripts/build-freshness.ts';
import { E2E_SEEDED_DIR, e2eShopEnv } from './shop-env.ts';
import { stagingSetup } from './staging-setup.ts';
import { stagingUrl } from './staging.ts';

/**
 * Builds the client, the chat widget and the server-render bundle before the e2e run, as npm start
 * would, unless dist/ holds a build of the sources as they are now (its stamp's content hash,
 * scripts/build-freshness.ts): never a stale bundle, and CI's build made beside the database tier
 * (.ci/run) is not made again. A failed build fails the run: the browser suites must never pass
 * on a page that is not the shop.
 */
const build = async (): Promise<void> => {
  const freshness = await checkBuild(process.cwd());
  if (freshness.state === 'fresh') return;
  console.log(`Building the client and the chat widget for the e2e run (npm run build): ${describe(freshness)} …`);
  if (!runBuild()) throw new Error('npm run build failed: the e2e suites need the built client and widget.');
};

/**
 * Seeds the demo shop once for the run, as `npm start` does on an empty DATA_DIR, and leaves the
 * folder for every worker's shop to copy (tests/e2e/support/shop.ts): a copy starts in about a
 * second, a fresh seed takes several. Workers read the folder from the environment.
 */
const seedOnce = async (): Promise<string> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-e2e-seeded-'));
  const shop = await startShop({ env: e2eShopEnv(dataDir), port: 0, host: '127.0.0.1', clientDir: 'dist/client' });
  await shop.stop(0);
  return dataDir;
};

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  // A staging run starts no shop: it checks the given accounts and cancels its orders at the end.
  const staging = stagingUrl();
  if (staging) return stagingSetup(staging, config);
  await build();
  const { MAX_OPEN_ORDERS_PER_ACCOUNT, REGISTRATIONS_PER_ADDRESS_PER_HOUR } = e2eShopEnv('');
  console.log(
    `e2e shops raise the abuse limits for specs that act from one address and account: MAX_OPEN_ORDERS_PER_ACCOUNT=${MAX_OPEN_ORDERS_PER_ACCOUNT}, REGISTRATIONS_PER_ADDRESS_PER_HOUR=${REGISTRATIONS_PER_ADDRESS_PER_HOUR}`,
  );
  const seeded = await seedOnce();
  process.env[E2E_SEEDED_DIR] = seeded;
  return () => rm(seeded, { recursive: true, force: true });
}
