import { readFileSync } from 'node:fs';
import { NOT_TAKEN, type TransitionCount } from '#contracts/machine-counts.ts';
import { transitionLabels } from '#machines/shared/transition-counts.ts';
import { machineTotals, runModel, type ModelSpec } from '#machines/testing/model.ts';
import { everyModel } from './models.ts';
import { DEFAULT_TESTS_DIR, writeTests } from './write-tests.ts';

type Label = Omit<TransitionCount, 'count'>;
const keyOf = (t: Label) => `${t.source} --${t.event}--> ${t.target}`;

/** The transitions the model runs (`npm run test:model`) take, by the labels the pages count by. */
export const testedTransitions = async (models: ModelSpec[] = everyModel()): Promise<Label[]> => {
  const tested: Label[] = [];
  for (const spec of models) {
    const missing = new Set((await runModel(spec)).transitions.missing);
    for (const [def, label] of machineTotals(spec.machine).transitions) {
      if (!missing.has(label))
        tested.push({ machine: spec.machine.id, ...transitionLabels(def as Parameters<typeof transitionLabels>[0]) });
    }
  }
  return tested;
};

/** What production took that the tests never walk, per row with its count. */
const takenOnlyInProduction = (production: TransitionCount[], tested: Label[]): TransitionCount[] => {
  const walked = new Set(tested.map((t) => `${t.machine} ${keyOf(t)}`));
  return production.filter((r) => r.target !== NOT_TAKEN && !walked.has(`${r.machine} ${keyOf(r)}`));
};

const pct = (part: number, whole: number) => `${whole === 0 ? 100 : Math.floor((part / whole) * 1000) / 10} %`;

/**
 * Per machine, the three lists QA acts on, with production's counts: taken in production but
 * never in the tests (a candidate test each), in the tests but never taken in production (dead UI
 * or a stale model), sent in production and taken by no transition (a bug or a stale model);
 * then one line per machine: the tests' coverage of what production took, and production's of what the tests walk.
 */
export const coverageLines = (production: TransitionCount[], tested: Label[]): string[] => {
  const machines = [...new Set([...production.map((r) => r.machine), ...tested.map((t) => t.machine)])].sort();
  const lines: string[] = [];
  const summary: string[] = [];
  const list = (title: string, rows: string[]) => lines.push(`  ${title}:`, ...(rows.length ? rows.map((r) => `    ${r}`) : ['    none']));
  for (const machine of machines) {
    const taken = production.filter((r) => r.machine === machine && r.target !== NOT_TAKEN);
    const ignored = production.filter((r) => r.machine === machine && r.target === NOT_TAKEN);
    const walked = new Set(tested.filter((t) => t.machine === machine).map(keyOf));
    const takenKeys = new Set(taken.map(keyOf));
    const untested = takenOnlyInProduction(taken, tested);
    lines.push(machine);
    list(
      'Taken in production, never in the tests',
      untested.map((r) => `${keyOf(r)}  ×${r.count}`),
    );
    list(
      'In the tests, never taken in production',
      [...walked].filter((k) => !takenKeys.has(k)),
    );
    list(
      'Sent in production, taken by no transition',
      ignored.map((r) => `${r.event} in ${r.source}  ×${r.count}`),
    );
    const traffic = taken.reduce((n, r) => n + r.count, 0);
    const covered = taken.filter((r) => walked.has(keyOf(r)));
    summary.push(
      `${machine}: the tests walk ${covered.length} of the ${taken.length} transitions production took (${pct(
        covered.reduce((n, r) => n + r.count, 0),
        traffic,
      )} of its traffic); production took ${[...walked].filter((k) => takenKeys.has(k)).length} of the ${walked.size} the tests walk`,
    );
  }
  return [...lines, '', ...summary];
};

/** The counts from a file (GET /api/admin/machine-counts's answer, saved) or from a running shop, as its admin. */
export const readCounts = async (source: string, env: NodeJS.ProcessEnv = process.env): Promise<TransitionCount[]> => {
  if (!/^https?:\/\//.test(source)) return JSON.parse(readFileSync(source, 'utf8')) as TransitionCount[];
  const base = source.replace(/\/+$/, '');
  // MODEL_ADMIN, as the staging run names the admin's e-mail, works too.
  const email = env.MODEL_ADMIN_EMAIL || env.MODEL_ADMIN;
  const password = env.MODEL_ADMIN_PASSWORD;
  if (!email || !password)
    throw new Error('--coverage-from URL reads the counts as an admin: set MODEL_ADMIN_EMAIL and MODEL_ADMIN_PASSWORD');
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-CSRF': '1' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`${base}: the admin login was refused (${login.status})`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${base}/api/admin/machine-counts`, { headers: { cookie } });
  if (!res.ok) throw new Error(`${base}/api/admin/machine-counts answered ${res.status}`);
  return (await res.json()) as TransitionCount[];
};

/** Where the admin's credentials come from and where the lines go: the process's, unless a test gives its own. */
export type CoverageOutput = { env?: NodeJS.ProcessEnv; log?: (line: string) => void; error?: (line: string) => void };

/**
 * `npm run test:model -- --coverage-from URL|FILE [--write-tests [DIR]]`: prints the lists, and with
 * `--write-tests` writes a candidate test for each transition only production took (write-tests.ts);
 * answers the exit status (2: the counts could not be read).
 */
export const coverageFrom = async (
  args: string[],
  models: ModelSpec[] = everyModel(),
  { env = process.env, log = console.log, error: logError = console.error }: CoverageOutput = {},
): Promise<number> => {
  const source = args[args.indexOf('--coverage-from') + 1];
  const dirArg = args.includes('--write-tests') ? args[args.indexOf('--write-tests') + 1] : undefined;
  let production: TransitionCount[];
  try {
    if (!source || source.startsWith('--')) throw new Error('--coverage-from needs a URL or a file');
    production = await readCounts(source, env);
  } catch (error) {
    logError(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const tested = await testedTransitions(models);
  for (const line of coverageLines(production, tested)) log(line);
  if (!args.includes('--write-tests')) return 0;
  const dir = dirArg && !dirArg.startsWith('--') ? dirArg : DEFAULT_TESTS_DIR;
  for (const line of await writeTests(takenOnlyInProduction(production, tested), models, dir, source)) log(line);
  return 0;
};
