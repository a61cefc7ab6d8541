import { formatReport, type ModelReport } from '../../../machines/testing/model.ts';

/**
 * Prints what the browser run exercised of a machine, as `npm run test:model` does. Gaps are
 * listed, not failed: some transitions (a server down, another tab) have no browser step here.
 */
export const printCoverage = (report: ModelReport): void => {
  if (report.steps === 0) return;
  console.log(`model e2e: ${formatReport(report)}`);
};
