import { rm } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { type Shop, startShop } from '../../../bff/index.ts';
import { SCREEN_TEXTS } from '#contracts/shared-screen.ts';
import { CHAT_TEXTS } from '#contracts/chat.ts';
import { loginByApi } from '../support/journeys.ts';
import { DEMO_ADMIN, DEMO_USER, E2E_SESSION_SECRET, expect, newDataDir, test as base } from '../support/shop.ts';

/**
 * Issue "Support chat: no message is ever lost": conversations outlive admin pages, customer
 * pages and the BFF. The shop here is split as in production: the API (with its realtime hub)
 * in one place, a BFF in front that the test stops and starts again on the same port, so the
 * browsers keep their address, cookies and local storage across the restart.
 */
type SplitShop = {
  url: string;
  restartBff(): Promise<void>;
  /** Both parts stop and start again, as Ctrl+C and `npm start` again: only the database is kept. */
  restartShop(): Promise<void>;
};

const test = base.extend<object, { split: SplitShop }>({
  split: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // The demo data the global setup seeded, copied: its SEED=demo then finds a shop and seeds nothing.
      const dataDir = await newDataDir('statefront-e2e-chat-', true);
      const env = { NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'demo', SESSION_SECRET: E2E_SESSION_SECRET, LOG_LEVEL: 'warn' };
      const clientDir = 'dist/client';
      // The API and a BFF nobody uses; the BFF under test shares its DATA_DIR, hence its internal secret.
      const startCore = () => startShop({ env, port: 0, host: '127.0.0.1', clientDir });
      let core = await startCore();
      const front = (port: number) => startShop({ env: { ...env, API_URL: core.apiUrl }, port, host: '127.0.0.1', clientDir });
      let bff: Shop = await front(0);
      const url = bff.url;
      await use({
        url,
        async restartBff() {
          await bff.stop(1_000);
          bff = await front(Number(new URL(url).port));
        },
        async restartShop() {
          await bff.stop(1_000);
          await core.stop(1_000);
          core = await startCore();
          bff = await front(Number(new URL(url).port));
        },
      });
      await bff.stop(1_000);
      await core.stop(1_000);
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ split }, use) => {
    await use(split.url);
  },
});

async function say(page: Page, text: string) {
  const box = page.getByLabel('Your message');
  await box.fill(text);
  await box.press('Enter');
}

/** A shopper on the home page with the support chat open; logged in as the demo customer when asked. */
async function shopper(browser: Browser, url: string, asDemoUser = false) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  if (asDemoUser) await loginByApi(page.request, DEMO_USER);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open support chat' }).click();
  await expect(page.getByRole('heading', { name: "Let's Chat - Online" })).toBeVisible();
  return { context, page };
}

async function adminOnChats(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await loginByApi(page.request, DEMO_ADMIN);
  await page.goto('/admin/chats');
  await expect(page).toHaveURL(/\/admin\/chats$/);
  return { context, page };
}

