/**
 * `npm run test:model`: replays the generated paths of every machine's model and prints, per
 * machine, the states and transitions the real actors went through over the machine's totals.
 * Exits non-zero if a rule fails or any machine is below 100 %.
 *
 *   --plan           also writes each machine's test plan and statechart to docs/machines/,
 *                    and the table of machines to machines/README.md
 *   --plan --check   only compares them with the files and names every stale one
 *   --browser        the generated browser runs instead (tests/e2e/model, Playwright), each on a
 *                    shop of its own; other arguments go on to Playwright (files, --grep, --workers)
 *   --browser --base-url URL --user EMAIL --admin EMAIL
 *                    the same on a shop already running (staging), through its pages only, as
 *                    those accounts (passwords from MODEL_USER_PASSWORD and MODEL_ADMIN_PASSWORD);
 *                    lists the models it skipped and why, and cancels the orders it placed
 *                    (tests/e2e/model/README.md)
 *   --from-report FILE [--out SPEC] [--base-url URL [--user EMAIL] [--admin EMAIL]]
 *                    writes the browser test of a downloaded problem report (default
 *                    tests/e2e/reports/{number}.spec.ts) and with --base-url runs it on that shop,
 *                    its logins as those accounts
 *   --coverage-from URL|FILE
 *                    compares the transitions production took (a running shop's counts, read as
 *                    MODEL_ADMIN_EMAIL with MODEL_ADMIN_PASSWORD, or a saved file of them) with
 *                    those the model runs take: per machine, what only production takes, what only
 *                    the tests walk, and the events production sent that no transition took
 *   --coverage-from URL|FILE --write-tests [DIR]
 *                    also writes a candidate test for each transition only production took, a file
 *                    per machine (default machines/production/{machine}.production.test.ts)
 */
import { CATALOGUE_FILE } from '#machines/testing/catalogue.ts';
import { formatReport, isComplete, runModel } from '#machines/testing/model.ts';
import { checkCatalogue, checkPlans, writeCatalogue, writePlans } from './plan-files.ts';
import { coverageFrom } from './coverage-from.ts';
import { fromReport } from './from-report.ts';
import { runBrowserModels } from './model-browser.ts';
import { everyModel } from './models.ts';

const args = process.argv.slice(2);
if (args.includes('--coverage-from')) process.exit(await coverageFrom(args));
if (args.includes('--from-report')) process.exit(await fromReport(args));
if (args.includes('--browser')) process.exit(runBrowserModels(args));
if (args.includes('--plan')) {
  const check = args.includes('--check');
  const problems = check ? [...checkPlans(), ...(await checkCatalogue())] : [...writePlans(), ...(await writeCatalogue())];
  for (const p of problems) console.log(p);
  console.log(
    problems.length === 0 ? `plan: docs/machines and ${CATALOGUE_FILE} match the machines` : `plan: ${problems.length} problem(s)`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}

let failed = 0;
for (const spec of everyModel()) {
  try {
    const report = await runModel(spec);
    console.log(formatReport(report));
    if (!isComplete(report)) failed++;
  } catch (error) {
    failed++;
    console.log(`${spec.name.padEnd(16)} FAILED\n  ${error instanceof Error ? error.message : String(error)}`);
  }
}
console.log(failed === 0 ? 'model: every machine at 100 %' : `model: ${failed} machine(s) failing or below 100 %`);
process.exit(failed === 0 ? 0 : 1);
