import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base, expect, type Page } from '@playwright/test';
import { CHAT_TEXTS } from '#contracts/chat.ts';
import { SCREEN_TEXTS } from '#contracts/shared-screen.ts';
import { signIdentity } from '../../../api/realtime/identify.ts';
import { freePort } from '../../../scripts/cluster/ports.ts';
import { DEMO_ADMIN, startSeededShop } from '../support/shop.ts';

type PartnerSites = { shopUrl: string; partnerUrl: string; strangerUrl: string };

/** Shared by the shop and the partner's server, which signs its visitors with it (widgets/README.md). */
const IDENTITY_SECRET = 'partner-identity-secret-for-e2e';

/** A partner's page: the queue stub and the one script tag the widget's README asks for. */
const partnerHtml = (shopUrl: string, name: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${name}</title><link rel="icon" href="data:,">
<script>
  window.StatefrontChatConfig = { title: "Let's Chat - Online" };
  window.StatefrontChat = window.StatefrontChat || function () { (StatefrontChat.q = StatefrontChat.q || []).push(arguments); };
</script>
<script src="${shopUrl}/widgets/chat.js" async></script>
</head><body><h1>${name}</h1></body></html>`;

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/**
 * Two sites on their own local ports (other origins than the shop): one listed in
 * PARTNER_ORIGINS, one not. The shop starts after them, so it knows the partner's origin.
 */
const test = base.extend<object, { sites: PartnerSites }>({
  sites: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      let shopUrl = '';
      const site = (name: string) =>
        createServer((_req, res) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(partnerHtml(shopUrl, name));
        });
      const partner = site('Partner Outdoor Gear');
      const stranger = site('Not a partner');
      const partnerUrl = await listen(partner);
      const strangerUrl = await listen(stranger);
      // The shop's origin is the audience a signed identity names, so the port is chosen first.
      const port = await freePort();
      const shop = await startSeededShop(
        { PARTNER_ORIGINS: partnerUrl, CHAT_IDENTITY_SECRET: IDENTITY_SECRET, PUBLIC_ORIGIN: `http://127.0.0.1:${port}` },
        port,
      );
      shopUrl = shop.url;
      await use({ shopUrl, partnerUrl, strangerUrl });
      await shop.stop(2_000);
      partner.close();
      stranger.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

async function adminOnChats(page: Page, shopUrl: string) {
  await page.goto(`${shopUrl}/login`);
  await page.getByLabel('Email address').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await page.getByRole('link', { name: 'Chats' }).first().click();
  await expect(page.getByText(/No customer is chatting right now/)).toBeVisible();
}

