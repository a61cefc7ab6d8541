// @vitest-environment happy-dom
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AnalysisOrder } from '#contracts/order.ts';
import { cumulativeSeries } from '#machines/analytics/chart.ts';
import { bucketsOf, order } from '#machines/analytics/fixtures.ts';
import { fakeSockets } from '#machines/testing/fake-chat-socket.ts';
import { AdminSessionProvider } from '../../../lib/admin-session.tsx';
import { adminStorages } from '../../../testing/admin.ts';
import { getByLabelText, getByText, settle } from '../../../testing/dom.ts';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { AdminAnalyticsPage } from './analytics-page.tsx';

setupComponentTests();
// The admin session's machine is fetched with import() once the user is an admin: load it up
// front, so each test's settle() finds it ready as a browser's cache would.
beforeAll(() => import('../../../lib/admin-session-actor.ts'));

const now = () => new Date('2026-11-27T15:00:00Z');
const byDate: Record<string, AnalysisOrder[]> = {
  '2026-11-27': [order('2026-11-27T09:10:00Z', 10), order('2026-11-27T13:00:00Z', 5.5)],
  '2026-11-26': [order('2026-11-26T01:00:00Z', 3), order('2026-11-26T02:00:00Z', 4), order('2026-11-26T20:00:00Z', 20)],
};

/**
 * The analytics page inside an admin session whose socket the test plays (`push` is the hub's
 * 'newOrder'). The API answers as it does: the day's hourly buckets for `?bucket=hour`, else the
 * spec's per-order list.
 */
const render = async (orders: Record<string, AnalysisOrder[]> = byDate) => {
  const answer = (date: string) => (req: { url: string }) => ({
    body: new URL(req.url, 'http://localhost').searchParams.get('bucket') === 'hour' ? bucketsOf(orders[date] ?? []) : orders[date],
  });
  const calls = mockFetch({
    'GET /api/orders/analysis/2026-11-27': answer('2026-11-27'),
    'GET /api/orders/analysis/2026-11-26': answer('2026-11-26'),
  });
  const server = fakeSockets();
  const view = await renderWithApp(
    <AdminSessionProvider>
      <AdminAnalyticsPage now={now} />
    </AdminSessionProvider>,
    { storages: adminStorages(), openSocket: server.factory },
  );
  await settle();
  await act(async () => server.latest().open());
  const socket = { push: (o: AnalysisOrder) => act(async () => server.latest().serverEmit('newOrder', o)) };
  return { ...view, calls, socket, server };
};

const chartValues = (root: HTMLElement, date: string) =>
  [...root.querySelectorAll(`[data-series="${date}"] circle`)].map((c) => [
    c.getAttribute('data-hour'),
    Number(c.getAttribute('data-value')),
  ]);
const tableValues = (root: HTMLElement, date: string) =>
  [...root.querySelectorAll(`td[data-date="${date}"]`)]
    .filter((td) => td.textContent !== '–')
    .map((td) => [td.getAttribute('data-hour'), Number(td.textContent?.replace(/[$,]/g, ''))]);

describe('admin analytics page', () => {
  it('when it opens, then the title compares today with yesterday (UTC) and the axes are labelled', async () => {
    const { container, calls } = await render();
    expect(getByText(container, 'Black Friday Cumulative Revenue 2026-11-27 VS 2026-11-26', 'h1')).toBeTruthy();
    const first = getByLabelText(container, 'Select First Date To Compare');
    const second = getByLabelText(container, 'Select Second Date To Compare');
    expect([first.type, first.value, second.type, second.value]).toEqual(['date', '2026-11-27', 'date', '2026-11-26']);
    expect(getByText(container, 'TIME', 'text')).toBeTruthy();
    expect(getByText(container, 'REVENUE $', 'text')).toBeTruthy();
    expect(container.querySelector('svg')?.getAttribute('height')).toBe('500');
    expect(calls.map((c) => c.url).sort()).toEqual([
      '/api/orders/analysis/2026-11-26?bucket=hour',
      '/api/orders/analysis/2026-11-27?bucket=hour',
    ]);
  });

  it('when the data arrives, then the table shows exactly the figures the chart draws', async () => {
    const { container } = await render();
    for (const date of ['2026-11-27', '2026-11-26']) {
      expect(chartValues(container, date).length).toBeGreaterThan(0);
      expect(tableValues(container, date)).toEqual(chartValues(container, date));
    }
    expect(chartValues(container, '2026-11-27')).toEqual([
      ['9 AM', 10],
      ['1 PM', 15.5],
    ]);
  });

  it('when one date has more points, then it is drawn first with the first colour', async () => {
    const { container } = await render();
    const drawn = [...container.querySelectorAll('[data-series]')].map((g) => g.getAttribute('data-series'));
    expect(drawn).toEqual(['2026-11-26', '2026-11-27']);
  });

  it("when a live order of today arrives, then today's line rises without a new fetch", async () => {
    const { container, calls, socket } = await render();
    await socket.push(order('2026-11-27T15:05:00Z', 4.5));
    expect(chartValues(container, '2026-11-27')).toEqual([
      ['9 AM', 10],
      ['1 PM', 15.5],
      ['3 PM', 20],
    ]);
    expect(tableValues(container, '2026-11-27')).toEqual(chartValues(container, '2026-11-27'));
    expect(calls).toHaveLength(2);
  });

  it("when the page shows, then its live orders come over the admin session's one socket: the page opens none of its own", async () => {
    const { server } = await render();
    expect(server.sockets).toHaveLength(1);
  });

  it("when the page loads a date, then it asks for the day's hourly buckets, not its orders", async () => {
    const { calls } = await render();
    const asked = calls.map((c) => new URL(c.url, 'http://localhost'));
    expect(asked.map((u) => u.searchParams.get('bucket'))).toEqual(['hour', 'hour']);
  });

  it('when the days have any orders, then the chart draws exactly the per-order cumulative totals of each day', async () => {
    const at = (date: string) =>
      fc
        .record({ ms: fc.integer({ min: 0, max: 86_399_999 }), cents: fc.integer({ min: 0, max: 500_000 }) })
        .map(({ ms, cents }) => order(new Date(Date.parse(`${date}T00:00:00Z`) + ms).toISOString(), cents / 100));
    await fc.assert(
      fc.asyncProperty(
        fc.array(at('2026-11-27'), { maxLength: 30 }),
        fc.array(at('2026-11-26'), { maxLength: 30 }),
        async (today, yesterday) => {
          const orders = { '2026-11-27': today, '2026-11-26': yesterday };
          const { container, unmount } = await render(orders);
          for (const [date, day] of Object.entries(orders)) {
            const perOrder = cumulativeSeries(day, date).map((p) => [p.name, p[date]]);
            expect(chartValues(container, date)).toEqual(perOrder);
            expect(tableValues(container, date)).toEqual(perOrder);
          }
          await unmount();
        },
      ),
      { numRuns: 15 },
    );
  });
});
