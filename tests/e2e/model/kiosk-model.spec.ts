import type { Locator, Page, Route } from '@playwright/test';
import { SimulatedClock, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { HANDOFF } from '#contracts/handoff-rules.ts';
import { KIOSK_DEFAULTS, type KioskContext } from '#machines/kiosk/kiosk.machine.ts';
import { createOracle } from '#machines/testing/e2e-paths.ts';
import { KIOSK_FLEET_KEY } from '../../../client/features/kiosk/fleet-key.ts';
import { addABook } from '../kiosk/kiosk-support.ts';
import { expect, skipOnStaging, test } from '../support/shop.ts';
import { KIOSK_DELAYS, kioskE2eModel } from './kiosk-sample.ts';
import { openFleet, staffPresses } from './kiosk-staff.ts';
import { expectFullCoverage } from './report.ts';

skipOnStaging("needs the kiosk's short test timers and a shop that stops answering");

test.describe.configure({ mode: 'serial' });

const oracle = createOracle(kioskE2eModel());
const T0 = new Date('2026-01-05T10:00:00Z');

/** One step: the machine's event, what the browser does for it, and whether the page is settled enough to compare. */
type Step = { event: AnyEventObject; act?: (page: Page) => Promise<void>; check?: boolean };

const after = (delay: string, state: string): AnyEventObject => ({ type: `xstate.after.${delay}.kiosk.${state}` });
const runFor = (delay: string) => (page: Page) => page.clock.runFor(KIOSK_DELAYS[delay]!);
const touchToStart = (page: Page) => page.getByRole('button', { name: 'Touch to start' }).click();
const attractShows = (page: Page) => expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible();
const calm = (page: Page) => page.getByRole('heading', { name: "We'll be right back" });
const qr = (page: Page) => page.getByRole('img', { name: /^QR code of the link to your cart/ });
/**
 * React reveals a lazy part (the cart's offer, the QR library) on a short timer of the page's
 * clock once it loaded: runs the clock a little at a time until `shows` is visible.
 */
const reveal = (page: Page, shows: Locator) =>
  expect(async () => {
    await page.clock.runFor(100);
    await expect(shows).toBeVisible({ timeout: 100 });
  }).toPass();
/** The page's clock, now (paused: it moves only when a step runs it). */
const now = (page: Page) => page.evaluate(() => Date.now());
/** Products that make the home page's carousel throw: an uncaught error in a page. */
const BROKEN_BESTSELLERS = (route: Route) => route.fulfill({ json: [{ _id: 'broken' }] });

const step = {
  start: (check = true): Step => ({ event: { type: 'kiosk.start' }, act: touchToStart, check }),
  key: (): Step => ({ event: { type: 'kiosk.activity' }, act: (page) => page.keyboard.press('Shift') }),
  moreTime: (): Step => ({
    event: { type: 'kiosk.activity' },
    act: (page) => page.getByRole('button', { name: 'Yes, I need more time' }).click(),
  }),
  idle: (): Step => ({ event: after('idle', 'shop.browsing'), act: runFor('idle') }),
  tick: (): Step => ({ event: after('tick', 'shop.warning.counting'), act: runFor('tick'), check: false }),
  /** `Continue on your phone`, `Done`, `Yes, I need more time`: the press is a touch (activity) before the click acts. */
  touch: (name: string, check = true): Step => ({
    event: { type: 'kiosk.activity' },
    act: (page) => page.getByRole('button', { name }).click(),
    check,
  }),
  /** The QR comes: `before` first, then the offer shows (`shown` gets the page's time then), then the drawing. */
  qrShown: (before?: () => void, shown?: (at: number) => void): Step => ({
    event: { type: 'kiosk.handoffShown' },
    act: async (page) => {
      before?.();
      await expect(page.getByText(/^Scan this code with your phone/)).toBeVisible();
      shown?.(await now(page));
      await reveal(page, qr(page));
    },
  }),
  /** A book in the cart and the cart page open, its `Continue on your phone` ready. */
  toCartWithOffer: (): Step => ({
    event: { type: 'kiosk.activity' },
    act: async (p) => {
      await addABook(p);
      await p.getByRole('link', { name: 'Go to cart' }).click();
      await reveal(p, p.getByRole('button', { name: 'Continue on your phone' }));
      await expect(p.getByRole('button', { name: 'Continue on your phone' })).toBeEnabled();
    },
  }),
  qrHidden: (): Step => ({ event: { type: 'kiosk.handoffHidden' }, act: (page) => expect(qr(page)).toHaveCount(0) }),
  handoffIdle: (): Step => ({ event: after('handoffIdle', 'shop.handoff'), act: runFor('handoffIdle') }),
  /** The reset's logout, then its check: the attract screen only once GET /api/session answered 401. */
  resetDone: (): Step[] => [
    { event: { type: 'xstate.done.actor.resetSession', output: undefined }, check: false },
    { event: { type: 'xstate.done.actor.checkSession', output: { signedOut: true } }, act: attractShows },
  ],
  /** A refused logout is judged by the session check: a guest's session is gone, so the attract screen. */
  resetFailed: (): Step[] => [
    { event: { type: 'xstate.error.actor.resetSession', error: { status: 500, message: 'logout failed' } }, check: false },
    { event: { type: 'xstate.done.actor.checkSession', output: { signedOut: true } }, act: attractShows },
  ],
  /** On the attract screen: a key turns Read aloud on; the panel's switch and volume change the mode (the panel's own click is a touch, which starts nothing there). */
  accessMode: (): Step[] => [
    { event: { type: 'kiosk.access.key' }, act: (page) => page.keyboard.press('Tab') },
    {
      event: { type: 'kiosk.access.toggle', setting: 'largerText' },
      act: async (page) => {
        await page.getByRole('button', { name: 'Accessibility' }).click();
        await page.getByRole('switch', { name: 'Larger text' }).click();
        await expect(page.getByRole('switch', { name: 'Larger text' })).toBeChecked();
      },
    },
    {
      event: { type: 'kiosk.access.volume', volume: 0.5 },
      act: async (page) => {
        await page.getByRole('slider', { name: 'Speech volume' }).fill('50');
        await page.getByRole('button', { name: 'Close' }).click();
      },
    },
  ],
  buildCheck: (answer: (page: Page) => Promise<unknown>): Step => ({
    event: after('buildCheck', 'shop.attract.showing'),
    act: async (page) => {
      const answered = answer(page);
      await runFor('buildCheck')(page);
      await answered;
    },
    check: false,
  }),
};

/** What the page must show for the machine's snapshot. */
const expectShows = async (page: Page, s: AnyMachineSnapshot) => {
  if (s.hasTag('unreachable')) return expect(calm(page)).toBeVisible();
  await expect(calm(page)).toHaveCount(0);
  if (s.hasTag('attract')) return attractShows(page);
  if (s.hasTag('warning')) {
    await expect(page.getByRole('alertdialog', { name: 'Do you still need time?' })).toBeVisible();
    return expect(page.getByTestId('kiosk-countdown')).toHaveText(String((s.context as KioskContext).remaining));
  }
  if (s.hasTag('browsing')) {
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByRole('banner')).toBeVisible();
  }
  if (s.hasTag('handoff')) {
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(qr(page)).toBeVisible();
  }
};

