import { parseLog, replayLog } from '#machines/testing/replay.ts';
import { CHAT_TEXTS } from '#contracts/chat.ts';
import { login, orderABook } from '../support/journeys.ts';
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
