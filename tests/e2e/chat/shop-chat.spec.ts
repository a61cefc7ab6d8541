import type { Browser, Page } from '@playwright/test';
import { DEMO_ADMIN, expect, test } from '../support/shop.ts';

const CLOSED = 'Admin closed chat. Type something and submit to reconnect';

async function loginAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
}

/** A shopper's and an admin's browser side by side, each with its own cookies, closed after `run`. */
async function withTwoPages(browser: Browser, baseURL: string, run: (customer: Page, admin: Page) => Promise<void>) {
  const contexts = [await browser.newContext({ baseURL }), await browser.newContext({ baseURL })];
  try {
    await run(await contexts[0]!.newPage(), await contexts[1]!.newPage());
  } finally {
    for (const context of contexts) await context.close();
  }
}

async function say(page: Page, text: string) {
  const box = page.getByLabel('Your message');
  await box.fill(text);
  await box.press('Enter');
}

test('when a shopper and an admin chat in the shop, then messages go both ways, the card names the guest and their wait, the dot marks unread, closing asks first, keeps a transcript and reconnects', async ({
  browser,
  shop,
}) => {
  await withTwoPages(browser, shop.url, async (customer, admin) => {
    // Nothing connects before the shopper opens the chat.
    const socketCalls: string[] = [];
    customer.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/socket.io/')) socketCalls.push(request.url());
    });
    await customer.goto('/');
    await customer.waitForLoadState('networkidle');
    expect(socketCalls).toEqual([]);

    // No admin online yet.
    await customer.getByRole('button', { name: 'Open support chat' }).click();
    await expect.poll(() => socketCalls.length).toBeGreaterThan(0);
    await expect(customer.getByRole('heading', { name: "Let's Chat - Online" })).toBeVisible();
    await say(customer, 'Hello?');
    await expect(customer.getByText('no admin here now')).toBeVisible();
    await expect(customer.getByText('Your message is kept: support will answer it here when they are back.')).toBeVisible();

    // Each socket.io connection starts with a handshake that carries no session id yet.
    const adminHandshakes: string[] = [];
    const countHandshake = (url: string) => {
      const u = new URL(url);
      if (u.pathname.startsWith('/socket.io/') && !u.searchParams.has('sid')) adminHandshakes.push(url);
    };
    admin.on('request', (request) => countHandshake(request.url()));
    admin.on('websocket', (ws) => countHandshake(ws.url()));
    await loginAsAdmin(admin);
    // Live orders on the analytics page ride the admin session's chat socket: no second one.
    await admin.getByRole('link', { name: 'Analytics' }).first().click();
    await expect(admin.getByRole('heading', { name: /Black Friday Cumulative Revenue/ })).toBeVisible();
    await admin.getByRole('link', { name: 'Chats' }).first().click();
    await expect(admin).toHaveURL(/\/admin\/chats$/);
    // What the shopper wrote while nobody was there waits for the first admin.
    // The card says who is writing (a guest: `Guest` and a number) and since when they wait.
    const panel = admin.getByRole('region', { name: /^Chat with Guest \d+$/ });
    await expect(panel.getByText('Hello?')).toBeVisible();
    await expect(panel.getByText(/^Waiting since /)).toBeVisible();
    const guest = ((await panel.getAttribute('aria-label')) ?? '').replace('Chat with ', '');
    expect(adminHandshakes).toHaveLength(1);

    // Customer → admin: into the panel, and the red dot on the header's Admin link.
    await say(customer, 'Is the laptop in stock?');
    await expect(panel.getByText('Is the laptop in stock?')).toBeVisible();
    const adminLink = admin.getByRole('banner').getByRole('link', { name: /^Admin/ });
    await expect(adminLink.getByRole('img', { name: 'Unread chat message' })).toBeVisible();

    // Admin → customer (its chat minimised: a red dot on the launcher), which clears the admin's dot.
    await customer.getByRole('button', { name: 'Minimise support chat' }).click();
    await expect(customer.getByRole('heading', { name: "Let's Chat - Online" })).toBeHidden();
    await panel.getByLabel(`Reply to ${guest}`).fill('Yes, three left.');
    await panel.getByRole('button', { name: 'Submit' }).click();
    await expect(customer.getByRole('img', { name: 'Unread message from support' })).toBeVisible();
    await customer.getByRole('button', { name: 'Open support chat' }).click();
    await expect(customer.getByRole('img', { name: 'Unread message from support' })).toHaveCount(0);
    await expect(customer.getByText('Support wrote:')).toBeVisible();
    await expect(customer.getByText('Yes, three left.')).toBeVisible();
    await expect(adminLink.getByRole('img', { name: 'Unread chat message' })).toHaveCount(0);
    await expect(panel.getByText(/^Waiting since /)).toHaveCount(0);

    // The admin closes the chat, asked first; the shopper's next message reconnects.
    await panel.getByRole('button', { name: `Close chat with ${guest}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Close this conversation?' });
    await confirm.getByRole('button', { name: 'Keep open' }).click();
    await expect(panel.getByText('Yes, three left.')).toBeVisible();
    await panel.getByRole('button', { name: `Close chat with ${guest}` }).click();
    await confirm.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(customer.getByText(CLOSED)).toBeVisible();
    await expect(customer.getByText('Yes, three left.')).toHaveCount(0);
    await say(customer, 'One more question');
    await expect(customer.getByText(CLOSED)).toHaveCount(0);
    await expect(admin.getByRole('region', { name: /^Chat with Guest \d+$/ }).getByText('One more question')).toBeVisible();

    // The closed conversation is in the history, found by its text.
    await admin.getByRole('link', { name: 'History' }).click();
    await admin.getByLabel('Search by name, email or text').fill('laptop in stock');
    await admin.getByRole('button', { name: 'Search history' }).click();
    const transcript = admin.getByRole('article', { name: `Conversation with ${guest}` });
    await expect(transcript.getByText('Is the laptop in stock?')).toBeVisible();
    await expect(transcript.getByText('Yes, three left.')).toBeVisible();
  });
});

test("when a shopper with two products shares their screen, then the admin's card shows both and the page, follows the shopper, and Stop sharing clears it", async ({
  browser,
  shop,
}) => {
  await withTwoPages(browser, shop.url, async (customer, admin) => {
    const names: string[] = [];
    for (const n of [0, 1]) {
      await customer.goto('/product-list/category/Books');
      await customer
        .getByRole('link', { name: /^See product / })
        .nth(n)
        .click();
      await expect(customer).toHaveURL(/\/product-details\//);
      // The product's page has drawn (its heading is the product's name, not the list's).
      await expect(customer.getByRole('button', { name: 'Add to cart' })).toBeVisible();
      names.push(((await customer.getByRole('heading', { level: 1 }).textContent()) ?? '').trim());
      await customer.getByRole('button', { name: 'Add to cart' }).click();
    }
    await expect(customer.getByRole('link', { name: /^Cart, 2 items/ })).toBeVisible();
    await customer.getByRole('link', { name: /^Cart, 2 items/ }).click();
    await expect(customer).toHaveURL(/\/cart$/);
    await customer.getByRole('button', { name: 'Open support chat' }).click();
    await say(customer, 'Something is wrong with my cart');
    await customer.getByRole('button', { name: 'Share my screen with support' }).click();
    await expect(customer.getByText('Support can see your screen')).toBeVisible();

    await loginAsAdmin(admin);
    await admin.goto('/admin/chats');
    // This shopper's card (the shop may show earlier guests' too).
    const card = admin.getByRole('region', { name: /^Chat with Guest \d+$/ }).filter({ hasText: 'Something is wrong with my cart' });
    const screen = card.getByRole('region', { name: /^Shopper's screen of Guest \d+$/ });
    for (const name of names) await expect(screen.getByText(name, { exact: false })).toBeVisible();
    await expect(screen.getByText('(/cart)')).toBeVisible();
    await expect(screen.getByText('Guest', { exact: true })).toBeVisible();

    // The shopper moves on within the shop: the card follows.
    await customer.getByRole('main').getByRole('link', { name: names[0] }).first().click();
    await expect(customer).toHaveURL(/\/product-details\//);
    await expect(screen.getByText(/^\(\/product-details\//)).toBeVisible();
    // What the shopper does while sharing shows as the machines' events (names, never payloads).
    await customer.getByRole('button', { name: 'Add to cart' }).click();
    await expect(
      screen
        .getByRole('list', { name: 'Last events' })
        .getByText(/^cart: cart\.add/)
        .first(),
    ).toBeVisible();

    await customer.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(screen.getByText('The shopper is not sharing their screen')).toBeVisible();
  });
});
