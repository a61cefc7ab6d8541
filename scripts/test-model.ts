/**
 * `npm run test:model`: replays the generated paths of every machine's model and prints, per
 * machine, the states and transitions the real actors went through over the machine's totals.
 * Exits non-zero if a rule fails or any machine is below 100 %.
 */
import { allModels } from '../machines/testing/models.ts';
import { formatReport, isComplete, runModel } from '../machines/testing/model.ts';

let failed = 0;
for (const spec of allModels()) {
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
