import type { AnyEventObject, StateValue } from 'xstate';
import type { ReportedEvent } from '#contracts/problem-report.ts';
import { hasPageAction } from './page-action-events.ts';

/** What the spec needs of a downloaded problem report (GET /api/admin/problem-reports/{id}). */
export type ReportFile = {
  number: string;
  path: string;
  build: string;
  text?: string;
  note?: string;
  viewport: { width: number; height: number };
  browser?: { name: string; version: string };
  events: ReportedEvent[];
};

/** One step a report's spec performs through the page: the event, and what the shopper's machine made of it. */
export type PageStep = { actor: string; event: AnyEventObject; taken: boolean | null; state: StateValue | null };

/**
 * The report's events a person caused on the page and the page can cause again (page-action-events.ts),
 * sent to the one actor of the machine they belong to (`cart.add` to `cart`), in the order
 * recorded; and, by actor, how many of each other event the spec replays at the machine level.
 */
export const reportSteps = (report: ReportFile): { onPage: PageStep[]; onMachines: Map<string, Map<string, number>> } => {
  const onPage: PageStep[] = [];
  const onMachines = new Map<string, Map<string, number>>();
  for (const { actor, run, event, taken, state } of report.events) {
    if (event.type === 'xstate.init') continue;
    if (hasPageAction(event.type) && run === undefined && event.type.startsWith(`${actor}.`)) {
      onPage.push({ actor, event, taken: taken ?? null, state: (state as StateValue | undefined) ?? null });
      continue;
    }
    const counts = onMachines.get(actor) ?? new Map<string, number>();
    counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
    onMachines.set(actor, counts);
  }
  return { onPage, onMachines };
};

/** Where `npm run test:model -- --from-report` writes a report's spec unless told: tests/e2e/reports/R-1042.spec.ts. */
export const defaultSpecPath = (report: ReportFile) => `tests/e2e/reports/${report.number}.spec.ts`;

const oneLine = (text: string) => text.split('\n')[0]!.slice(0, 120);

/**
 * The Playwright spec of a problem report: a header that says what the report is, what it replays
 * only at the machine level and whether it comes from another build; then one test that opens
 * the report's page at its viewport, performs each page step on its own line (named after its
 * event), checks after each the state the report recorded, and replays the whole log on this
 * build's machines. `reportFile` is the report's JSON, relative to the spec.
 */
export const reportSpec = (report: ReportFile, { reportFile, runningBuild }: { reportFile: string; runningBuild: string | undefined }) => {
  const { onPage, onMachines } = reportSteps(report);
  const browser = report.browser ? `${report.browser.name} ${report.browser.version}, ` : '';
  const header = [
    `Problem report ${report.number} on ${report.path} (${browser}${report.viewport.width} × ${report.viewport.height}), build ${report.build}`,
    ...(report.text ? [`“${oneLine(report.text)}”`] : []),
    ...(report.build !== runningBuild
      ? [`Recorded on build ${report.build}, not this one (${runningBuild ?? 'no build stamp'}): its machines may have changed since.`]
      : []),
    ...(report.note ? [`${report.note}: the steps start after them.`] : []),
    `Performed through the page: ${onPage.length} step(s). Replayed at the machine level only (no page action):`,
    ...[...onMachines].map(
      ([actor, counts]) => `  ${actor}: ${[...counts].map(([type, n]) => (n > 1 ? `${type} ×${n}` : type)).join(', ')}`,
    ),
    `Written by npm run test:model -- --from-report; it fails while the bug is there, and passes once it is mended.`,
  ];
  const json = (value: unknown) => JSON.stringify(value);
  const steps = onPage.map(
    (s) => `  await replayStep(page, ${json(s.actor)}, ${json(s.event)}, { taken: ${json(s.taken)}, state: ${json(s.state)} });`,
  );
  return [
    ...header.map((line) => `// ${line}`),
    `import { expect, test } from '../support/shop.ts';`,
    `import { machinesTake, openReport, readReport, replayStep } from '../model/report-replay.ts';`,
    '',
    `const report = readReport(new URL(${json(reportFile)}, import.meta.url));`,
    '',
    `test.use({ viewport: ${json(report.viewport)} });`,
    '',
    `test(${json(`problem report ${report.number}: the shopper's steps take the machines as the report recorded`)}, async ({ page }) => {`,
    `  await openReport(page, ${json(report.path)});`,
    ...steps,
    `  expect(machinesTake(report.events)).toBeNull();`,
    `});`,
    '',
  ].join('\n');
};
