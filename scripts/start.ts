/**
 * npm start: the whole shop from one command. Builds the client when dist/client is missing,
 * opens the database (seeding the demo shop into an empty one when SEED=demo), runs the API
 * in-process on an internal loopback port and the BFF on PORT (default 3000). With API_URL
 * set, only the BFF starts, against that API.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startShop, stopOnSignals } from '../bff/index.ts';

const CLIENT_INDEX = 'dist/client/index.html';

const buildClientIfMissing = (): void => {
  if (existsSync(CLIENT_INDEX)) return;
  if (!existsSync('vite.config.ts')) {
    console.warn(`${CLIENT_INDEX} is missing and there is no vite.config.ts to build it: pages will answer 503 until the client is built.`);
    return;
  }
  console.log(`${CLIENT_INDEX} is missing: building the client and the chat widget with \`npx vite build\` …`);
  const { status } = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (status !== 0) console.warn('The client build failed (see above): the API still starts, pages answer 503 until `npm run build` succeeds.');
};

const main = async (): Promise<void> => {
  if (!process.env.API_URL) buildClientIfMissing();
  const shop = await startShop({ say: (line) => console.log(line) });
  stopOnSignals(() => shop.stop());
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