const panel = (admin: Page, text: string) => admin.getByRole('region', { name: /^Chat with / }).filter({ hasText: text });
/** The shopper's screen on the card of the conversation that says `text`. */
const screenOn = (admin: Page, text: string) => panel(admin, text).getByRole('region', { name: /^Shopper's screen of / });
const unreadDot = (admin: Page) =>
  admin
    .getByRole('banner')
    .getByRole('link', { name: /^Admin/ })
    .getByRole('img', { name: 'Unread chat message' });

test('when an admin reloads and opens a second tab mid-conversation, also across a BFF restart, then every tab shows every open conversation and hears what comes next', async ({
  browser,
  split,
}) => {
  test.setTimeout(120_000);
  const desk = await adminOnChats(browser, split.url);
  const guest = await shopper(browser, split.url);
  const john = await shopper(browser, split.url, true);
  try {
    const admin = desk.page;
    await say(guest.page, 'Is the laptop in stock?');
    await say(john.page, 'Where is my order?');
    await expect(panel(admin, 'Is the laptop in stock?')).toBeVisible();
    await expect(panel(admin, 'Where is my order?')).toBeVisible();

    // The admin asks to see the guest's screen; `Not now` leaves it clear, and the admin may ask again.
    const guestScreen = screenOn(admin, 'Is the laptop in stock?');
    await guestScreen.getByRole('button', { name: SCREEN_TEXTS.ask }).click();
    const asked = guest.page.getByRole('group', { name: SCREEN_TEXTS.asked });
    await asked.getByRole('button', { name: SCREEN_TEXTS.decline }).click();
    await expect(asked).toBeHidden();
    await expect(guest.page.getByRole('button', { name: SCREEN_TEXTS.share })).toBeVisible();
    await expect(guestScreen.getByText(SCREEN_TEXTS.none)).toBeVisible();
    await expect(guestScreen.getByRole('button', { name: SCREEN_TEXTS.ask })).toBeVisible();
    // Then the guest shares on their own.
    await guest.page.getByRole('button', { name: SCREEN_TEXTS.share }).click();
    await expect(guestScreen.getByText('(/)', { exact: true })).toBeVisible();

    // The admin reloads: both conversations are back, with their messages, the unread dot and the shared screen.
    await admin.reload();
    await expect(panel(admin, 'Is the laptop in stock?')).toBeVisible();
    await expect(panel(admin, 'Where is my order?')).toBeVisible();
    await expect(guestScreen.getByText('(/)', { exact: true })).toBeVisible();
    await expect(admin.getByText(/No customer is chatting right now/)).toHaveCount(0);
    await expect(unreadDot(admin)).toBeVisible();

    // A second tab shows the same.
    const second = await desk.context.newPage();
    await second.goto('/admin/chats');
    await expect(panel(second, 'Is the laptop in stock?')).toBeVisible();
    await expect(panel(second, 'Where is my order?')).toBeVisible();

    // The BFF restarts under everyone; every tab hears what comes next, and replies still reach the customer.
    await split.restartBff();
    await say(guest.page, 'The 15 inch one');
    await expect(panel(admin, 'The 15 inch one')).toBeVisible({ timeout: 20_000 });
    await expect(panel(second, 'The 15 inch one')).toBeVisible({ timeout: 20_000 });
    const guestPanel = panel(second, 'The 15 inch one');
    await guestPanel.getByLabel(/^Reply to /).fill('Yes, two left.');
    await guestPanel.getByRole('button', { name: 'Submit' }).click();
    await expect(guest.page.getByText('Yes, two left.')).toBeVisible({ timeout: 20_000 });
    await expect(panel(admin, 'The 15 inch one').getByText('Yes, two left.')).toBeVisible();

    // The customer reloads: their own conversation is there again, and it goes on.
    await john.page.reload();
    await john.page.getByRole('button', { name: 'Open support chat' }).click();
    await expect(john.page.getByText('Where is my order?')).toBeVisible();
    await expect(guest.page.getByText('Where is my order?')).toHaveCount(0);
    await say(john.page, 'Order 42');
    await expect(panel(second, 'Order 42')).toBeVisible();
  } finally {
    await Promise.all([desk.context.close(), guest.context.close(), john.context.close()]);
  }
});

test('when a customer writes and shares their screen while no admin is online, also across a restart of the whole shop, then the next admin to open the chats sees both and answers', async ({
  browser,
  split,
}) => {
  test.setTimeout(120_000);
  const guest = await shopper(browser, split.url);
  let desk: Awaited<ReturnType<typeof adminOnChats>> | undefined;
  try {
    await say(guest.page, 'Anyone there at night?');
    await expect(guest.page.getByText('no admin here now')).toBeVisible();
    // Under the spec's `no admin here now`: the message is not lost, and the shopper is told so.
    await expect(guest.page.getByText(CHAT_TEXTS.keptForLater)).toBeVisible();
    await expect(guest.page.getByText('You wrote:')).toBeVisible();
    await guest.page.getByRole('button', { name: SCREEN_TEXTS.share }).click();
    await expect(guest.page.getByRole('status').filter({ hasText: SCREEN_TEXTS.sharing })).toBeVisible();

    // Ctrl+C and `npm start` again: the conversation is kept in the database; the shopper's
    // page, connected again, tells the new hub it still shares (the hub keeps no screen).
    await split.restartShop();
    desk = await adminOnChats(browser, split.url);
    const waiting = panel(desk.page, 'Anyone there at night?');
    await expect(waiting).toBeVisible();
    await expect(unreadDot(desk.page)).toBeVisible();
    await expect(screenOn(desk.page, 'Anyone there at night?').getByText('(/)', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(guest.page.getByText('Anyone there at night?')).toBeVisible();
    await expect(guest.page.getByRole('status').filter({ hasText: SCREEN_TEXTS.sharing })).toBeVisible();
    await waiting.getByLabel(/^Reply to /).fill('Good morning! How can I help?');
    await waiting.getByRole('button', { name: 'Submit' }).click();
    await expect(guest.page.getByText('Good morning! How can I help?')).toBeVisible({ timeout: 20_000 });
    await expect(guest.page.getByText('Support wrote:')).toBeVisible();
    await expect(unreadDot(desk.page)).toHaveCount(0);
  } finally {
    await Promise.all([guest.context.close(), desk?.context.close()]);
  }
});
