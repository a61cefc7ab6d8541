import { expect, type Page } from '@playwright/test';

/**
 * A browser run against a shop that is already running (a staging shop), as
 * `npm run test:model -- --browser --base-url URL --user EMAIL --admin EMAIL` starts it
 * (scripts/test-model.ts). The run acts only through the page, as the given accounts; the
 * variables below carry the command line to Playwright's global setup and workers.
 */
export const MODEL_ENV = {
  /** The shop's public URL: set, no shop is started and every spec's `baseURL` is this. */
  baseUrl: 'STATEFRONT_MODEL_BASE_URL',
  user: 'MODEL_USER',
  admin: 'MODEL_ADMIN',
  userPassword: 'MODEL_USER_PASSWORD',
  adminPassword: 'MODEL_ADMIN_PASSWORD',
  /** Set by the global setup for the workers: each role's account, or why the run has none. */
  accounts: 'STATEFRONT_MODEL_ACCOUNTS',
  /** Where the global teardown writes what became of the orders the run placed (OrdersReport). */
  ordersReport: 'STATEFRONT_MODEL_ORDERS_REPORT',
} as const;

export type Role = 'user' | 'admin';
export type Account = { email: string; password: string };
/** A role's account, or why the run has none (not given, no password, the login failed). */
export type AccountOrWhy = Account | { why: string };

/** The staging shop's URL, when the run targets one. */
export const stagingUrl = (env: NodeJS.ProcessEnv = process.env): string | undefined => env[MODEL_ENV.baseUrl] || undefined;

/** The accounts the command line and the environment give, before any login. */
export const givenAccounts = (env: NodeJS.ProcessEnv = process.env): Record<Role, AccountOrWhy> => {
  const of = (role: Role, emailVar: string, passwordVar: string): AccountOrWhy => {
    const email = env[emailVar];
    if (!email) return { why: `no --${role} account was given` };
    const password = env[passwordVar];
    if (!password) return { why: `--${role} ${email} was given without ${passwordVar}` };
    return { email, password };
  };
  return { user: of('user', MODEL_ENV.user, MODEL_ENV.userPassword), admin: of('admin', MODEL_ENV.admin, MODEL_ENV.adminPassword) };
};

/** The accounts the global setup checked (MODEL_ENV.accounts), as the workers read them. */
export const checkedAccounts = (env: NodeJS.ProcessEnv = process.env): Record<Role, AccountOrWhy> =>
  JSON.parse(env[MODEL_ENV.accounts] ?? '{"user":{"why":"not checked"},"admin":{"why":"not checked"}}') as Record<Role, AccountOrWhy>;

/** Logs in through the login form; answers why not when the shop refuses (the form's alert). */
export const tryLogin = async (page: Page, who: Account): Promise<string | null> => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  const refused = page.getByRole('alert');
  const left = page.waitForURL((url) => url.pathname !== '/login').then(() => null);
  const why = await Promise.race([
    left,
    refused
      .first()
      .waitFor()
      .then(async () => `the login failed: ${await refused.first().innerText()}`),
  ]);
  return why;
};

/** The ids of the orders on My Orders of the logged-in user. */
export const myOrderIds = async (page: Page): Promise<string[]> => {
  await page.goto('/user/my-orders');
  const heading = page.getByRole('heading', { name: 'My Orders', level: 1 });
  await expect(heading).toBeVisible();
  const links = page.getByRole('link', { name: /^Go to / });
  await expect(links.first().or(page.getByText('You have no orders yet.'))).toBeVisible();
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((h) => h.split('/').pop()!).filter(Boolean);
};

/** What the end of a staging run did with the orders it placed. */
export type OrdersReport = { cancelled: string[]; wasCancelled: string[]; left: { id: string; why: string }[]; error?: string };

/**
 * Cancels, through the page as the buyer does (My Orders → the order → Cancel order → Yes), each
 * order of `ids`; one the page offers no cancel for (paid, delivered) is left, with what it says.
 */
export const cancelOrders = async (page: Page, ids: string[]): Promise<OrdersReport> => {
  const report: OrdersReport = { cancelled: [], wasCancelled: [], left: [] };
  for (const id of ids) {
    try {
      await cancelOne(page, id, report);
    } catch (error) {
      report.left.push({
        id,
        why: `the page did not let it be cancelled: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      });
    }
  }
  return report;
};

const cancelOne = async (page: Page, id: string, report: OrdersReport): Promise<void> => {
  await page.goto(`/user/order-details/${id}`);
  const cancelled = page.getByText(/^Order cancelled \(/);
  const cancel = page.getByRole('button', { name: 'Cancel order' });
  const finished = page.getByRole('button', { name: 'Your order is finished' });
  await expect(cancelled.or(cancel).or(finished).first()).toBeVisible();
  if (await cancelled.isVisible()) {
    report.wasCancelled.push(id);
    return;
  }
  if (!(await cancel.isVisible())) {
    const delivered = await page.getByText(/^Delivered at /).isVisible();
    report.left.push({ id, why: delivered ? 'delivered: the page offers no cancel' : 'paid: the page offers no cancel' });
    return;
  }
  await cancel.click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  const outcome = cancelled.or(page.getByRole('alert')).first();
  await expect(outcome).toBeVisible();
  if (await cancelled.isVisible()) report.cancelled.push(id);
  else report.left.push({ id, why: `the shop refused: ${await page.getByRole('alert').first().innerText()}` });
};
