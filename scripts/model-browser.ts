/**
 * `npm run test:model -- --browser [--base-url URL --user EMAIL --admin EMAIL] [playwright args]`:
 * the generated browser runs (tests/e2e/model), on shops of their own or, with --base-url, on a
 * shop already running (tests/e2e/model/README.md). Here: the command line, and the summary
 * printed from Playwright's JSON report and the run's orders report.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { MODEL_ENV, type OrdersReport } from '../tests/e2e/support/staging.ts';

export const MODEL_SPECS = 'tests/e2e/model';

/** Playwright's options whose value is the next argument (not a file to run). */
const PLAYWRIGHT_VALUES = new Set(
  [
    'grep',
    'grep-invert',
    'workers',
    'project',
    'reporter',
    'timeout',
    'retries',
    'repeat-each',
    'max-failures',
    'shard',
    'config',
    'output',
    'trace',
    'global-timeout',
  ]
    .map((o) => `--${o}`)
    .concat(['-g', '-j', '-c']),
);

export type BrowserArgs = { env: Record<string, string>; playwright: string[]; baseUrl?: string };

/** Splits `--base-url`, `--user` and `--admin` (with their values) from what goes on to Playwright. */
export const parseBrowserArgs = (args: string[]): BrowserArgs => {
  const flags: Record<string, string> = { '--base-url': MODEL_ENV.baseUrl, '--user': MODEL_ENV.user, '--admin': MODEL_ENV.admin };
  const env: Record<string, string> = {};
  const playwright: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name === '--browser') continue;
    if (!(name in flags)) {
      playwright.push(arg);
      continue;
    }
    const value = inline ?? args[++i];
    if (!value || value.startsWith('--')) throw new Error(`${name} needs a value`);
    env[flags[name]!] = name === '--base-url' ? value.replace(/\/+$/, '') : value;
  }
  if ((env[MODEL_ENV.user] || env[MODEL_ENV.admin]) && !env[MODEL_ENV.baseUrl])
    throw new Error('--user and --admin name accounts of a staging shop: give its --base-url too');
  const namesFiles = playwright.some((a, i) => !a.startsWith('-') && !PLAYWRIGHT_VALUES.has(playwright[i - 1] ?? ''));
  if (!namesFiles) playwright.unshift(MODEL_SPECS);
  return { env, playwright, baseUrl: env[MODEL_ENV.baseUrl] };
};

type JsonTest = {
  status: string;
  annotations?: { type: string; description?: string }[];
  results?: { annotations?: JsonTest['annotations'] }[];
};
type JsonSuite = { title: string; file?: string; specs?: { title: string; file?: string; tests: JsonTest[] }[]; suites?: JsonSuite[] };
export type JsonReport = { suites: JsonSuite[]; stats: { expected: number; unexpected: number; skipped: number; flaky: number } };

/** The skipped tests of a Playwright JSON report, by file and reason: `file — reason (n tests)`. */
export const skippedModels = (report: JsonReport): string[] => {
  const counts = new Map<string, number>();
  const walk = (suite: JsonSuite, file: string) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) {
        if (t.status !== 'skipped') continue;
        const notes = [...(t.annotations ?? []), ...(t.results ?? []).flatMap((r) => r.annotations ?? [])];
        const why = notes.find((a) => a.type === 'skip')?.description ?? 'skipped';
        const key = `${spec.file ?? file} — ${why}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    for (const child of suite.suites ?? []) walk(child, child.file ?? file);
  };
  for (const suite of report.suites) walk(suite, suite.file ?? suite.title);
  return [...counts].map(([key, n]) => `${key} (${n} ${n === 1 ? 'test' : 'tests'})`);
};

/** The closing lines of a staging run: what ran, what was skipped and why, what became of its orders. */
export const stagingSummary = (baseUrl: string, report: JsonReport | null, orders: OrdersReport | null): string[] => {
  const lines: string[] = [];
  if (report) {
    const { expected, unexpected, skipped, flaky } = report.stats;
    lines.push(`model browser run on ${baseUrl}: ${expected + flaky} passed, ${unexpected} failed, ${skipped} skipped`);
    const skips = skippedModels(report);
    if (skips.length) lines.push('skipped:', ...skips.map((s) => `  ${s}`));
  } else lines.push(`model browser run on ${baseUrl}: no report (Playwright did not finish)`);
  if (!orders) lines.push('orders: none checked (no user account, or the run did not finish)');
  else {
    if (orders.error) lines.push(`orders: could not be listed: ${orders.error}`);
    lines.push(
      `orders the run placed: ${orders.cancelled.length} cancelled now, ${orders.wasCancelled.length} cancelled by the run itself, ${orders.left.length} left`,
    );
    for (const { id, why } of orders.left) lines.push(`  left: ${id} — ${why}`);
  }
  return lines;
};

/** Runs the browser models as the command line says; answers the exit status (2: a bad command line). */
export const runBrowserModels = (args: string[]): number => {
  let parsed: BrowserArgs;
  try {
    parsed = parseBrowserArgs(args);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const { env, playwright, baseUrl } = parsed;
  // A staging run's report and artefacts apart from a local run's: the local run's staging-run.spec.ts starts one inside it.
  const outDir = path.resolve('node_modules/.cache/statefront/model-browser', baseUrl ? 'staging' : 'local');
  mkdirSync(outDir, { recursive: true });
  const json = path.join(outDir, 'playwright.json');
  const orders = path.join(outDir, 'orders.json');
  for (const file of [json, orders]) rmSync(file, { force: true });
  const status =
    spawnSync('npx', ['playwright', 'test', ...playwright], {
      stdio: 'inherit',
      env: {
        ...process.env,
        ...env,
        PLAYWRIGHT_JSON_OUTPUT_FILE: json,
        STATEFRONT_E2E_OUTPUT_DIR: path.join(outDir, 'artefacts'),
        [MODEL_ENV.ordersReport]: orders,
      },
    }).status ?? 1;
  if (!baseUrl) return status;
  const read = <T>(file: string) => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null);
  const ordersReport = read<OrdersReport>(orders);
  for (const line of stagingSummary(baseUrl, read<JsonReport>(json), ordersReport)) console.log(line);
  return ordersReport?.error ? 1 : status;
};
