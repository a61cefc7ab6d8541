import type { Page } from '@playwright/test';
import { SCREEN_TEXTS } from '#contracts/shared-screen.ts';
import { axeViolations } from '../support/axe.ts';
import { loginByApi } from '../support/journeys.ts';
import { DEMO_ADMIN, DEMO_USER, expect, test } from '../support/shop.ts';
import { KIOSK_LANDSCAPE, KIOSK_PORTRAIT } from '../screens/screens.ts';
import { ACCESS_ATTRIBUTES } from '../../../client/features/kiosk/access/access-styles.ts';
import { openWithoutScripts } from './first-touch.ts';
import { highContrastProblems } from './kiosk-measure.ts';
import { arrowTo, controlsAboveTheMiddle, expectLow, GUIDANCE, openKiosk, productNames, scrollsSideways } from './kiosk-access.ts';
import { addABook, homeToAProduct, KIOSK_TEST_ENV, kioskLogin, observeSpeech, startKiosk } from './kiosk-support.ts';

const SWITCHES = ['Read aloud', 'Larger text', 'High contrast', 'Lower layout'];
/** A kiosk size as a viewport. */
const viewport = ({ width, height }: typeof KIOSK_PORTRAIT) => ({ width, height });

// Long enough idle time that these walks never see the warning (so only staff's Reset now resets);
// a named kiosk beating every second, so /admin/kiosks sees it at once.
test.use({ shopEnv: { ...KIOSK_TEST_ENV, KIOSK_IDLE_SECONDS: '60', KIOSK_NAME: 'Till 1', KIOSK_HEARTBEAT_SECONDS: '1' } });

/** Every link of the page: where it goes, and whether it opens a window or a download. */
const linksOf = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('a[href], area[href]')].map((a) => ({
      href: (a as HTMLAnchorElement).href,
      target: a.getAttribute('target'),
      download: a.hasAttribute('download'),
    })),
  );

test('when the shop cannot be reached, then a calm screen shows and the kiosk carries on by itself once it answers', async ({ page }) => {
  await startKiosk(page);
  // The calm screen probes GET /api/categories (the page had the categories already): count the probes.
  let probes = 0;
  await page.route('**/api/**', (route) => {
    if (new URL(route.request().url()).pathname === '/api/categories') probes += 1;
    return route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: '{"message":"Bad gateway"}',
    });
  });
  await page.getByRole('link', { name: 'Go to the Category Books' }).click();
  await expect(page.getByRole('heading', { name: "We'll be right back" })).toBeVisible();
  // A second probe is made only once the first one's failure was taken: the screen stays while the shop is down.
  await expect.poll(() => probes, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('heading', { name: "We'll be right back" })).toBeVisible();
  await page.unroute('**/api/**');
  // No touch from here on.
  await expect(page.getByRole('heading', { name: "We'll be right back" })).toBeHidden({ timeout: 10_000 });
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page).toHaveURL(/\/kiosk$/);
});

test('when a shopper logs in at the kiosk from a product, then they are back on it, not on their profile; at checkout only cash on delivery is offered', async ({
  page,
}) => {
  await startKiosk(page);
  await addABook(page);
  await kioskLogin(page, DEMO_USER);
  // Back where they were: the product, with the cart link its add showed (the profile would show the address to the room).
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change your profile' })).toHaveCount(0);
  await page.getByRole('complementary', { name: 'Your cart and next step' }).getByRole('link', { name: 'View cart' }).click();
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  const method = page.getByLabel('Choose how you pay');
  await expect(method).toHaveValue('cod');
  await expect(method.locator('option')).toHaveText(['Cash on delivery']);
});

