import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import type { LoggedEvent } from '#machines/shared/event-log.ts';
import { createOracle } from '#machines/testing/e2e-paths.ts';
import type { ModelSpec } from '#machines/testing/model.ts';
import { parseLog, stateText } from '#machines/testing/replay.ts';

/** Where a page keeps its log when it unloads (leaving kiosk mode reloads it; a link opens another page). */
const KEPT = 'statefront:kept-logs';
type LogHandle = { toJSON(): string; clear(): void };

/** Turns the browser's event log on in every page of `target`; a page that unloads keeps its log for the next collect. */
export const logPages = (target: Page | BrowserContext) =>
  target.addInitScript((kept) => {
    window.localStorage.setItem('statefront:event-log', 'on');
    window.addEventListener('pagehide', () => {
      const log = (window as unknown as { statefrontEvents?: LogHandle }).statefrontEvents;
      if (!log) return;
      const left = JSON.parse(sessionStorage.getItem(kept) ?? '[]') as string[];
      sessionStorage.setItem(kept, JSON.stringify([...left, log.toJSON()]));
    });
  }, KEPT);

/** The input a replay starts an actor with, when the page's input is not plain data (a cart actor). */
export type InputOf = (spec: ModelSpec, init: LoggedEvent) => unknown;
const recorded: InputOf = (spec, init) => init.input ?? spec.input?.();

/**
 * Replays what the real actors of `models` received on oracles of those models: each actor's
 * state after each event must be the model's, and the oracles count the transitions taken.
 */
export const createPageReplay = (models: Record<string, ModelSpec>, inputOf: Record<string, InputOf> = {}) => {
  const oracles = Object.fromEntries(Object.entries(models).map(([name, spec]) => [name, createOracle(spec)]));

  const replay = async (json: string) => {
    const byActor = new Map<string, LoggedEvent[]>();
    for (const entry of parseLog(json)) {
      if (!(entry.actor in models)) continue;
      const key = `${entry.actor}#${entry.run ?? 0}`;
      byActor.set(key, [...(byActor.get(key) ?? []), entry]);
    }
    for (const [key, entries] of byActor) {
      const name = key.split('#')[0]!;
      const init = entries.find((e) => e.event.type === 'xstate.init');
      // An actor started before the last collect is already replayed up to there: its rest is dropped.
      if (!init) continue;
      // The replay's timers wait on a clock never advanced: the logged timer events stand for them.
      const run = oracles[name]!.start((inputOf[name] ?? recorded)(models[name]!, init), { clock: new SimulatedClock() });
      try {
        for (const entry of entries) {
          if (entry.event.type === 'xstate.init') continue;
          const after: AnyMachineSnapshot = await run.step(entry.event);
          if (entry.state !== undefined) expect(stateText(after.value), `${key} after ${entry.event.type}`).toBe(stateText(entry.state));
        }
      } finally {
        await run.stop();
      }
    }
  };

  /** Takes the logs of the pages `page` left since the last collect and its own, and replays each. */
  const collect = async (page: Page) => {
    await page.waitForFunction(() => 'statefrontEvents' in window);
    const logs = await page.evaluate((kept) => {
      const log = (window as unknown as { statefrontEvents: LogHandle }).statefrontEvents;
      const text = log.toJSON();
      log.clear();
      const left = JSON.parse(sessionStorage.getItem(kept) ?? '[]') as string[];
      sessionStorage.removeItem(kept);
      return [...left, text];
    }, KEPT);
    // Each page numbers its actors from 1: one page's log at a time.
    for (const json of logs) await replay(json);
  };

  return { collect, report: (name: string) => oracles[name]!.report() };
};

/** The time the specs' page clocks start at. */
export const T0 = new Date('2026-03-02T10:00:00Z');

/** Pauses the page's installed clock a moment ahead (its clock runs on while the call travels). */
export const pauseNow = async (page: Page) => {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(new Date(now + 1000));
};

/** Opens `url` on an installed clock and pauses it once `ready` shows (lazy pages reveal on a timer). */
export const openPaused = async (page: Page, url: string, ready: (page: Page) => Promise<void>) => {
  await page.goto(url);
  await ready(page);
  await pauseNow(page);
};
