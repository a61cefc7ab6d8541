import type { BrowserContext, Page } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { CHAT_TEXTS, type ChatConversation } from '#contracts/chat.ts';
import { SCREEN_TEXTS } from '#contracts/shared-screen.ts';
import { visibleRooms, type AdminChatContext } from '#machines/chat/admin-chat.machine.ts';
import type { CustomerChatContext } from '#machines/chat/customer-chat.machine.ts';
import { createOracle, e2eWalks, type E2ePath } from '#machines/testing/e2e-paths.ts';
import { DEMO_ADMIN, expect, skipOnStaging, test } from '../support/shop.ts';
import {
  ADMIN_EXCLUDED,
  ADMIN_TEXT,
  adminE2eModel,
  chatStepKey,
  CUSTOMER_EXCLUDED,
  customerE2eModel,
  hasRoom,
  isSettling,
  SCREEN_SAMPLE,
  sharingOf,
  SHOPPER_TEXT,
} from './chat-sample.ts';
import { expectFullCoverage } from './report.ts';

skipOnStaging('needs a shop of its own with no other conversation open and no other admin online');

test.describe.configure({ mode: 'serial' });
// a step the page cannot do fails fast instead of waiting out the test
// The admin's page must list exactly the model's conversations: none kept from other specs' shoppers.
test.use({ actionTimeout: 10_000, ownShop: 'chat-model' });

type Run = ReturnType<ReturnType<typeof createOracle>['start']>;
type Side = { page: Page; run: Run };

let paths: E2ePath[] = [];
let customerOracle: ReturnType<typeof createOracle>;
let adminOracle: ReturnType<typeof createOracle>;
let customerContext: BrowserContext;
let adminContext: BrowserContext;
/** The admin once logged in on the Chats page, with the admin session's machine beside it. */
let admin: Side | undefined;
/** Each customer socket is its own room for the admin: a new one per page and per reconnect. */
let rooms = 0;
let room = '';
/** The page the shopper is on, which their shared screen shows the admin. */
let shopperPath = '/';

test.beforeAll(async ({ browser, shop }) => {
  // Walks rather than shortest paths: each path costs a fresh shopper page.
  paths = e2eWalks(customerE2eModel(), chatStepKey);
  customerOracle = createOracle(customerE2eModel());
  adminOracle = createOracle(adminE2eModel());
  customerContext = await browser.newContext({ baseURL: shop.url });
  adminContext = await browser.newContext({ baseURL: shop.url });
});
test.afterAll(async () => {
  await admin?.run.stop();
  await customerContext?.close();
  await adminContext?.close();
});

const customerOf = (s: AnyMachineSnapshot) => s.context as CustomerChatContext;

/** What the admin's machine goes through when a shopper's message reaches the hub. */
const shopperMessageArrives = async (customer: Run) => {
  if (admin) await admin.run.step({ type: 'admin.clientMessage', user: room, message: SHOPPER_TEXT });
  else await customer.step({ type: 'chat.noAdmin' });
  // the hub's answer: accepted (or 'no admin', which has its own event), so no refusal shows
  await customer.step({ type: 'chat.notice', message: null });
};

// The shopper's room is the newest; the one left while no admin was online comes first.
const lastCard = (adminPage: Page) => adminPage.getByRole('region', { name: /^Chat with Guest \d+$/ }).last();

/**
 * What the admin's machine hears of the shopper's screen: the hub relays it while the shopper
 * shares and has a conversation (a screen shared before the first message waits for it), and
 * tells admins `null` when sharing ends; an admin's close drops the room with its screen.
 */
const followScreen = async (customer: Run) => {
  if (!admin) return;
  const shown = (admin.run.snapshot().context as AdminChatContext).screens[room];
  const s = customer.snapshot();
  if (s.hasTag('sharing') && hasRoom(s)) {
    if (shown?.path !== shopperPath)
      await admin.run.step({ type: 'admin.screen', user: room, screen: { ...SCREEN_SAMPLE, path: shopperPath } });
  } else if (shown) await admin.run.step({ type: 'admin.screen', user: room, screen: null });
};