test("when a shopper adds a book at the kiosk and presses Go back, then the kiosk shows the list the book was chosen from; Call staff shares the screen, which names the kiosk on the admin's card; staff see it Online on /admin/kiosks, Reset now resets it, and its page gone it is Offline", async ({
  page,
  browser,
  shop,
}) => {
  await startKiosk(page);
  await addABook(page);
  await page.getByRole('button', { name: 'Go back' }).click();
  // The kiosk's history is its own, in memory: Back is that list, not the plain product list.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Books/);
  await expect(page.getByRole('link', { name: /^See product / }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/kiosk$/);
  // Call staff: the chat opens with sharing offered first; once shared, the bar says staff can see the screen.
  await page.getByRole('button', { name: 'Call staff' }).click();
  // The offer has the focus, not the message field: no on-screen keyboard opens over it.
  await expect(page.getByRole('button', { name: SCREEN_TEXTS.share })).toBeFocused();
  await expect(page.getByRole('region', { name: 'On-screen keyboard' })).toHaveCount(0);
  await page.getByRole('button', { name: SCREEN_TEXTS.share }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Staff can see this screen' })).toBeVisible();
  const box = page.getByLabel('Your message');
  await box.fill('Where are the reading glasses?');
  await box.press('Enter');

  const adminContext = await browser.newContext({ baseURL: shop.url });
  try {
    const admin = await adminContext.newPage();
    await loginByApi(admin.request, DEMO_ADMIN);
    // The shared screen names the kiosk (KIOSK_NAME), so staff know which one to walk to.
    await admin.goto('/admin/chats');
    const card = admin.getByRole('region', { name: /^Chat with / }).filter({ hasText: 'Where are the reading glasses?' });
    await expect(card.getByText(SCREEN_TEXTS.kiosk('Till 1'))).toBeVisible();
    await admin.goto('/admin/kiosks');
    await expect(admin.getByRole('link', { name: 'Kiosks' })).toHaveAttribute('aria-current', 'page');
    const row = admin.getByRole('row', { name: /Till 1/ });
    await expect(row).toContainText('Online');
    await expect(row).toContainText('A shopper is browsing since');
    await row.getByRole('button', { name: 'Reset now: Till 1' }).click();
    // The command rides on the kiosk's next heartbeat's reply; with 60 s of idle time nothing else resets it.
    await expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible();
    // A kiosk whose page is gone (crashed, closed) is Offline once three heartbeats (1 s here) are missed.
    await page.close();
    await expect(async () => {
      await admin.reload();
      await expect(row).toContainText('Offline', { timeout: 500 });
    }).toPass({ intervals: [1_000], timeout: 15_000 });
  } finally {
    await adminContext.close();
  }
});

test('when a shopper walks the kiosk pages, then no link leaves the shop, opens a window or downloads', async ({ page, context, shop }) => {
  const pages: string[] = [];
  context.on('page', (p) => pages.push(p.url()));
  const sameOrigin = (href: string) => new URL(href).origin === new URL(shop.url).origin;
  const check = async (where: string) => {
    for (const link of await linksOf(page)) {
      expect(sameOrigin(link.href), `${where}: ${link.href} stays in the shop`).toBe(true);
      expect(link.target ?? '_self', `${where}: ${link.href} opens no window`).toMatch(/^(_self|)$/);
      expect(link.download, `${where}: ${link.href} downloads nothing`).toBe(false);
    }
  };
  await page.goto('/kiosk');
  await expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible();
  await check('attract');
  await page.getByRole('button', { name: 'Touch to start' }).click();
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
  await homeToAProduct(page, check);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await expect(page.getByRole('button', { name: 'Proceed To Checkout' })).toBeVisible();
  await check('cart');
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page.getByLabel('Email address')).toBeVisible();
  await check('login');
  await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
  await check('register');
  await page.getByRole('button', { name: 'Open support chat' }).click();
  await check('support chat');
  expect(pages, 'no new window').toEqual([]);
  await expect(page).toHaveURL(/\/kiosk$/);
});

test.describe('the accessibility mode, in portrait (1080 × 1920)', () => {
  test.use({ viewport: viewport(KIOSK_PORTRAIT) });

  test('when the Accessibility button is touched before the scripts run, then its panel opens once they do; a key then turns Read aloud on; the switches apply at both kiosk sizes and the reset ends the mode', async ({
    page,
  }) => {
    const spoken = await observeSpeech(page);
    await page.clock.install();
    // The server's attract screen alone: its Accessibility button is a link the kiosk picks up once it runs.
    const scripts = await openWithoutScripts(page, '/kiosk');
    await expectLow(page, 'attract, before the scripts');
    await page.getByRole('button', { name: 'Accessibility' }).click();
    scripts.release();
    const panel = page.getByRole('dialog', { name: 'Accessibility' });
    await expect(panel).toBeVisible();
    await scripts.stop();
    for (const name of SWITCHES) await expect(panel.getByRole('switch', { name })).not.toBeChecked();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();

    await page.keyboard.press('Tab');
    await expect.poll(spoken).toContain(GUIDANCE);
    await arrowTo(page, spoken, /^Touch to start, button$/);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
    await expectLow(page, 'home');
    // Larger text is measured on the product names of a list, at both kiosk sizes.
    await page.getByRole('link', { name: 'Go to the Category Books' }).click();
    await expect(page.getByRole('link', { name: /^See product / }).first()).toBeVisible();
    const plain = { portrait: await productNames(page), landscape: [] as Awaited<ReturnType<typeof productNames>> };
    await page.setViewportSize(viewport(KIOSK_LANDSCAPE));
    plain.landscape = await productNames(page);
    await page.setViewportSize(viewport(KIOSK_PORTRAIT));
    expect(plain.portrait.length, 'the list shows product names').toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Accessibility' }).click();
    await expect(panel.getByRole('switch', { name: 'Read aloud' })).toBeChecked();
    for (const name of SWITCHES.slice(1)) {
      await panel.getByRole('switch', { name }).click();
      await expect(panel.getByRole('switch', { name })).toBeChecked();
    }
    // The panel itself, its switches on (High contrast among them): 7:1.
    expect(await highContrastProblems(page, ACCESS_ATTRIBUTES.highContrast, ['dialog[open]']), 'the panel in High contrast').toEqual([]);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    const violations = await axeViolations(page, { runOnly: { type: 'rule', values: ['color-contrast-enhanced'] } });
    expect(
      violations.flatMap((v) => v.nodes.map((n) => n.target.join(' '))),
      'High contrast: 7:1 (WCAG AAA)',
    ).toEqual([]);
    for (const size of [KIOSK_PORTRAIT, KIOSK_LANDSCAPE]) {
      const at = `at ${size.width} × ${size.height}`;
      await page.setViewportSize(viewport(size));
      const larger = await productNames(page);
      const before = size === KIOSK_PORTRAIT ? plain.portrait : plain.landscape;
      expect(
        larger.map((n) => n.name),
        `Larger text ${at}: the same names`,
      ).toEqual(before.map((n) => n.name));
      larger.forEach((name, i) => {
        expect(name.size, `Larger text ${at}: ${name.name} at least 1.5 times its size`).toBeGreaterThanOrEqual(before[i]!.size * 1.5);
        expect(name.height, `Larger text ${at}: ${name.name}'s box at least 1.5 times as tall`).toBeGreaterThanOrEqual(
          before[i]!.height * 1.5,
        );
        expect(name.spills, `Larger text ${at}: ${name.name} reflowed, within its box and the screen`).toBe(false);
      });
      expect(await scrollsSideways(page), `Larger text ${at}: nothing scrolls sideways`).toBe(false);
      expect(await controlsAboveTheMiddle(page), `Lower layout ${at}`).toEqual([]);
    }

    // Walks away: three times the idle time in the mode, the warning said with its countdown, then the reset.
    await page.clock.runFor((60 * 3 + 0.5) * 1000);
    const warning = page.getByRole('alertdialog', { name: 'Do you still need time?' });
    await expect(warning).toBeVisible();
    expect(await highContrastProblems(page, ACCESS_ATTRIBUTES.highContrast), 'the idle warning in High contrast').toEqual([]);
    await page.clock.runFor((3 + 0.5) * 1000);
    await expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible();
    // The warning is said as it takes the focus, with its seconds, and so is each of its last seconds.
    const said = await spoken();
    expect(said, 'the idle warning is said as it shows').toContain(
      'Do you still need time?, alert dialog, The screen starts over for the next shopper in 3 s. Yes, I need more time, button',
    );
    expect(said, 'the idle warning is said with its seconds').toEqual(
      expect.arrayContaining(['2 seconds', '1 second'].map((n) => `The screen starts over for the next shopper in ${n}.`)),
    );
    await page.getByRole('button', { name: 'Accessibility' }).click();
    for (const name of SWITCHES) await expect(panel.getByRole('switch', { name })).not.toBeChecked();
  });
});

for (const size of [KIOSK_PORTRAIT, KIOSK_LANDSCAPE])
  test.describe(`the accessibility mode at ${size.width} × ${size.height}`, () => {
    test.use({ viewport: viewport(size) });

    test('when a shopper who cannot see the screen presses Tab on the attract screen, then Read aloud says how to go on; with the arrow keys and Enter alone they find a book, put it in the cart, log in, reach Place order and go back with Escape, each step said; the on-screen keyboard’s keys are buttons by name', async ({
      page,
    }) => {
      const spoken = await observeSpeech(page);
      await openKiosk(page);
      await expectLow(page, 'attract');
      await page.keyboard.press('Tab');
      await expect.poll(spoken).toContain(GUIDANCE);
      await arrowTo(page, spoken, /^Touch to start, button$/);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
      // Forward in reading order, or back (wrapping round to the page's end) where that is shorter.
      await arrowTo(page, spoken, /^Go to the Category Books, link$/);
      await page.keyboard.press('Enter');
      expect(await arrowTo(page, spoken, /^See product .*, link$/, 'ArrowUp')).toMatch(/^See product /);
      await page.keyboard.press('Enter');
      await arrowTo(page, spoken, /^Add to cart, button$/, 'ArrowUp');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();
      // On to the order's last step: the cart, the login (typed on the keypad's keyboard), Place order.
      await arrowTo(page, spoken, /^Go to cart, link$/);
      await page.keyboard.press('Enter');
      await arrowTo(page, spoken, /^Proceed To Checkout, button$/, 'ArrowUp');
      await page.keyboard.press('Enter');
      await arrowTo(page, spoken, /^Email address, text field$/);
      await page.keyboard.type(DEMO_USER.email);
      await arrowTo(page, spoken, /^Password, password field$/);
      await page.keyboard.type(DEMO_USER.password);
      await arrowTo(page, spoken, /^(Login|Log in), button$/);
      expect((await spoken()).join('\n'), 'the password is never said').not.toContain(DEMO_USER.password);
      await page.keyboard.press('Enter');
      await arrowTo(page, spoken, /^Place order, button$/, 'ArrowUp');
      await expect(page.getByRole('button', { name: 'Place order' })).toBeFocused();
      // Escape goes back, to the cart the checkout came from.
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Proceed To Checkout' })).toBeVisible();

      // The on-screen keyboard: its keys are buttons found by name, and a touched key is said.
      await page.getByRole('banner').getByRole('searchbox', { name: 'Search products' }).click();
      const keyboard = page.getByRole('region', { name: 'On-screen keyboard' });
      for (const name of ['q', 'Shift', 'Space', 'Enter']) await expect(keyboard.getByRole('button', { name, exact: true })).toBeVisible();
      await keyboard.getByRole('button', { name: 'q', exact: true }).click();
      await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Search products' })).toHaveValue('q');
      await expect.poll(spoken).toContain('q, button');
    });
  });