/** Opens `path` (/kiosk) on a paused clock, then walks `steps` in the page and in the machine, comparing after each. */
const walk = async (page: Page, steps: Step[], path = '/kiosk') => {
  await page.clock.install({ time: T0 });
  await page.goto(path);
  // React reveals the lazy kiosk chunk on a short timer: pause the clock only once it shows.
  await attractShows(page);
  // Half the build-check time later: no kiosk timer is due by then.
  await page.clock.pauseAt(new Date(T0.getTime() + KIOSK_DELAYS.buildCheck! / 2));
  const run = oracle.start(undefined, { clock: new SimulatedClock() });
  try {
    await expectShows(page, run.snapshot());
    for (const { event, act, check = true } of steps) {
      await test.step(event.type, async () => {
        await act?.(page);
        const s = await run.step(event);
        if (check && !s.hasTag('resetting') && !s.hasTag('reloading')) await expectShows(page, s);
      });
    }
  } finally {
    await run.stop();
  }
};

test('when a shopper browses, lingers through a warning and then walks away, then the page follows the kiosk machine to the reset and the build checks', async ({
  page,
  shop,
}) => {
  const countdown = KIOSK_DEFAULTS.warningMs / 1000;
  await walk(page, [
    step.start(),
    step.key(),
    step.idle(),
    step.moreTime(),
    step.idle(),
    ...Array.from({ length: countdown - 1 }, () => ({ ...step.tick(), check: true })),
    step.tick(),
    ...step.resetDone(),
    step.buildCheck((p) => p.waitForResponse((r) => r.url() === `${shop.url}/` && r.ok())),
    { event: { type: 'xstate.done.actor.checkBuild', output: { changed: false } } },
    step.buildCheck(async (p) => {
      await p.route(`${shop.url}/`, (route) => route.abort('internetdisconnected'));
      await p.waitForEvent('requestfailed', (r) => r.url() === `${shop.url}/`);
    }),
    { event: { type: 'xstate.error.actor.checkBuild', error: { status: 0, message: 'no answer' } } },
  ]);
});

