import { writeFileSync } from 'node:fs';
import { chromium, type Browser, type FullConfig, type Page } from '@playwright/test';
import {
  cancelOrders,
  givenAccounts,
  MODEL_ENV,
  myOrderIds,
  tryLogin,
  type Account,
  type AccountOrWhy,
  type OrdersReport,
  type Role,
} from './staging.ts';

/** A page of a fresh browser context on the staging shop, for the setup's own steps. */
const pageOn = async (browser: Browser, baseURL: string, config: FullConfig): Promise<Page> => {
  const { viewport, userAgent } = config.projects[0]?.use ?? {};
  const context = await browser.newContext({ baseURL, viewport, userAgent });
  return context.newPage();
};

/**
 * The global setup of a staging run (tests/e2e/support/global-setup.ts): no build and no shop.
 * Each given account logs in through the login form (a refused one is kept with why, for the
 * specs that need it to skip), the user's orders are read off My Orders, and the returned
 * teardown cancels, through the page, every order the run added to them.
 */
export const stagingSetup = async (baseURL: string, config: FullConfig): Promise<() => Promise<void>> => {
  const browser = await chromium.launch(config.projects[0]?.use.launchOptions);
  const given = givenAccounts();
  const checked: Record<Role, AccountOrWhy> = { ...given };
  let before: string[] = [];
  try {
    const probe = await pageOn(browser, baseURL, config);
    const res = await probe.goto('/').catch((error: Error) => {
      throw new Error(`The staging shop at ${baseURL} does not answer: ${error.message.split('\n')[0]}`);
    });
    if (!res?.ok()) throw new Error(`The staging shop at ${baseURL} answers ${res?.status()} on /`);
    for (const role of ['user', 'admin'] as const) {
      const who = given[role];
      if ('why' in who) continue;
      const page = await pageOn(browser, baseURL, config);
      const why = await tryLogin(page, who);
      if (why) checked[role] = { why: `${who.email}: ${why}` };
      else if (role === 'user') before = await myOrderIds(page);
      await page.context().close();
    }
  } finally {
    await browser.close();
  }
  process.env[MODEL_ENV.accounts] = JSON.stringify(checked);
  for (const role of ['user', 'admin'] as const) {
    const a = checked[role];
    console.log(`staging ${baseURL}: ${role} ${'why' in a ? `none (${a.why}): the models that need it are skipped` : a.email}`);
  }
  const user = checked.user;
  return async () => {
    if ('why' in user) return;
    const report = await cancelRunOrders(baseURL, config, user, before);
    const file = process.env[MODEL_ENV.ordersReport];
    if (file) writeFileSync(file, JSON.stringify(report, null, 2));
  };
};

/** Cancels the orders `user` has now and did not have `before`, through the page. */
const cancelRunOrders = async (baseURL: string, config: FullConfig, user: Account, before: string[]): Promise<OrdersReport> => {
  const browser = await chromium.launch(config.projects[0]?.use.launchOptions);
  try {
    const page = await pageOn(browser, baseURL, config);
    const why = await tryLogin(page, user);
    if (why) return { cancelled: [], wasCancelled: [], left: [], error: `${user.email}: ${why}` };
    const placed = (await myOrderIds(page)).filter((id) => !before.includes(id));
    return await cancelOrders(page, placed);
  } catch (error) {
    return { cancelled: [], wasCancelled: [], left: [], error: error instanceof Error ? error.message : String(error) };
  } finally {
    await browser.close();
  }
};
