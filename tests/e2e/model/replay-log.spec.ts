import { parseLog, replayLog } from '#machines/testing/replay.ts';
import { CHAT_TEXTS } from '#contracts/chat.ts';
import type { TransitionCount } from '#contracts/machine-count-rules.ts';
import { carouselModel } from '#machines/carousel/carousel.model.ts';
import { coverageFrom, readCounts } from '../../../scripts/coverage-from.ts';
import { bookInCart, login, orderABook } from '../support/journeys.ts';
import { DEMO_ADMIN, DEMO_USER, expect, skipOnStaging, test } from '../support/shop.ts';
import { openReport, replayStep } from './report-replay.ts';
import { reportSteps } from './report-spec.ts';

skipOnStaging('logs in with the demo accounts and chats with the admin as a guest');

/*
 * QA's tools: a session recorded in the browser (the event log switched on with its
 * localStorage flag) replays against the machines as recorded — a bug report's log is a test.
 */
test("when a shopper checks out and cancels with the event log on, then the exported log replays on the machines as recorded, with no personal data, and its report's spec repeats the add, the payment choice and Place order through the page", async ({
  page,
  browser,
  baseURL,
}) => {
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
  expect(new Set(entries.map((e) => e.actor))).toEqual(
    new Set(['auth', 'cart', 'checkout', 'order', 'payment', 'guard', 'fetch', 'submit']),
  );
  const { lines, problem } = replayLog(entries);
  expect(problem, lines.join('\n')).toBeNull();

  // The spec npm run test:model -- --from-report writes of this log sent as a report: the shopper
  // was logged in when the page loaded, so it logs in as the model's account first, then repeats
  // each page step in a tab of its own, the page's machines taking each as the shopper's did.
  const report = { number: 'R-1', path: new URL(page.url()).pathname, build: '', viewport: page.viewportSize()!, events: entries };
  const { onPage, signedIn } = reportSteps(report);
  expect(signedIn).toBe('user');
  expect(onPage.map((s) => s.event.type)).toEqual(['cart.add', 'checkout.setPaymentMethod', 'checkout.placeOrder']);
  const context = await browser.newContext({ baseURL, viewport: report.viewport });
  try {
    const again = await context.newPage();
    await openReport(again, report.path, { as: 'user' });
    for (const step of onPage) await replayStep(again, step.actor, step.event, step);
  } finally {
    await context.close();
  }
});

