import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from '@playwright/test';

/** axe-core's script, read once per worker. */
let axeScript: string | undefined;
const axeSource = (): string => (axeScript ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/** Where axe looks: CSS selectors, as AxeBuilder's `include` and `exclude` take them. */
export type AxeScope = { include?: string[]; exclude?: string[] };

/**
 * axe-core's violations of the page as it shows. `options` are axe.run's own, as AxeBuilder
 * builds them: `withTags(t)` is `runOnly: { type: 'tag', values: t }`, `withRules(r)` is
 * `runOnly: { type: 'rule', values: r }`, `disableRules(r)` is `rules: { [r]: { enabled: false } }`;
 * none of them is axe's default rule set (WCAG 2.x A and AA and its best practices).
 *
 * axe runs in the page itself, put there once per page load (and into each child frame, so that
 * axe.run reaches frames as AxeBuilder does; a frame without axe would be skipped silently after
 * half a second). AxeBuilder puts axe in again on every check, runs it frame by frame and merges
 * the results in a new blank page: 3 to 5 times as long (measured on a kiosk page: 3.7–5.2 s
 * against 0.7–1.1 s on a loaded machine; figures for the specs in bench/results/ci-time.md).
 */
export const axeViolations = async (page: Page, options: RunOptions = {}, scope: AxeScope = {}): Promise<Result[]> => {
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => 'axe' in window)) continue;
    await frame.evaluate(axeSource());
    // The shop's tests may meet a frame of another origin (a payment provider's); axe only
    // answers its own origin's frames unless told otherwise.
    await frame.evaluate(() => {
      const { axe } = window as unknown as { axe: { configure: (spec: { allowedOrigins: string[] }) => void } };
      axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] });
    });
  }
  return page.evaluate(
    async ({ options, scope }) => {
      const { axe } = window as unknown as { axe: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> } };
      // The context AxeBuilder builds: an empty include is the whole document to axe.
      const context = { include: scope.include ?? [], exclude: scope.exclude ?? [] };
      // Details of the violations only: what passed is not worth collecting on every check.
      const { violations } = await axe.run(context, { resultTypes: ['violations'], ...options });
      return violations;
    },
    { options, scope },
  );
};
