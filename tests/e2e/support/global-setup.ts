import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Builds the client once before the e2e run when it is missing (as npm start would). Without
 * vite.config.ts, or when the build fails, the shop fixture serves a placeholder page so the
 * specs that only need the BFF and API still run.
 */
export default function globalSetup(): void {
  if (existsSync('dist/client/index.html') || !existsSync('vite.config.ts')) return;
  console.log('dist/client is missing: running `npx vite build` for the e2e run …');
  const { status } = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (status !== 0) console.log('The client build failed: the e2e shop serves a placeholder page instead.');
}
