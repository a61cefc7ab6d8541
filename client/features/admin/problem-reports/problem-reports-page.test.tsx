// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ProblemReportSummary } from '#contracts/problem-report.ts';
import { SHOP_SETTINGS_ID } from '#contracts/shop-settings.ts';
import { settle } from '../../../testing/dom.ts';
import { adminStorages } from '../../../testing/admin.ts';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { expectNoAnswerThenRetry, noAnswerWhileDown } from '../../../testing/no-answer.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { stateText } from './problem-report-page.tsx';
import { AdminProblemReportsPage } from './problem-reports-page.tsx';

setupComponentTests();

const row = (number: string, shopper: string | null, build: string): ProblemReportSummary => ({
  _id: number,
  number,
  createdAt: '2026-11-29T10:00:00.000Z',
  path: '/cart',
  shopper,
  build,
  text: 'The cart forgot my laptop',
});

const servedBuild = (build: string) => {
  const block = Object.assign(document.createElement('script'), { id: SHOP_SETTINGS_ID, type: 'application/json' });
  block.textContent = JSON.stringify({ build });
  document.head.append(block);
};
afterEach(() => document.getElementById(SHOP_SETTINGS_ID)?.remove());

describe('admin problem reports', () => {
  it('when a guest’s report comes from another build, then its row says Guest and older build; the running build’s does not', async () => {
    servedBuild('b-now');
    mockFetch({
      'GET /api/admin/problem-reports': {
        body: [row('R-1002', null, 'b-old'), row('R-1001', 'Ann Lee', 'b-now')],
        headers: { 'X-Total-Count': '2' },
      },
    });
    const { container } = await renderWithApp(<AdminProblemReportsPage />, { route: '/admin/problem-reports', storages: adminStorages() });
    await settle(10);
    const rows = [...container.querySelectorAll('tbody tr')].map((tr) => tr.textContent);
    expect(rows[0]).toMatch(/R-1002.*\/cart.*Guest.*b-old older build.*The cart forgot my laptop/);
    expect(rows[1]).toMatch(/R-1001.*Ann Lee.*b-now/);
    expect(rows[1]).not.toMatch(/older build/);
  });

  it('when the list’s call gets no answer, then the admin sees why with Try again, not an endless skeleton; Try again shows the reports', async () => {
    const { route, shop } = noAnswerWhileDown({ body: [row('R-1001', null, 'b-now')], headers: { 'X-Total-Count': '1' } });
    mockFetch({ 'GET /api/admin/problem-reports': route });
    const { container } = await renderWithApp(<AdminProblemReportsPage />, { route: '/admin/problem-reports', storages: adminStorages() });
    await settle(10);
    await expectNoAnswerThenRetry(container, shop);
    expect(container.querySelector('tbody tr')?.textContent).toMatch(/R-1001.*Guest/);
  });

  it('when a state is nested or parallel, then the timeline writes it on one line', () => {
    expect(stateText('ready')).toBe('ready');
    expect(stateText({ checkout: 'paying' })).toBe('checkout.paying');
    expect(stateText({ a: { b: 'c' }, d: 'e' })).toBe('{ a.b.c, d.e }');
  });
});
