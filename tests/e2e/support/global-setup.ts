import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const BUILT = ['dist/client/index.html', 'dist/widgets/chat.js', 'dist/server/entry-server.js'];

/**
 * Builds the client, the chat widget and the server-render bundle before the e2e run, as npm start would: always in CI
 * (a fresh clone, and never a stale bundle), otherwise when either is missing. A failed build
 * fails the run: the browser suites must never pass on a page that is not the shop.
 */
export default function globalSetup(): void {
  if (!process.env.CI && BUILT.every((file) => existsSync(file))) return;
  console.log('Building the client and the chat widget for the e2e run (npm run build) …');
  const { status } = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (status !== 0) throw new Error('npm run build failed: the e2e suites need the built client and widget.');
}