/** One step of a generated path, done as a person does it; both machines replay what the step makes them see. */
const perform = async (customer: Side, event: AnyEventObject) => {
  const { page, run } = customer;
  const before = run.snapshot();
  switch (event.type) {
    case 'chat.connected': {
      // nothing to do: the socket connects by itself, then sends what was typed meanwhile
      const outbox = customerOf(before).outbox;
      await run.step(event);
      for (let i = 0; i < outbox.length; i++) await shopperMessageArrives(run);
      return;
    }
    case 'chat.input':
      await page.getByLabel('Your message').fill(event.text as string);
      await run.step(event);
      return;
    case 'chat.submit': {
      await page.getByLabel('Your message').press('Enter');
      const after = await run.step(event);
      const sent = customerOf(after).messages.length > customerOf(before).messages.length;
      if (sent && before.hasTag('adminClosed')) room = `customer-${++rooms}`;
      if (sent && !after.hasTag('connecting')) await shopperMessageArrives(run);
      return;
    }
    case 'chat.hide':
      await page.getByRole('button', { name: 'Minimise support chat' }).click();
      await run.step(event);
      return;
    case 'chat.show':
      await page.getByRole('button', { name: 'Open support chat' }).click();
      await run.step(event);
      return;
    case 'chat.adminMessage': {
      const panel = lastCard(admin!.page);
      await panel.getByLabel(/^Reply to Guest \d+$/).fill(ADMIN_TEXT);
      await panel.getByRole('button', { name: 'Submit' }).click();
      await admin!.run.step({ type: 'admin.send', user: room, message: ADMIN_TEXT });
      await admin!.run.step({ type: 'admin.notice', message: null });
      await run.step(event);
      return;
    }
    case 'chat.adminClosed':
      await admin!.page
        .getByRole('button', { name: /^Close chat with Guest \d+$/ })
        .last()
        .click();
      await admin!.page
        .getByRole('dialog', { name: 'Close this conversation?' })
        .getByRole('button', { name: 'Close', exact: true })
        .click();
      await admin!.run.step({ type: 'admin.closeChat', user: room });
      await admin!.run.step({ type: 'admin.notice', message: null });
      // the shopper's socket is dropped, so the hub tells the admin the customer left
      await admin!.run.step({ type: 'admin.clientDisconnected', socketId: room });
      await run.step(event);
      return;
    case 'chat.share':
      // `Share` when support asked, else the shopper's own `Share my screen with support`
      await page
        .getByRole('button', { name: sharingOf(before) === 'asked' ? SCREEN_TEXTS.accept : SCREEN_TEXTS.share, exact: true })
        .click();
      await run.step(event);
      return;
    case 'chat.shareDeclined':
      await page.getByRole('button', { name: SCREEN_TEXTS.decline }).click();
      await run.step(event);
      return;
    case 'chat.stopSharing':
      await page.getByRole('button', { name: SCREEN_TEXTS.stop }).click();
      await run.step(event);
      return;
    case 'chat.shareAsked':
      await lastCard(admin!.page).getByRole('button', { name: SCREEN_TEXTS.ask }).click();
      await admin!.run.step({ type: 'admin.askScreen', user: room });
      await admin!.run.step({ type: 'admin.notice', message: null });
      await run.step(event);
      return;
    case 'chat.screen':
      // the shopper moves between the home page and the cart: the page sends its new screen
      shopperPath = shopperPath === '/' ? '/cart' : '/';
      await page
        .getByRole('banner')
        .getByRole('link', { name: shopperPath === '/' ? 'Statefront' : /^Cart,/ })
        .click();
      await expect(page).toHaveURL((url) => url.pathname === shopperPath);
      await run.step({ ...event, screen: { ...SCREEN_SAMPLE, path: shopperPath } });
      return;
    default:
      // the box clearing 200 ms after a send: the page does it by itself, as the machine's own timer does
      await run.step(event);
  }
};

/** The shopper's panel and launcher, and the admin's Chats page and header dot, as the machines say. */
const expectBothShow = async ({ page, run }: Side) => {
  const s = run.snapshot();
  // a connection or a clearing box in progress moves on by itself (and a reconnection sends
  // what was typed meanwhile to the admin): both pages are checked once it has settled
  if (isSettling(s)) return;
  {
    const ctx = customerOf(s);
    const open = s.hasTag('panelOpen');
    await expect(page.getByRole('heading', { name: CHAT_TEXTS.title })).toBeVisible({ visible: open });
    await expect(page.getByRole('img', { name: 'Unread message from support' })).toHaveCount(ctx.unread && !open ? 1 : 0);
    if (open) {
      const lines = page.getByRole('log', { name: 'Conversation with support' }).getByRole('listitem');
      await expect(lines).toHaveCount(ctx.messages.length);
      for (const [i, m] of ctx.messages.entries()) {
        await expect(lines.nth(i)).toHaveText('client' in m ? `${CHAT_TEXTS.you}${m.client}` : `${CHAT_TEXTS.support}${m.admin}`);
      }
      await expect(page.getByLabel('Your message')).toHaveValue(ctx.draft);
      await expect(page.getByText(CHAT_TEXTS.noAdmin)).toBeVisible({ visible: s.hasTag('noAdmin') });
      await expect(page.getByText(CHAT_TEXTS.adminClosed)).toBeVisible({ visible: s.hasTag('adminClosed') });
      // the share controls under the field: off, asked (Share / Not now) or on (Stop sharing)
      const sharing = sharingOf(s);
      await expect(page.getByRole('button', { name: SCREEN_TEXTS.share })).toBeVisible({ visible: sharing === 'off' });
      await expect(page.getByRole('group', { name: SCREEN_TEXTS.asked })).toBeVisible({ visible: sharing === 'asked' });
      await expect(page.getByRole('status').filter({ hasText: SCREEN_TEXTS.sharing })).toBeVisible({ visible: sharing === 'on' });
    }
  }
  if (admin) await expectAdminShows(admin);
};