async function openWidgetAndSay(page: Page, url: string, text: string) {
  await page.goto(url);
  await page.getByRole('button', { name: /^Support chat: Let's Chat - Online/ }).click();
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** A socket.io polling handshake from the page's own origin, as the widget's socket makes it. */
const handshakeFrom = (page: Page, shopUrl: string) =>
  page.evaluate(async (url) => {
    try {
      const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
      return res.ok ? 'accepted' : `refused ${res.status}`;
    } catch {
      return 'refused by CORS';
    }
  }, shopUrl);

test('when a partner page embeds the widget, then its visitor chats with the admin, a reload keeps the conversation, identifying mid-conversation keeps the earlier messages on both sides, the page shared with consent shows on the card, and a page not on the list is refused: its message shows not delivered, kept, with Retry', async ({
  browser,
  sites,
}) => {
  test.setTimeout(120_000);
  const visitorContext = await browser.newContext();
  const strangerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const stranger = await strangerContext.newPage();
  const admin = await adminContext.newPage();
  try {
    await adminOnChats(admin, sites.shopUrl);

    await openWidgetAndSay(visitor, sites.partnerUrl, 'Do you ship tents to Goa?');
    const panel = admin.getByRole('region', { name: /^Chat with Guest \d+$/ });
    await expect(panel.getByText('Do you ship tents to Goa?')).toBeVisible();
    await panel.getByLabel(/^Reply to Guest \d+$/).fill('Yes, in three days.');
    await panel.getByRole('button', { name: 'Submit' }).click();
    await expect(visitor.getByText('Yes, in three days.')).toBeVisible();
    await expect(visitor.getByText('Support wrote:')).toBeVisible();
    expect(await handshakeFrom(visitor, sites.shopUrl)).toBe('accepted');

    await openWidgetAndSay(stranger, sites.strangerUrl, 'Let me in');
    expect(await handshakeFrom(stranger, sites.shopUrl)).toMatch(/^refused/);
    // The refused page does not pass the message off as sent: it says so and keeps it; Retry tries again and keeps it still.
    const notDelivered = stranger.getByRole('alert').filter({ hasText: CHAT_TEXTS.notDelivered });
    await expect(notDelivered).toBeVisible();
    await notDelivered.getByRole('button', { name: CHAT_TEXTS.retry }).click();
    await expect(stranger.getByRole('log', { name: 'Messages' })).toHaveText(/Let me in/);
    await expect(notDelivered).toBeVisible();
    // The listed partner's next message arrives; the stranger's, sent before it, never does.
    await visitor.getByLabel('Your message').fill('Thanks!');
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await expect(panel.getByText('Thanks!')).toBeVisible();
    await expect(admin.getByText('Let me in')).toHaveCount(0);

    // The visitor reloads the partner's page: the widget keeps the shop's visitor token (the partner origin's
    // storage), shows it so far, and the admin's answer goes on in the same conversation.
    await visitor.reload();
    await visitor.getByRole('button', { name: /^Support chat: Let's Chat - Online/ }).click();
    await expect(visitor.getByText('Do you ship tents to Goa?')).toBeVisible();
    await expect(visitor.getByText('Yes, in three days.')).toBeVisible();
    await visitor.getByLabel('Your message').fill('Back again');
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await expect(panel.getByText('Back again')).toBeVisible();
    await expect(admin.getByRole('region', { name: /^Chat with / })).toHaveCount(1);

    // The partner's server signs the visitor and the page identifies them mid-conversation: both sides keep
    // what the guest wrote, in the one conversation, now under the visitor's name.
    // (Once the box has cleared after the last send, so the next message is typed into an empty box.)
    await expect(visitor.getByLabel('Your message')).toHaveValue('');
    const identity = signIdentity(
      { id: 'p-77', name: 'Grace Visitor', email: 'grace@partner.test', aud: sites.shopUrl, exp: Math.floor(Date.now() / 1000) + 600 },
      IDENTITY_SECRET,
    );
    await visitor.evaluate(
      (signed) => (window as unknown as { StatefrontChat: (...command: unknown[]) => void }).StatefrontChat('identify', signed),
      identity,
    );
    await visitor.getByLabel('Your message').fill('I am Grace, by the way');
    await visitor.getByRole('button', { name: 'Submit' }).click();
    const grace = admin.getByRole('region', { name: 'Chat with Grace Visitor' });
    await expect(grace.getByText('I am Grace, by the way')).toBeVisible();
    await expect(grace.getByText('Do you ship tents to Goa?')).toBeVisible();
    await expect(admin.getByRole('region', { name: /^Chat with / })).toHaveCount(1);
    const visitorLog = visitor.getByRole('log', { name: 'Messages' });
    for (const said of ['Do you ship tents to Goa?', 'Yes, in three days.', 'I am Grace, by the way'])
      await expect(visitorLog).toContainText(said);

    // With the visitor's consent the widget shares the partner page's address and title, and the admin's card shows them.
    await visitor.getByRole('button', { name: SCREEN_TEXTS.sharePage }).click();
    const shared = grace.getByRole('region', { name: `${SCREEN_TEXTS.panel} of Grace Visitor` });
    await expect(shared.getByText(SCREEN_TEXTS.partnerPage)).toBeVisible();
    await expect(shared.getByText(`(${sites.partnerUrl}/)`)).toBeVisible();
    await expect(shared).toContainText('Partner Outdoor Gear');
  } finally {
    await visitorContext.close();
    await strangerContext.close();
    await adminContext.close();
  }
});
