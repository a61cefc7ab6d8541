/**
 * `npm test`: every suite of the project, one after another, then one closing line
 * `N passed, N failed` that totals them all. Exits non-zero if anything failed.
 *
 *   npm test                 unit, integration, model and e2e suites on the embedded database, then
 *                            the cluster suite (tests/cluster: PostgreSQL, Redis, 2 APIs, 2 BFFs, nginx)
 *   npm test -- --no-e2e     everything but the end-to-end suites (browser and cluster)
 *   npm test -- --no-cluster everything but the cluster suite
 *   npm test -- --only=api   only the vitest suites under one folder (no e2e, no cluster)
 * The cluster suite needs Debian's postgresql, redis-server and nginx: when one is missing it
 * counts as one failure whose message gives the apt line (scripts/cluster/tools.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { findTools } from './cluster/tools.ts';

type Tally = { passed: number; failed: number };
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const withE2e = !args.includes('--no-e2e') && !only;
const withCluster = withE2e && !args.includes('--no-cluster');
const outDir = path.resolve('node_modules/.cache/statefront/test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const run = (cmd: string, cmdArgs: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

/** One vitest run (`config`: another config file than vitest.config.ts) and its tally from vitest's JSON report. */
const vitest = (name = 'vitest', config: string[] = []): Tally => {
  const out = path.join(outDir, `${name}.json`);
  const status = run('npx', ['vitest', 'run', ...config, '--reporter=default', '--reporter=json', `--outputFile=${out}`], only ? { STATEFRONT_TEST_ONLY: only } : {});
  if (!existsSync(out)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(out, 'utf8')) as { numPassedTests: number; numFailedTests: number; testResults: { status: string }[] };
  // A file that fails to load has no tests to count: count it as a failure so it cannot hide.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed').length;
  const failed = Math.max(report.numFailedTests, status === 0 ? 0 : 1, report.numFailedTests === 0 ? brokenFiles : 0);
  return { passed: report.numPassedTests, failed };
};

const hasSpecs = (dir: string): boolean =>
  existsSync(dir) && readdirSync(dir, { recursive: true }).some((f) => String(f).endsWith('.spec.ts'));

const playwright = (): Tally => {
  const out = path.join(outDir, 'playwright.json');
  const status = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: out });
  if (!existsSync(out)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(out, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  const failed = report.stats.unexpected + (status !== 0 && report.stats.unexpected === 0 ? 1 : 0);
  return { passed: report.stats.expected + report.stats.flaky, failed };
};

/** tests/cluster on the real topology (vitest.cluster.config.ts); without its packages, one failure saying what to install. */
const cluster = (): Tally => {
  const found = findTools();
  if (!found.ok) {
    console.error(`\nThe cluster suite (tests/cluster) cannot run. ${found.message}`);
    return { passed: 0, failed: 1 };
  }
  return vitest('cluster', ['-c', 'vitest.cluster.config.ts']);
};

const tallies: Tally[] = [vitest()];
if (withE2e && hasSpecs('tests/e2e')) tallies.push(playwright());
if (withCluster) tallies.push(cluster());

const total = tallies.reduce((a, t) => ({ passed: a.passed + t.passed, failed: a.failed + t.failed }), { passed: 0, failed: 0 });
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed === 0 ? 0 : 1);