const expectAdminShows = async ({ page, run }: Side) => {
  const ctx = run.snapshot().context as AdminChatContext;
  const shown = visibleRooms(ctx);
  const panels = page.getByRole('region', { name: /^Chat with Guest \d+$/ });
  await expect(panels).toHaveCount(shown.length);
  for (const [i, r] of shown.entries()) {
    const lines = panels
      .nth(i)
      .getByRole('log', { name: /^Messages with Guest \d+$/ })
      .getByRole('listitem');
    await expect(lines).toHaveCount(r.messages.length);
    for (const [j, m] of r.messages.entries())
      await expect(lines.nth(j)).toHaveText('client' in m ? `Customer wrote:${m.client}` : `You wrote:${m.admin}`);
    // the card's shopper's screen: the page they are on while they share
    const screen = panels.nth(i).getByRole('region', { name: /^Shopper's screen of Guest \d+$/ });
    const shared = ctx.screens[r.user];
    await expect(screen.getByText(shared ? `(${shared.path})` : SCREEN_TEXTS.none, { exact: true })).toBeVisible();
  }
  if (shown.length === 0) await expect(page.getByText(/No customer is chatting right now/)).toBeVisible();
  const dot = page
    .getByRole('banner')
    .getByRole('link', { name: /^Admin/ })
    .getByRole('img', { name: 'Unread chat message' });
  await expect(dot).toHaveCount(ctx.messageReceived ? 1 : 0);
};

/**
 * The hub keeps a guest's conversation by the shop's chat cookie (decision 013): each page here is
 * a new shopper, so it starts without the previous page's cookie, as a new browser would.
 */
const freshShopper = async (page: Page) => {
  await customerContext.clearCookies({ name: /sf_chat$/ });
  shopperPath = '/';
  await page.goto('/');
};

/**
 * The conversation the last shopper page left, as the hub lists it to the admin page: its id is
 * the hub's, which no page of the shopper holds, so it is read from the admin page's socket.
 */
const keptConversation = async (frames: string[], texts: string[]) => {
  const messages = texts.map((text, i) => ({ id: i + 1, from: 'client' as const, text }));
  const listed = () =>
    frames
      .filter((f) => f.includes('"conversations"'))
      .flatMap((f) => (JSON.parse(f.replace(/^\d+/, '')) as Array<{ conversations?: ChatConversation[] }>)[0]?.conversations ?? [])
      .find((c) => JSON.stringify(c.messages) === JSON.stringify(messages));
  await expect.poll(listed).toBeTruthy();
  return { user: listed()!.user, messages };
};

/** A guest opens the shop's chat on a fresh page (a new socket, a new room), follows `events`, and leaves. */
const runShopper = async (events: AnyEventObject[]) => {
  const page = await customerContext.newPage();
  const run = customerOracle.start();
  room = `customer-${++rooms}`;
  try {
    await freshShopper(page);
    await page.getByRole('button', { name: 'Open support chat' }).click();
    for (const event of events) {
      await perform({ page, run }, event);
      await followScreen(run);
      await expectBothShow({ page, run });
    }
    // a path may end while the page is still settling: the machine follows what the page did
    if (run.snapshot().hasTag('connecting')) await perform({ page, run }, { type: 'chat.connected' });
    await expect.poll(() => run.snapshot().hasTag('sending')).toBe(false);
    await expectBothShow({ page, run });
    // Closing the page leaves the room for the hub's recovery window (2 min): the admin closes
    // it instead, which ends the shopper's socket at once, so the hub drops the room.
    if (admin && hasRoom(run.snapshot())) {
      await perform({ page, run }, { type: 'chat.adminClosed' });
      await expectBothShow({ page, run });
    }
  } finally {
    await page.close();
    await run.stop();
  }
};

const describePath = (path: E2ePath) =>
  path.map(({ event }) => event.type.split('.')[1] + (event.text === undefined ? '' : `(${JSON.stringify(event.text)})`)).join(' → ');

test("when no admin is online, then the shopper's messages are shown with 'no admin here now'", async () => {
  const typed = [
    { type: 'chat.input', text: SHOPPER_TEXT },
    { type: 'chat.submit' },
    { type: 'xstate.after.inputClear.customerChat.composer.clearing' },
  ];
  await runShopper([{ type: 'chat.connected' }, ...typed, ...typed]);
});

test("when the admin logs in and opens the Chats page, then the admin session's machine is online, and back online after a drop", async () => {
  const page = await adminContext.newPage();
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => frames.push(String(payload))));
  await page.goto('/login');
  await page.getByLabel('Email address').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await page.getByRole('link', { name: 'Chats' }).first().click();
  const run = adminOracle.start();
  await run.step({ type: 'admin.connected' });
  // What the shopper wrote while no admin was online waits for this one (the test before).
  await run.step({
    type: 'admin.conversations',
    you: 'admin',
    conversations: [await keptConversation(frames, [SHOPPER_TEXT, SHOPPER_TEXT])],
  });
  admin = { page, run };
  await expectAdminShows(admin);
  // a drop of the admin's socket: the page says it is connecting, then announces the admin again
  const connecting = page.getByRole('status').filter({ hasText: 'Connecting to the chat server ...' });
  await adminContext.setOffline(true);
  await expect(connecting).toBeVisible({ timeout: 10_000 });
  await run.step({ type: 'admin.disconnected' });
  await adminContext.setOffline(false);
  await expect(connecting).toBeHidden({ timeout: 15_000 });
  await run.step({ type: 'admin.connected' });
  await expectAdminShows(admin);
});

