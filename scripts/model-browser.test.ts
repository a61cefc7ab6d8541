import { describe, expect, it } from 'vitest';
import { MODEL_ENV } from '../tests/e2e/support/staging.ts';
import { MODEL_SPECS, parseBrowserArgs, skippedModels, stagingSummary, type JsonReport } from './model-browser.ts';

describe('test:model --browser', () => {
  it('when a staging run is asked for, then the URL and the accounts go to the environment and the rest to Playwright', () => {
    const parsed = parseBrowserArgs([
      '--browser',
      '--base-url',
      'https://staging.example.com/',
      '--user=qa@example.com',
      '--admin',
      'boss@example.com',
      '--grep',
      'carousel',
    ]);
    expect(parsed.env).toEqual({
      [MODEL_ENV.baseUrl]: 'https://staging.example.com',
      [MODEL_ENV.user]: 'qa@example.com',
      [MODEL_ENV.admin]: 'boss@example.com',
    });
    expect(parsed.playwright).toEqual([MODEL_SPECS, '--grep', 'carousel']);
    expect(parsed.baseUrl).toBe('https://staging.example.com');
  });

  it('when files are named, then only they run; without --base-url it is a local run', () => {
    const parsed = parseBrowserArgs(['--browser', 'tests/e2e/model/cart-model.spec.ts', '--workers=1']);
    expect(parsed).toEqual({ env: {}, playwright: ['tests/e2e/model/cart-model.spec.ts', '--workers=1'], baseUrl: undefined });
  });

  it('when an account is named without a shop, or a flag without its value, then the command line is refused', () => {
    expect(() => parseBrowserArgs(['--browser', '--user', 'qa@example.com'])).toThrow(/--base-url/);
    expect(() => parseBrowserArgs(['--browser', '--base-url'])).toThrow('--base-url needs a value');
    expect(() => parseBrowserArgs(['--browser', '--base-url', '--user', 'x'])).toThrow('--base-url needs a value');
  });

  const report: JsonReport = {
    stats: { expected: 3, unexpected: 0, skipped: 3, flaky: 0 },
    suites: [
      {
        title: 'model/cart-model.spec.ts',
        file: 'model/cart-model.spec.ts',
        specs: [
          { title: 'a', tests: [{ status: 'skipped', annotations: [{ type: 'skip', description: 'needs the user account: no --user' }] }] },
          {
            title: 'b',
            tests: [
              { status: 'skipped', results: [{ annotations: [{ type: 'skip', description: 'needs the user account: no --user' }] }] },
            ],
          },
          { title: 'c', tests: [{ status: 'expected' }] },
        ],
        suites: [
          {
            title: 'inner',
            file: 'model/cart-model.spec.ts',
            specs: [
              { title: 'd', tests: [{ status: 'skipped', annotations: [{ type: 'skip', description: 'not on a staging shop: x' }] }] },
            ],
          },
        ],
      },
    ],
  };

  it('when Playwright skipped tests, then each file and reason is listed once with its count', () => {
    expect(skippedModels(report)).toEqual([
      'model/cart-model.spec.ts — needs the user account: no --user (2 tests)',
      'model/cart-model.spec.ts — not on a staging shop: x (1 test)',
    ]);
  });

  it('when the run is over, then the summary says what ran, what was skipped and what became of its orders', () => {
    const lines = stagingSummary('https://s.example', report, {
      cancelled: ['o1', 'o2'],
      wasCancelled: [],
      left: [{ id: 'o3', why: 'paid: the page offers no cancel' }],
    });
    expect(lines).toEqual([
      'model browser run on https://s.example: 3 passed, 0 failed, 3 skipped',
      'skipped:',
      '  model/cart-model.spec.ts — needs the user account: no --user (2 tests)',
      '  model/cart-model.spec.ts — not on a staging shop: x (1 test)',
      'orders the run placed: 2 cancelled now, 0 cancelled by the run itself, 1 left',
      '  left: o3 — paid: the page offers no cancel',
    ]);
    expect(stagingSummary('https://s.example', null, null)).toEqual([
      'model browser run on https://s.example: no report (Playwright did not finish)',
      'orders: none checked (no user account, or the run did not finish)',
    ]);
  });
});
