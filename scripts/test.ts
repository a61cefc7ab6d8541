/**
 * `npm test`: every suite of the project in three tiers (tests/tiers.ts says which file is in
 * which), each with its time, then one closing line `N passed, N failed` that totals them all.
 * Exits non-zero if anything failed.
 *
 *   npm test                   fast, db, e2e, in that order
 *   npm run test:fast          pure tests (machines, contracts, client, widgets, scripts that start nothing) on every core
 *   npm run test:db            api, bff, security, fault and the scripts that start the shop, on the embedded database
 *                              (on PostgreSQL with TEST_DATABASE_URL, a server's admin URL)
 *   npm run test:e2e           Playwright in Chromium (tests/e2e), then the cluster topology (tests/cluster)
 *   npm test -- --no-cluster   any of the above without the cluster suite
 *   npm test -- --no-browser   any of the above without the Playwright suites (CI runs the cluster beside the PostgreSQL run)
 *   npm test -- --only=api     only the vitest files under one folder (CI reruns api/ on PostgreSQL)
 * The cluster suite needs Debian's postgresql, redis-server, nginx and supervisor: when one is missing it
 * counts as one failure whose message gives the apt line (scripts/cluster/tools.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { TIERS, type Tier } from '../tests/tiers.ts';
import { findTools } from './cluster/tools.ts';

/** A suite's counts and what failed or was flaky, by name (printed under its time line, so CI's tail names them). */
type Tally = { passed: number; failed: number; failures: string[] };
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const named = args.filter((a) => !a.startsWith('--'));
const unknown = named.filter((a) => !['fast', 'db', 'e2e'].includes(a));
if (unknown.length) {
  console.error(`Unknown tier ${unknown.join(', ')}: the tiers are fast, db and e2e.`);
  process.exit(2);
}
// --only=api: the vitest tiers that hold that folder.
const holding = (Object.keys(TIERS) as Tier[]).filter((t) => TIERS[t].include.some((glob) => glob.startsWith(`${only}/`)));
const tiers: string[] = named.length ? named : only ? holding : ['fast', 'db', 'e2e'];
const withCluster = !args.includes('--no-cluster');
const withBrowser = !args.includes('--no-browser');
const outDir = path.resolve('node_modules/.cache/statefront/test-results');
mkdirSync(outDir, { recursive: true });
/** A report's path, its stale copy removed first (a run that writes none must not count an old one); two runs side by side write different reports. */
const freshReport = (name: string): string => {
  const out = path.join(outDir, name);
  rmSync(out, { force: true });
  return out;
};

const run = (cmd: string, cmdArgs: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

/** One vitest run (`config`: another config file than vitest.config.ts) and its tally from vitest's JSON report. */
const vitest = (name: string, config: string[] = [], tier?: Tier): Tally => {
  const out = freshReport(`${name}.json`);
  const env = { ...(tier ? { STATEFRONT_TIER: tier } : {}), ...(only ? { STATEFRONT_TEST_ONLY: only } : {}) };
  const status = run('npx', ['vitest', 'run', ...config, '--reporter=default', '--reporter=json', `--outputFile=${out}`], env);
  if (!existsSync(out)) return { passed: 0, failed: 1, failures: [`failed: vitest wrote no report (exit ${status})`] };
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: { name: string; status: string; assertionResults: { status: string; fullName: string }[] }[];
  };
  // A file that fails to load has no tests to count: count it as a failure so it cannot hide.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed');
  const failed = Math.max(report.numFailedTests, status === 0 ? 0 : 1, report.numFailedTests === 0 ? brokenFiles.length : 0);
  const failures = brokenFiles.flatMap((f) => {
    const file = path.relative(process.cwd(), f.name);
    const tests = f.assertionResults.filter((t) => t.status === 'failed').map((t) => `failed: ${file} › ${t.fullName}`);
    return tests.length ? tests : [`failed: ${file} (the file failed to run)`];
  });
  return { passed: report.numPassedTests, failed, failures };
};

const hasSpecs = (dir: string): boolean =>
  existsSync(dir) && readdirSync(dir, { recursive: true }).some((f) => String(f).endsWith('.spec.ts'));

type PlaywrightSuite = {
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; tests: { status: string; projectName: string }[] }[];
};
/** The specs of a Playwright JSON report that ended as `status` (unexpected, flaky), as `file › title [project]`. */
const specsThatWere = (status: string, suite: PlaywrightSuite): string[] => [
  ...(suite.specs ?? []).flatMap((spec) =>
    spec.tests.filter((t) => t.status === status).map((t) => `${spec.file} › ${spec.title} [${t.projectName}]`),
  ),
  ...(suite.suites ?? []).flatMap((child) => specsThatWere(status, child)),
];

const playwright = (): Tally => {
  const out = freshReport('playwright.json');
  const status = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: out });
  if (!existsSync(out)) return { passed: 0, failed: 1, failures: [`failed: playwright wrote no report (exit ${status})`] };
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  } & PlaywrightSuite;
  const failed = report.stats.unexpected + (status !== 0 && report.stats.unexpected === 0 ? 1 : 0);
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed,
    failures: [
      ...specsThatWere('unexpected', report).map((name) => `failed: ${name}`),
      // Passed on CI's retry (playwright.config.ts): counted as passed, named so that it is mended.
      ...specsThatWere('flaky', report).map((name) => `flaky (passed on its retry): ${name}`),
    ],
  };
};

/** tests/cluster on the real topology (vitest.cluster.config.ts); without its packages, one failure saying what to install. */
const cluster = (): Tally => {
  const found = findTools();
  if (!found.ok) {
    console.error(`\nThe cluster suite (tests/cluster) cannot run. ${found.message}`);
    return { passed: 0, failed: 1, failures: ['failed: the cluster suite could not run, its packages are missing'] };
  }
  return vitest('cluster', ['-c', 'vitest.cluster.config.ts']);
};

/** Runs one suite and prints its tally and time, so a slow step shows where it is. */
const timed = (name: string, suite: () => Tally): Tally => {
  const started = Date.now();
  const tally = suite();
  times.push(`${name}: ${tally.passed} passed, ${tally.failed} failed in ${Math.round((Date.now() - started) / 1000)} s`);
  times.push(...tally.failures.map((f) => `${name} ${f}`));
  return tally;
};
const times: string[] = [];
const tallies: Tally[] = [];
if (tiers.includes('fast')) tallies.push(timed('test:fast', () => vitest('fast', [], 'fast')));
if (tiers.includes('db')) tallies.push(timed('test:db', () => vitest('db', [], 'db')));
if (tiers.includes('e2e') && !only) {
  if (withBrowser && hasSpecs('tests/e2e')) tallies.push(timed('test:e2e (browser)', playwright));
  if (withCluster) tallies.push(timed('test:e2e (cluster)', cluster));
}

const total = tallies.reduce((a, t) => ({ passed: a.passed + t.passed, failed: a.failed + t.failed }), { passed: 0, failed: 0 });
console.log(`\n${times.join('\n')}`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed === 0 ? 0 : 1);