test('when the shop stops answering, then the calm screen probes it and the kiosk carries on by itself', async ({ page }) => {
  let failing = 0;
  await page.route('**/api/**', (route) =>
    failing > 0 ? (failing--, route.fulfill({ status: 502, json: { message: 'Bad gateway' } })) : route.continue(),
  );
  await walk(page, [
    ...step.accessMode(),
    step.start(),
    {
      event: { type: 'kiosk.unreachable' },
      act: async (p) => {
        // the list's call and the first probe fail; the probe after the retry gets through
        failing = 2;
        await p.getByRole('link', { name: 'Go to the Category Books' }).click();
        await expect.poll(() => failing).toBe(0);
      },
    },
    { event: { type: 'xstate.error.actor.probe', error: { status: 502, message: 'Bad gateway' } } },
    { event: after('retry', 'unreachable.waiting'), act: runFor('retry'), check: false },
    { event: { type: 'xstate.done.actor.probe', output: undefined } },
  ]);
});

test('when a page crashes and the reset cannot log out but the session is gone, then the kiosk returns to attract and reloads the page there', async ({
  page,
  shop,
}) => {
  await page.route('**/api/products/bestsellers', BROKEN_BESTSELLERS);
  await page.route('**/api/logout', (route) => route.fulfill({ status: 500, json: { message: 'logout failed' } }));
  await walk(page, [
    step.start(false),
    { event: { type: 'kiosk.crashed' }, check: false },
    ...step.resetFailed(),
    step.buildCheck(async (p) => {
      await p.unroute('**/api/products/bestsellers');
      await Promise.all([p.waitForResponse((r) => r.url() === `${shop.url}/`), p.waitForEvent('load')]);
    }),
    { event: { type: 'xstate.done.actor.checkBuild', output: { changed: false } } },
  ]);
  // The reloaded page starts afresh on the attract screen (React reveals its lazy chunk on a timer: let time flow).
  await page.clock.resume();
  await expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible();
});

