import { parseLog, replayLog } from '../../../machines/testing/replay.ts';
import { orderABook } from '../support/journeys.ts';
import { DEMO_USER, expect, test } from '../support/shop.ts';

/*
 * Issue 13, QA's tools: a session recorded in the browser (the event log switched on with its
 * localStorage flag) replays against the machines as recorded — a bug report's log is a test.
 */
test('when a shopper checks out and cancels with the event log on, then the exported log replays on the machines as recorded, with no personal data', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('statefront:event-log', 'on'));
  await orderABook(page, 'pp');
  await expect(page.getByText('Pay for your order')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Order cancelled (by you)')).toBeVisible();

  const json = await page.evaluate(() => (window as unknown as { statefrontEvents: { toJSON(): string } }).statefrontEvents.toJSON());
  expect(json).not.toContain(DEMO_USER.email);
  const entries = parseLog(json);
  // The route guard, fetch and form actors of each page record too (spec shared-machines.spec.ts).
  expect(new Set(entries.map((e) => e.actor))).toEqual(new Set(['auth', 'cart', 'checkout', 'order', 'payment', 'guard', 'fetch', 'submit']));
  const { lines, problem } = replayLog(entries);
  expect(problem, lines.join('\n')).toBeNull();
});
