import { expect, test } from '@playwright/test';
import { formatReport, type ModelReport } from '#machines/testing/model.ts';
import { STAGING_URL } from '../support/shop.ts';

/** A transition the browser run does not take, by its label in the report, and why no browser step can. */
export type Excluded = { transition: string; reason: string };

/** Prints what the browser run exercised of a machine, as `npm run test:model` does. */
export const printCoverage = (report: ModelReport): void => {
  if (report.steps === 0) return;
  console.log(`model e2e: ${formatReport(report)}`);
};

/**
 * The browser run's coverage, enforced: every transition of the machine was taken in the
 * browser except the named exclusions, and no exclusion is stale (a covered transition left
 * in the list would hide a later gap). Call it in the last test of a spec, after every path.
 */
export const expectFullCoverage = (report: ModelReport, excluded: readonly Excluded[]): void => {
  printCoverage(report);
  // A staging run skips what reaches past the page: its coverage is printed, the local run enforces it.
  if (STAGING_URL) {
    test.info().annotations.push({ type: 'coverage', description: 'printed, not enforced, on a staging run' });
    return;
  }
  const named = new Set(excluded.map((e) => e.transition));
  const missing = report.transitions.missing.filter((t) => !named.has(t));
  expect(missing, `${report.name}: transitions no browser step took`).toEqual([]);
  const stale = excluded.filter((e) => !report.transitions.missing.includes(e.transition)).map((e) => e.transition);
  expect(stale, `${report.name}: excluded transitions that the browser did take`).toEqual([]);
};