test("when a guest and the admin follow the customer chat machine's generated paths, then both pages match both machines at every step", async () => {
  test.setTimeout(150_000);
  for (const [index, path] of paths.entries()) {
    await test.step(`path ${index + 1}/${paths.length}: ${describePath(path)}`, () => runShopper(path.map((s) => s.event)));
  }
});

test('when the shopper goes offline after the admin closed the chat, then what they type waits and reaches the admin once back online, and a dropped socket reconnects', async () => {
  const page = await customerContext.newPage();
  const run = customerOracle.start({}, { newPath: true });
  room = `customer-${++rooms}`;
  const side = { page, run };
  const clear = { type: 'xstate.after.inputClear.customerChat.composer.clearing' };
  const typed = [{ type: 'chat.input', text: SHOPPER_TEXT }, { type: 'chat.submit' }, clear];
  const follow = async (events: AnyEventObject[]) => {
    for (const event of events) {
      await perform(side, event);
      await expectBothShow(side);
    }
  };
  try {
    await freshShopper(page);
    await page.getByRole('button', { name: 'Open support chat' }).click();
    await follow([{ type: 'chat.connected' }, ...typed, { type: 'chat.adminClosed' }]);
    await customerContext.setOffline(true);
    // the first message reconnects (closed → connecting), the second waits while connecting
    await follow([...typed, ...typed]);
    await expect(page.getByRole('status').filter({ hasText: 'Connecting ...' })).toBeVisible();
    await customerContext.setOffline(false);
    // socket.io tries again within 1 s to 5 s (spec section 9)
    await expect(page.getByRole('status').filter({ hasText: 'Connecting ...' })).toBeHidden({ timeout: 15_000 });
    await follow([{ type: 'chat.connected' }]);
    // a drop of a live socket: the panel says it is connecting, and socket.io recovers the same room
    await customerContext.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'Connecting ...' })).toBeVisible({ timeout: 10_000 });
    await run.step({ type: 'chat.disconnected' });
    await customerContext.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: 'Connecting ...' })).toBeHidden({ timeout: 15_000 });
    await follow([{ type: 'chat.connected' }, { type: 'chat.adminClosed' }]);
  } finally {
    await customerContext.setOffline(false);
    await page.close();
    await run.stop();
  }
});

test('when every run is done, then each chat machine has had 100 % of its transitions in the browser, less the EXCLUDED ones', () => {
  for (const [report, excluded] of [
    [customerOracle.report(), CUSTOMER_EXCLUDED],
    [adminOracle.report(), ADMIN_EXCLUDED],
  ] as const) {
    expectFullCoverage(report, excluded);
    expect(report.states.missing, `${report.name}: states`).toEqual([]);
  }
});
