import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { AnyEventObject, StateValue } from 'xstate';
import type { LoggedEvent } from '#machines/shared/event-log.ts';
import { parseLog, replayLog, stateText } from '#machines/testing/replay.ts';
import { signIn } from '../support/journeys.ts';
import { account } from '../support/shop.ts';
import type { Role } from '../support/staging.ts';
import { logPages } from './page-log.ts';
import { hasPageAction, type LoginAs } from './page-action-events.ts';
import { PAGE_ACTIONS, PAGE_OUTCOMES } from './page-actions.ts';
import type { ReportFile } from './report-spec.ts';

/** What the specs written from problem reports (report-spec.ts) call: open, step, replay the rest. */

type LogHandle = { toJSON(): string };
const pageLog = async (page: Page): Promise<LoggedEvent[]> =>
  parseLog(await page.evaluate(() => (window as unknown as { statefrontEvents: LogHandle }).statefrontEvents.toJSON()));

export const readReport = (file: URL | string): ReportFile => JSON.parse(readFileSync(file, 'utf8')) as ReportFile;

/**
 * Opens the report's page with the event log on, once the page's log is there to read; logged in
 * first as the model's account of `as` when the shopper was logged in (the report masks who).
 */
export const openReport = async (page: Page, path: string, { as }: { as?: Role } = {}) => {
  if (as) await signIn(page, account(as));
  await logPages(page);
  await page.goto(path);
  await page.waitForFunction(() => 'statefrontEvents' in window);
};

const shown = (state: StateValue | null | undefined) => (state === null || state === undefined ? null : stateText(state));

/**
 * One recorded event performed through the page (PAGE_ACTIONS), then the page's own machine
 * checked: it took the event, or did not, as the shopper's did, and is in the state the report
 * recorded after it; where the shop's answers moved the shopper's on before the next step (a
 * login answered, an order placed), the page's must come to that state too (`settles`), and
 * the page to what the shopper then saw (PAGE_OUTCOMES). The page's event log says each.
 */
export const replayStep = (
  page: Page,
  actor: string,
  event: AnyEventObject,
  recorded: { taken: boolean | null; state: StateValue | null; settles?: StateValue; as?: LoginAs },
) =>
  test.step(`${actor}: ${event.type}`, async () => {
    if (!hasPageAction(event.type)) throw new Error(`${event.type} has no page action (tests/e2e/model/page-actions.ts)`);
    const before = (await pageLog(page)).length;
    await PAGE_ACTIONS[event.type](page, event, { as: recorded.as });
    let entry: LoggedEvent | undefined;
    await expect
      .poll(
        async () => {
          entry = (await pageLog(page)).slice(before).find((e) => e.actor === actor && e.event.type === event.type);
          return entry?.state !== undefined;
        },
        { message: `the page's ${actor} receives ${event.type}` },
      )
      .toBe(true);
    expect(
      { taken: entry!.taken ?? null, state: shown(entry!.state) },
      `the page's ${actor} after ${event.type}, against the report (taken, state after)`,
    ).toEqual({ taken: recorded.taken, state: shown(recorded.state) });
    const settles = shown(recorded.settles);
    if (settles !== null)
      await expect
        .poll(async () => (await pageLog(page)).slice(before).some((e) => e.actor === actor && shown(e.state) === settles), {
          message: `the page's ${actor} comes to ${settles} after ${event.type}, as the report's did`,
        })
        .toBe(true);
    await PAGE_OUTCOMES[event.type]?.(page, { as: recorded.as, settles });
  });

/** Replays the whole report on this build's machines: null, or the first event that diverges. */
export const machinesTake = (events: ReportFile['events']): string | null => replayLog(parseLog(JSON.stringify(events))).problem;
