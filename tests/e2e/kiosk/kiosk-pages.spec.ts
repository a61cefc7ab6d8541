import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { loginByApi } from '../support/journeys.ts';
import { DEMO_ADMIN, DEMO_USER, expect, test } from '../support/shop.ts';
import { addABook, homeToAProduct, KIOSK_TEST_ENV, kioskLogin, observeSpeech, startKiosk } from './kiosk-support.ts';

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

test('when a shopper adds a book at the kiosk and presses Go back, then the kiosk shows the list the book was chosen from; staff see it Online on /admin/kiosks and Reset now resets it', async ({
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

  const adminContext = await browser.newContext({ baseURL: shop.url });
  try {
    const admin = await adminContext.newPage();
    await loginByApi(admin.request, DEMO_ADMIN);
    await admin.goto('/admin/kiosks');
    await expect(admin.getByRole('link', { name: 'Kiosks' })).toHaveAttribute('aria-current', 'page');
    const row = admin.getByRole('row', { name: /Till 1/ });
    await expect(row).toContainText('Online');
    await expect(row).toContainText('A shopper is browsing since');
    await row.getByRole('button', { name: 'Reset now: Till 1' }).click();
    // The command rides on the kiosk's next heartbeat's reply; with 60 s of idle time nothing else resets it.
    await expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible();
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

/** Every control a shopper can see (not clipped away by a scrolling box) whose box starts above the screen's middle. */
const controlsAboveTheMiddle = (page: Page) =>
  page.evaluate(() => {
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return null;
      let [top, bottom] = [box.top, box.bottom];
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflowY === 'visible') continue;
        const clip = up.getBoundingClientRect();
        [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
      }
      return bottom > Math.max(top, 0) && top < window.innerHeight ? top : null;
    };
    const controls = 'a[href], button, input, select, textarea, [role="button"], [role="switch"], [role="slider"]';
    return [...document.querySelectorAll(controls)]
      .filter((el) => (shown(el) ?? Infinity) < window.innerHeight / 2)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`);
  });

/** Presses ArrowDown until Read aloud says something `name` matches (what it said then), as a shopper listening does. */
const arrowTo = async (page: Page, spoken: () => Promise<string[]>, name: RegExp): Promise<string> => {
  for (let press = 0; press < 150; press++) {
    const before = (await spoken()).length;
    await page.keyboard.press('ArrowDown');
    const said = (await spoken()).slice(before).find((text) => name.test(text));
    if (said) return said;
  }
  throw new Error(`Read aloud never said ${name}; it said: ${(await spoken()).slice(-12).join(' | ')}`);
};

test.describe('the accessibility mode, in portrait (1080 × 1920)', () => {
  test.use({ viewport: { width: 1080, height: 1920 } });
  const GUIDANCE = 'Audio guidance on. Use the arrow keys to move and Enter to choose.';
  /** The Accessibility button's top edge lies below the screen's middle. */
  const expectLow = async (page: Page, where: string) => {
    const box = await page.getByRole('button', { name: 'Accessibility' }).boundingBox();
    expect(box, `${where}: the Accessibility button shows`).not.toBeNull();
    expect(box!.y, `${where}: the Accessibility button is in the lower half`).toBeGreaterThanOrEqual(960);
  };

  test('when a keypad key is pressed on the attract screen, then Read aloud comes on and says how to go on; the switches apply and the reset ends the mode', async ({
    page,
  }) => {
    const spoken = await observeSpeech(page);
    await page.clock.install();
    await page.goto('/kiosk');
    await expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible();
    await expectLow(page, 'attract');
    await page.keyboard.press('Tab');
    await expect.poll(spoken).toContain(GUIDANCE);
    // The arrows move in reading order; each control is said with its role.
    await page.keyboard.press('ArrowDown');
    await expect.poll(spoken).toContain('Accessibility, button');
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await spoken()).at(-1)).toBe('Touch to start, button');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
    await expectLow(page, 'home');
    const heading = page.getByRole('heading', { name: 'Categories' });
    const textSize = async () => Number.parseFloat(await heading.evaluate((h) => getComputedStyle(h).fontSize));
    const plainSize = await textSize();
    await page.getByRole('button', { name: 'Accessibility' }).click();
    const panel = page.getByRole('dialog', { name: 'Accessibility' });
    await expect(panel.getByRole('switch', { name: 'Read aloud' })).toBeChecked();
    for (const name of ['Larger text', 'High contrast', 'Lower layout']) {
      await expect(panel.getByRole('switch', { name })).not.toBeChecked();
      await panel.getByRole('switch', { name }).click();
      await expect(panel.getByRole('switch', { name })).toBeChecked();
    }
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    expect(await textSize(), 'Larger text: at least 1.5 times the kiosk size').toBeGreaterThanOrEqual(plainSize * 1.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nothing scrolls sideways').toBe(true);
    const violations = await axeViolations(page, { runOnly: { type: 'rule', values: ['color-contrast-enhanced'] } });
    expect(
      violations.flatMap((v) => v.nodes.map((n) => n.target.join(' '))),
      'High contrast: 7:1 (WCAG AAA)',
    ).toEqual([]);
    expect(await controlsAboveTheMiddle(page), 'Lower layout at 1080 × 1920').toEqual([]);
    await page.setViewportSize({ width: 1920, height: 1080 });
    expect(await controlsAboveTheMiddle(page), 'Lower layout at 1920 × 1080').toEqual([]);

    // Walks away: three times the idle time in the mode, the warning, then the reset.
    await page.clock.runFor((60 * 3 + 3 + 1) * 1000);
    await expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible();
    await page.getByRole('button', { name: 'Accessibility' }).click();
    for (const name of ['Read aloud', 'Larger text', 'High contrast', 'Lower layout'])
      await expect(panel.getByRole('switch', { name })).not.toBeChecked();
  });

  test('when a shopper who cannot see the screen uses the arrow keys and Enter alone, then they find a book, put it in the cart, log in, reach Place order and go back with Escape, each step said; the on-screen keyboard’s keys are buttons by name', async ({
    page,
  }) => {
    const spoken = await observeSpeech(page);
    await page.goto('/kiosk');
    await expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible();
    await page.keyboard.press('Tab');
    await arrowTo(page, spoken, /^Touch to start, button$/);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
    await arrowTo(page, spoken, /^Go to the Category Books, link$/);
    await page.keyboard.press('Enter');
    expect(await arrowTo(page, spoken, /^See product .*, link$/)).toMatch(/^See product /);
    await page.keyboard.press('Enter');
    await arrowTo(page, spoken, /^Add to cart, button$/);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();
    // On to the order's last step: the cart, the login (typed on the keypad's keyboard), Place order.
    await arrowTo(page, spoken, /^Go to cart, link$/);
    await page.keyboard.press('Enter');
    await arrowTo(page, spoken, /^Proceed To Checkout, button$/);
    await page.keyboard.press('Enter');
    await arrowTo(page, spoken, /^Email address, text field$/);
    await page.keyboard.type(DEMO_USER.email);
    await arrowTo(page, spoken, /^Password, password field$/);
    await page.keyboard.type(DEMO_USER.password);
    await arrowTo(page, spoken, /^(Login|Log in), button$/);
    expect((await spoken()).join('\n'), 'the password is never said').not.toContain(DEMO_USER.password);
    await page.keyboard.press('Enter');
    await arrowTo(page, spoken, /^Place order, button$/);
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
