import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultSpecPath, reportSpec, type ReportFile } from '../tests/e2e/model/report-spec.ts';
import { readBuildStamp } from './build-stamp.ts';
import { runBrowserModels } from './model-browser.ts';

const valueOf = (args: string[], flag: string): string | undefined => {
  const i = args.indexOf(flag);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (!value || value.startsWith('--')) throw new Error(`${flag} needs a value`);
  return value;
};

/**
 * What the written spec runs with on a shop already running: its logins as the `--user` and
 * `--admin` accounts given (passwords from MODEL_USER_PASSWORD and MODEL_ADMIN_PASSWORD), as the
 * browser models' staging run does; a spec that needs an account the run lacks is skipped, saying why.
 */
export const reportRunArgs = (args: string[], spec: string, baseUrl: string): string[] => {
  const accounts = ['--user', '--admin'].flatMap((flag) => {
    const value = valueOf(args, flag);
    return value ? [flag, value] : [];
  });
  return ['--base-url', baseUrl, ...accounts, spec, '--workers=1'];
};

/**
 * `npm run test:model -- --from-report FILE [--out SPEC] [--base-url URL [--user EMAIL] [--admin EMAIL]]`: writes the Playwright
 * spec of a downloaded problem report (tests/e2e/model/report-spec.ts), with the report's JSON
 * beside it, and with `--base-url` runs it against that shop, ending with the runner's
 * `N passed, N failed`. Answers the exit status (2: a bad command line or report).
 */
export const fromReport = async (args: string[]): Promise<number> => {
  let report: ReportFile,
    out: string,
    baseUrl: string | undefined,
    run: string[] = [];
  try {
    const file = valueOf(args, '--from-report')!;
    report = JSON.parse(readFileSync(file, 'utf8')) as ReportFile;
    if (typeof report.number !== 'string' || !Array.isArray(report.events)) throw new Error(`${file} is not a downloaded problem report`);
    out = valueOf(args, '--out') ?? defaultSpecPath(report);
    baseUrl = valueOf(args, '--base-url');
    if (baseUrl) run = reportRunArgs(args, out, baseUrl);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const json = out.replace(/\.spec\.ts$/, '') + '.json';
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(json, JSON.stringify(report, null, 2) + '\n');
  const runningBuild = (await readBuildStamp(process.cwd()))?.hash.slice(0, 12);
  writeFileSync(out, reportSpec(report, { reportFile: `./${path.basename(json)}`, runningBuild }));
  console.log(`from-report: wrote ${out} (and ${json})`);
  if (!baseUrl) return 0;
  return runBrowserModels(run);
};
