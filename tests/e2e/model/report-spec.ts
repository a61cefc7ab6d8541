import type { AnyEventObject, StateValue } from 'xstate';
import type { ReportedEvent } from '#contracts/problem-report.ts';
import { stateText } from '#machines/testing/replay.ts';
import type { Role } from '../support/staging.ts';
import { hasPageAction, whyNotOnPage, type LoginAs } from './page-action-events.ts';

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
export type PageStep = {
  actor: string;
  event: AnyEventObject;
  taken: boolean | null;
  state: StateValue | null;
  /** The actor's recorded state before the report's next page step, where its answers moved it on (a login answered). */
  settles?: StateValue;
  /** Whom a login logs in as (page-action-events.ts). */
  as?: LoginAs;
};

/** The report's steps by where the spec replays them. */
export type ReportSteps = {
  onPage: PageStep[];
  /** By actor, how many of each event with no page action the spec replays at the machine level. */
  onMachines: Map<string, Map<string, number>>;
  /** Events with a page action the page cannot cause as recorded: `type: why`, and how many. */
  notAsRecorded: Map<string, number>;
  /** The shopper's role when the page loaded (null: a guest): the spec logs in as the model's account of it first. */
  signedIn: Role | null;
};

const roleIn = (state: string): Role => (state.includes('loggedIn.role.admin') ? 'admin' : 'user');

/** Who the shopper was when the page loaded: auth's first state past restoring, before any login form was sent. */
const startRole = (events: ReportedEvent[]): Role | null => {
  for (const { actor, run, event, state } of events) {
    if (actor !== 'auth' || run !== undefined || state === undefined) continue;
    const text = stateText(state as StateValue);
    if (/^(restoring|resolving)/.test(text)) continue;
    if (event.type === 'auth.login' || event.type === 'auth.register') return null;
    return text.startsWith('loggedIn') ? roleIn(text) : null;
  }
  return null;
};

/** The shop's answer to the login at `index`, as the report recorded it: a user, an admin, a refusal (401), or none of these. */
const loginAnswer = (events: ReportedEvent[], index: number): LoginAs | null => {
  const answer = events.slice(index + 1).find((e) => e.actor === 'auth' && /^xstate\.(done|error)\.actor\.login$/.test(e.event.type));
  if (!answer) return null;
  if (answer.event.type.startsWith('xstate.done.')) {
    const user = (answer.event.output as { userLoggedIn?: { isAdmin?: boolean } } | undefined)?.userLoggedIn;
    return user?.isAdmin ? 'admin' : 'user';
  }
  return (answer.event.error as { status?: number } | undefined)?.status === 401 ? 'nobody' : null;
};

const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * The report's events a person caused on the page and the page can cause again as recorded
 * (page-action-events.ts), sent to the one actor of the machine they belong to (`cart.add` to
 * `cart`), in the order recorded, each with the state its actor settled in before the next page
 * step; and the rest, which the spec replays at the machine level. A checkout step needs the spec
 * logged in as a user by then (when the page loaded, or by a login it performed).
 */
export const reportSteps = (report: ReportFile): ReportSteps => {
  const onPage: (PageStep & { index: number })[] = [];
  const onMachines = new Map<string, Map<string, number>>();
  const notAsRecorded = new Map<string, number>();
  const signedIn = startRole(report.events);
  let role = signedIn;
  const states = new Map<string, string>();
  report.events.forEach(({ actor, run, event, taken, state }, index) => {
    const key = `${actor}#${run ?? 0}`;
    const before = states.get(key) ?? 'unknown (its start is not in the report)';
    if (state !== undefined) states.set(key, stateText(state as StateValue));
    if (event.type === 'xstate.init') return;
    if (!hasPageAction(event.type) || run !== undefined || !event.type.startsWith(`${actor}.`)) {
      const counts = onMachines.get(actor) ?? new Map<string, number>();
      onMachines.set(actor, count(counts, event.type));
      return;
    }
    const as = event.type === 'auth.login' ? loginAnswer(report.events, index) : undefined;
    const why =
      whyNotOnPage(event.type, { before, taken, as }) ??
      (actor === 'checkout' && role !== 'user'
        ? 'the spec is not logged in as a user by then (the shopper was not, or logged in in a way the page cannot repeat)'
        : null);
    if (why) {
      count(notAsRecorded, `${event.type}: ${why}`);
      return;
    }
    if (as === 'user' || as === 'admin') role = as;
    if (event.type === 'auth.logout') role = null;
    onPage.push({ index, actor, event, taken: taken ?? null, state: (state as StateValue | undefined) ?? null, ...(as ? { as } : {}) });
  });
  const steps = onPage.map(({ index, ...step }, i) => {
    const until = onPage[i + 1]?.index ?? report.events.length;
    const later = report.events
      .slice(index + 1, until)
      .filter((e) => e.actor === step.actor && e.run === undefined && e.state !== undefined);
    const settles = later.at(-1)?.state as StateValue | undefined;
    const moved = settles !== undefined && (step.state === null || stateText(settles) !== stateText(step.state));
    return moved ? { ...step, settles } : step;
  });
  return { onPage: steps, onMachines, notAsRecorded, signedIn };
};

