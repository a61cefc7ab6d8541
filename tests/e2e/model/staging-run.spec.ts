import { spawn } from 'node:child_process';
import type { APIRequestContext } from '@playwright/test';
import type { Order } from '#contracts/order.ts';
import { loginByApi } from '../support/journeys.ts';
import { DEMO_USER, expect, skipOnStaging, test } from '../support/shop.ts';
import { MODEL_ENV } from '../support/staging.ts';

/*
 * QA: the generated browser runs on a shop that is already running, as on staging —
 * `npm run test:model -- --browser --base-url URL --user EMAIL` against this worker's shop, which
 * the run did not start. A share of the models keeps it short (the full run is the README's manual
 * command): the carousel, one checkout path that places an order, the admin's product images
 * (skipped: no --admin) and one payment path (skipped: it reaches past the page).
 */
skipOnStaging('it starts a staging run of its own');

const FILES = ['tests/e2e/model/more-machines.spec.ts', 'tests/e2e/model/checkout-model.spec.ts'];
/** The two carousel walks, the product images, the checkout path that places a cash-on-delivery order, the first payment path. */
const GREP = 'carousel|bestseller|admin uploads|placed with cod|\\(payment path 1/';

/** Runs a command without blocking this worker, whose shop answers the run's pages; answers its exit status and output. */
const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ status: number; output: string }>((resolve) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (status) => resolve({ status: status ?? 1, output }));
  });

const ordersOf = async (request: APIRequestContext) => {
  const res = await request.get('/api/orders');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Order[];
};

/** This runner's own variables (its worker's index, its report) are not the inner run's. */
const innerEnv = (): NodeJS.ProcessEnv => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(TEST_|PW_|PLAYWRIGHT_)/.test(key)));
  return { ...env, [MODEL_ENV.userPassword]: DEMO_USER.password, [MODEL_ENV.adminPassword]: '' };
};

test('when the browser models run with --base-url on a shop already running, then they pass through its pages, list what they skipped and why, and cancel every order they placed', async ({
  shop,
  request,
}) => {
  test.setTimeout(240_000);
  await loginByApi(request, DEMO_USER);
  const before = new Set((await ordersOf(request)).map((o) => o._id));

  const { status, output } = await run(
    'node_modules/.bin/tsx',
    ['scripts/test-model.ts', '--browser', '--base-url', shop.url, '--user', DEMO_USER.email, ...FILES, '--grep', GREP, '--workers=1'],
    innerEnv(),
  );
  expect(status, output).toBe(0);
  expect(output).toMatch(/model browser run on http:\/\/127\.0\.0\.1:\d+: [1-9]\d* passed, 0 failed, [1-9]\d* skipped/);
  expect(output).toContain('more-machines.spec.ts — needs the admin account: no --admin account was given (1 test)');
  expect(output).toContain('checkout-model.spec.ts — not on a staging shop: places its wallet order through the API');

  const placed = (await ordersOf(request)).filter((o) => !before.has(o._id));
  expect(placed.length, output).toBeGreaterThan(0);
  expect(
    placed.filter((o) => !o.isCancelled).map((o) => o._id),
    output,
  ).toEqual([]);
  expect(output).toContain(`orders the run placed: ${placed.length} cancelled now, 0 cancelled by the run itself, 0 left`);
});
