/**
 * npm start: the whole shop from one command. Builds the client and the chat widget when missing,
 * opens the database (seeding the demo shop into an empty one when SEED=demo), runs the API
 * in-process on an internal loopback port and the BFF on PORT (default 3000). With API_URL
 * set, only the BFF starts, against that API.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startShop, stopOnSignals } from '../bff/index.ts';

/** What the BFF serves: the client and the partner chat widget (npm run build makes both). */
const BUILT = ['dist/client/index.html', 'dist/widgets/chat.js'];

const buildWhatIsMissing = (): void => {
  const missing = BUILT.filter((file) => !existsSync(file));
  if (missing.length === 0) return;
  console.log(`${missing.join(' and ')} missing: building the client and the chat widget (npm run build) …`);
  const { status } = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (status !== 0) console.warn('The build failed (see above): the API still starts, pages answer 503 until `npm run build` succeeds.');
};

const main = async (): Promise<void> => {
  // The BFF serves the built client whether the API runs here or at API_URL.
  buildWhatIsMissing();
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