/** Where `npm run test:model -- --from-report` writes a report's spec unless told: tests/e2e/reports/R-1042.spec.ts. */
export const defaultSpecPath = (report: ReportFile) => `tests/e2e/reports/${report.number}.spec.ts`;

const oneLine = (text: string) => text.split('\n')[0]!.slice(0, 120);

/**
 * The Playwright spec of a problem report: a header that says what the report is, what it replays
 * only at the machine level and whether it comes from another build; then one test that opens
 * the report's page at its viewport (logged in as the model's account when the shopper was),
 * performs each page step on its own line (named after its event), checks after each the state
 * the report recorded and the one it settled in, and replays the whole log on this build's
 * machines. `reportFile` is the report's JSON, relative to the spec.
 */
export const reportSpec = (report: ReportFile, { reportFile, runningBuild }: { reportFile: string; runningBuild: string | undefined }) => {
  const { onPage, onMachines, notAsRecorded, signedIn } = reportSteps(report);
  const browser = report.browser ? `${report.browser.name} ${report.browser.version}, ` : '';
  const header = [
    `Problem report ${report.number} on ${report.path} (${browser}${report.viewport.width} × ${report.viewport.height}), build ${report.build}`,
    ...(report.text ? [`“${oneLine(report.text)}”`] : []),
    ...(report.build !== runningBuild
      ? [`Recorded on build ${report.build}, not this one (${runningBuild ?? 'no build stamp'}): its machines may have changed since.`]
      : []),
    ...(report.note ? [`${report.note}: the steps start after them.`] : []),
    ...(signedIn
      ? [
          `The shopper was logged in when the page loaded: the spec logs in as the model's ${signedIn} account first (the report masks who the shopper was).`,
        ]
      : []),
    ...(onPage.some((s) => s.as)
      ? [
          "A login is done as the model's account of the shopper's role, a refused one as an address with no account: the report masks the shopper's email and password.",
        ]
      : []),
    `Performed through the page: ${onPage.length} step(s). Replayed at the machine level only (no page action):`,
    ...[...onMachines].map(
      ([actor, counts]) => `  ${actor}: ${[...counts].map(([type, n]) => (n > 1 ? `${type} ×${n}` : type)).join(', ')}`,
    ),
    ...(notAsRecorded.size > 0 ? ['Replayed at the machine level only (the page cannot send it as the shopper did):'] : []),
    ...[...notAsRecorded].map(([what, n]) => `  ${n > 1 ? what.replace(':', ` ×${n}:`) : what}`),
    `Written by npm run test:model -- --from-report; it fails while the bug is there, and passes once it is mended.`,
  ];
  const json = (value: unknown) => JSON.stringify(value);
  const steps = onPage.map((s) => {
    const more = `${s.settles === undefined ? '' : `, settles: ${json(s.settles)}`}${s.as ? `, as: ${json(s.as)}` : ''}`;
    return `  await replayStep(page, ${json(s.actor)}, ${json(s.event)}, { taken: ${json(s.taken)}, state: ${json(s.state)}${more} });`;
  });
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
    `  await openReport(page, ${json(report.path)}${signedIn ? `, { as: ${json(signedIn)} }` : ''});`,
    ...steps,
    `  expect(machinesTake(report.events)).toBeNull();`,
    `});`,
    '',
  ].join('\n');
};