test("when a shopper and the admin chat with the event log on, then both exported logs replay as recorded, the shopper's phone number and e-mail redacted", async ({
  browser,
  baseURL,
}) => {
  const contexts = await Promise.all([browser.newContext({ baseURL }), browser.newContext({ baseURL })]);
  try {
    const [admin, shopper] = await Promise.all(contexts.map((c) => c.newPage()));
    for (const page of [admin!, shopper!]) await page.addInitScript(() => window.localStorage.setItem('statefront:event-log', 'on'));
    await login(admin!, DEMO_ADMIN);
    await admin!.getByRole('link', { name: 'Chats' }).first().click();
    await shopper!.goto('/');
    await shopper!.getByRole('button', { name: 'Open support chat' }).click();
    const typed = 'Call me on +1 (555) 123-4567 or write to ann@example.com';
    await shopper!.getByLabel('Your message').fill(typed);
    await shopper!.getByLabel('Your message').press('Enter');
    // The worker's shop is shared: a guest another spec left (chat/shop-chat.spec.ts) may also be
    // listed. This shopper's conversation is the panel that holds the message just sent.
    const panel = admin!.getByRole('region', { name: /^Chat with Guest \d+$/ }).filter({ hasText: typed });
    await expect(panel).toContainText(typed);
    await panel.getByLabel(/^Reply to Guest \d+$/).fill('We will call you back');
    await panel.getByRole('button', { name: 'Submit' }).click();
    await expect(shopper!.getByRole('log', { name: 'Conversation with support' })).toContainText('We will call you back');
    await panel.getByRole('button', { name: /^Close chat with Guest \d+$/ }).click();
    await admin!.getByRole('dialog', { name: 'Close this conversation?' }).getByRole('button', { name: 'Close', exact: true }).click();
    await expect(shopper!.getByText(CHAT_TEXTS.adminClosed)).toBeVisible();

    for (const [page, actor] of [
      [shopper!, 'customer-chat'],
      [admin!, 'admin-chat'],
    ] as const) {
      const json = await page.evaluate(() => (window as unknown as { statefrontEvents: { toJSON(): string } }).statefrontEvents.toJSON());
      expect(json).not.toMatch(/123-4567|ann@example\.com/);
      const entries = parseLog(json);
      expect(entries.map((e) => e.actor)).toContain(actor);
      const { lines, problem } = replayLog(entries);
      expect(problem, lines.join('\n')).toBeNull();
    }
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});

/** The rows `--coverage-from` lists under one machine's heading (`none`: an empty list). */
const listed = (out: string[], machine: string, title: string): string[] => {
  const rows = out.slice(out.indexOf(machine) + 1);
  const start = rows.indexOf(`  ${title}:`);
  const end = rows.findIndex((line, i) => i > start && !line.startsWith('    '));
  return rows
    .slice(start + 1, end)
    .map((line) => line.trim())
    .filter((line) => line !== 'none');
};

/*
 * What production walks and the tests do not: a shopper's pages count their machines'
 * transitions and send them by navigator.sendBeacon as each page hides; QA's
 * `--coverage-from URL` then reads them from the shop as its admin.
 */
test("when a shopper's pages hide, then their beacons bring the counts to the shop, and --coverage-from its address lists what the session took, what the tests walk that it never took, and the event a page sent that no transition took", async ({
  page,
  baseURL,
}) => {
  const env = { MODEL_ADMIN_EMAIL: DEMO_ADMIN.email, MODEL_ADMIN_PASSWORD: DEMO_ADMIN.password };
  const adds = async () =>
    (await readCounts(baseURL!, env)).find((r: TransitionCount) => r.machine === 'cart' && r.event === 'cart.add')?.count ?? 0;
  const addsBefore = await adds();
  // Counts each beacon the page queues, in storage that outlives the page (the real one still sends).
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, body) => {
      const queued = send(url, body);
      if (queued && String(url).endsWith('/api/machine-counts'))
        localStorage.setItem('beacons', String(Number(localStorage.getItem('beacons')) + 1));
      return queued;
    };
  });
  // Home (its carousel), then a book's page and its add to cart: leaving home for the list hides it.
  await page.goto('/');
  // Hydrated (the search is enabled once it is): the carousel has started and sent its count. Left
  // sooner, the home page had counted nothing (its carousel line was missing in 2 runs of 5).
  await expect(page.getByRole('search').getByRole('button', { name: 'Search' })).toBeEnabled();
  await bookInCart(page);
  expect(await page.evaluate(() => Number(localStorage.getItem('beacons')))).toBeGreaterThanOrEqual(1);
  // The shopper leaves the shop: the last page hides, and its beacon carries the add to cart.
  await page.goto('about:blank');
  await expect.poll(adds).toBeGreaterThan(addsBefore);

  // Every model's run takes about 17 CPU s: the carousel's model stands for the tests here.
  const out: string[] = [];
  const log = (line: string) => void out.push(line);
  expect(await coverageFrom(['--coverage-from', baseURL!], [carouselModel()], { env, log, error: log })).toBe(0);
  expect(listed(out, 'cart', 'Taken in production, never in the tests')).toContainEqual(
    expect.stringMatching(/^cart\.active --cart\.add--> cart\.active {2}×\d+$/),
  );
  // Dead UI: the model moves to a chosen slide, the page has no slide picker to choose one with.
  expect(listed(out, 'carousel', 'In the tests, never taken in production')).toContain('carousel --carousel.goTo--> carousel.deciding');
  // The home page tells its carousel how many bestsellers it shows as it mounts: the count it was
  // started with, which the carousel takes only when it changes.
  expect(listed(out, 'carousel', 'Sent in production, taken by no transition')).toContainEqual(
    expect.stringMatching(/^carousel\.count in carousel\.\w+ {2}×\d+$/),
  );
  expect(out).toContainEqual(expect.stringMatching(/^carousel: the tests walk \d+ of the \d+ transitions production took/));
});