test('when a page crashes behind the calm screen, then the kiosk resets', async ({ page }) => {
  let releaseBestsellers: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (releaseBestsellers = resolve));
  let probes = 0;
  await walk(page, [
    {
      event: { type: 'kiosk.start' },
      act: async (p) => {
        // the attract screen has its bestsellers; the home page's wait, and its categories fail
        await p.route('**/api/products/bestsellers', async (route) => {
          await held;
          await BROKEN_BESTSELLERS(route);
        });
        await p.route('**/api/categories', (route) => (probes++, route.fulfill({ status: 502, json: { message: 'Bad gateway' } })));
        await touchToStart(p);
      },
      check: false,
    },
    { event: { type: 'kiosk.unreachable' }, act: (p) => expect(calm(p)).toBeVisible() },
    {
      event: { type: 'xstate.error.actor.probe', error: { status: 502, message: 'Bad gateway' } },
      act: () => expect.poll(() => probes).toBeGreaterThanOrEqual(2),
    },
    {
      event: { type: 'kiosk.crashed' },
      act: async (p) => {
        const crashed = p.waitForEvent('console', (m) => m.text().startsWith('Page failed to render'));
        releaseBestsellers();
        // the page's own short timers (not the kiosk's, which wait seconds) may run meanwhile
        await p.clock.runFor(500);
        await crashed;
      },
      check: false,
    },
    ...step.resetDone(),
  ]);
});

test('when a shopper hands the cart to a phone, then the page follows the kiosk machine through the QR, its longer idle time and the warning over it', async ({
  page,
}) => {
  const link = HANDOFF.ttlMinutes * 60_000;
  // The first link is held until the warning is on: its QR appears over the warning.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/handoffs', async (route) => {
    await held;
    await route.continue();
  });
  /** When the second QR appeared: its link (and the QR) goes `link` ms later, by the page's clock. */
  let shownAt = 0;
  /** The last touch: the hand-off idle time after it, half a second of the link is left. */
  const lastTouch = link - 500 - KIOSK_DELAYS.handoffIdle!;
  const moreTime = () => [step.handoffIdle(), step.touch('Yes, I need more time')];
  await walk(page, [
    step.start(),
    step.toCartWithOffer(),
    // The link is still being made when the idle time runs out; it comes while the warning is on.
    step.touch('Continue on your phone'),
    step.idle(),
    step.qrShown(release),
    step.key(),
    step.touch('Done', false),
    step.qrHidden(),
    // Back to the normal idle time: the warning comes after it, not the hand-off's.
    step.idle(),
    step.touch('Yes, I need more time'),
    step.touch('Continue on your phone', false),
    step.qrShown(undefined, (at) => (shownAt = at)),
    // The hand-off idle time passes, and the shopper asks for more time, until the link is
    // nearly spent; a touch then times the last warning to open half a second before it goes.
    ...Array.from({ length: Math.floor(lastTouch / KIOSK_DELAYS.handoffIdle!) }, moreTime).flat(),
    {
      event: { type: 'kiosk.activity' },
      act: async (p) => {
        await p.clock.runFor(shownAt + lastTouch - (await now(p)));
        await p.keyboard.press('Shift');
      },
    },
    step.handoffIdle(),
    // The link's time is up while the warning is on: the QR goes, and with it the longer idle time.
    {
      event: { type: 'kiosk.handoffHidden' },
      act: async (p) => {
        await p.clock.runFor(500);
        await expect(p.getByText(HANDOFF.expired)).toBeVisible();
        await expect(qr(p)).toHaveCount(0);
      },
    },
    step.touch('Yes, I need more time'),
    step.idle(),
  ]);
});

