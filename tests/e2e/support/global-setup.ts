import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startShop } from '../../../bff/index.ts';
import { E2E_SEEDED_DIR, e2eShopEnv } from './shop-env.ts';
import { stagingSetup } from './staging-setup.ts';
import { stagingUrl } from './staging.ts';

const BUILT = ['dist/client/index.html', 'dist/widgets/chat.js', 'dist/server/entry-server.js'];

/**
 * Builds the client, the chat widget and the server-render bundle before the e2e run, as npm start would: always in CI
 * (a fresh clone, and never a stale bundle), otherwise when either is missing. A failed build
 * fails the run: the browser suites must never pass on a page that is not the shop.
 */
const build = (): void => {
  if (!process.env.CI && BUILT.every((file) => existsSync(file))) return;
  console.log('Building the client and the chat widget for the e2e run (npm run build) …');
  const { status } = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (status !== 0) throw new Error('npm run build failed: the e2e suites need the built client and widget.');
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
  build();
  const { MAX_OPEN_ORDERS_PER_ACCOUNT, REGISTRATIONS_PER_ADDRESS_PER_HOUR } = e2eShopEnv('');
  console.log(
    `e2e shops raise the abuse limits for specs that act from one address and account: MAX_OPEN_ORDERS_PER_ACCOUNT=${MAX_OPEN_ORDERS_PER_ACCOUNT}, REGISTRATIONS_PER_ADDRESS_PER_HOUR=${REGISTRATIONS_PER_ADDRESS_PER_HOUR}`,
  );
  const seeded = await seedOnce();
  process.env[E2E_SEEDED_DIR] = seeded;
  return () => rm(seeded, { recursive: true, force: true });
}