test("when the phone claims the QR and the session outlives the first logout, then the page follows the kiosk machine through the thank-you and the reset's retries", async ({
  page,
}) => {
  const thanks = page.getByRole('heading', { name: 'Thank you! Your cart is on your phone now.' });
  const oneMoment = (p: Page) => expect(p.getByText('One moment …')).toBeVisible();
  const sessionAnswers = [
    (route: Route) => route.fulfill({ json: { user: { _id: 'still-here' } } }),
    (route: Route) => route.fulfill({ status: 500, json: { message: 'Internal' } }),
  ];
  let logouts = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/logout') logouts += 1;
  });
  /**
   * The retry's timer starts once the check's answer is in, which a loaded machine may reach after
   * the test's clock moved: move it a retry's delay at a time until the reset logs out again.
   */
  const retryOnce = (delay: number) => async (p: Page) => {
    const before = logouts;
    await expect
      .poll(async () => {
        await p.clock.runFor(delay);
        return logouts;
      })
      .toBeGreaterThan(before);
  };
  await walk(page, [
    step.start(),
    step.toCartWithOffer(),
    step.touch('Continue on your phone', false),
    step.qrShown(),
    {
      // The claim takes the QR away first, then the kiosk hears of it.
      event: { type: 'kiosk.handoffHidden' },
      act: async (p) => {
        // The reset that follows meets a logout with no answer, a session still alive, then a failing check.
        await p.route('**/api/logout', (route) => route.abort('connectionreset'), { times: 1 });
        await p.route('**/api/session', (route) => (sessionAnswers.shift() ?? ((r: Route) => r.continue()))(route));
        const token = ((await qr(p).getAttribute('data-link')) ?? '').split('#')[1];
        expect((await p.request.post('/api/handoffs/claim', { data: { token }, headers: { 'x-csrf': '1' } })).status()).toBe(200);
        await p.clock.runFor(HANDOFF.statusPollMs);
        await reveal(p, thanks);
        await expect(qr(p)).toHaveCount(0);
      },
      check: false,
    },
    { event: { type: 'kiosk.handoffClaimed' }, check: false },
    { event: after('thanks', 'shop.thanks'), act: runFor('thanks'), check: false },
    { event: { type: 'kiosk.unreachable' }, check: false },
    { event: { type: 'xstate.error.actor.resetSession', error: { status: 0, message: 'no answer' } }, check: false },
    { event: { type: 'xstate.done.actor.checkSession', output: { signedOut: false } }, act: oneMoment, check: false },
    { event: after('confirmRetry', 'shop.resetting.waiting'), act: retryOnce(KIOSK_DELAYS.confirmRetry!), check: false },
    { event: { type: 'xstate.done.actor.resetSession', output: undefined }, check: false },
    {
      event: { type: 'xstate.error.actor.checkSession', error: { status: 500, message: 'Internal' } },
      act: async (p) => {
        await expect.poll(() => sessionAnswers.length).toBe(0);
        await oneMoment(p);
      },
      check: false,
    },
    { event: after('confirmRetry', 'shop.resetting.waiting'), act: retryOnce(2 * KIOSK_DELAYS.confirmRetry!), check: false },
    ...step.resetDone(),
  ]);
});

test('when staff press Reset now and then Reload on /admin/kiosks, then the named kiosk resets on its next heartbeat and reloads on the one after, keeping the key to its name', async ({
  page,
  browser,
  shop,
}) => {
  const kiosk = 'Model walk';
  let fleet: Awaited<ReturnType<typeof openFleet>> | undefined;
  const admin = () => fleet!.admin;
  try {
    await walk(
      page,
      [
        {
          event: { type: 'kiosk.start' },
          act: async (p) => {
            // The kiosk claimed its name with its first heartbeat, as the page loaded.
            fleet = await openFleet(browser, shop.url, kiosk);
            await touchToStart(p);
          },
        },
        { event: { type: 'kiosk.staffReset' }, act: staffPresses(admin, kiosk, 'Reset now', 'reset'), check: false },
        ...step.resetDone(),
        {
          event: { type: 'kiosk.staffReload' },
          act: async (p) => {
            const reloaded = p.waitForEvent('load');
            await staffPresses(admin, kiosk, 'Reload', 'reload')(p);
            await reloaded;
          },
          check: false,
        },
      ],
      `/kiosk?name=${encodeURIComponent(kiosk)}`,
    );
    // The reloaded page still holds the key that proves its name (the unit tests send it).
    expect(await page.evaluate((key) => localStorage.getItem(key), KIOSK_FLEET_KEY)).toContain(kiosk);
  } finally {
    await fleet?.close();
  }
});

test('when every kiosk walk above has run, then together they took every transition of the kiosk machine', () => {
  expectFullCoverage(oracle.report(), [
    {
      transition: 'kiosk.shop.warning --kiosk.handoffClaimed#0-->',
      reason:
        'a claim while the warning covers the QR is the same effect as the walk above (thanks, then the reset): the machine tests take it (kiosk.model.test.ts), a browser walk into it would repeat that walk',
    },
  ]);
});
