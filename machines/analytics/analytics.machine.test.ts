import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createControl } from '../testing/controlled-actors.ts';
import { analyticsMachine } from './analytics.machine.ts';
import { cumulativeSeries, drawOrder, hourLabel } from './chart.ts';
import { bucketsOf, order } from './fixtures.ts';

const today = '2026-11-27';

const start = () => {
  const control = createControl();
  const actor = createActor(analyticsMachine.provide({ actors: { fetchHours: control.promise(), socket: control.callback() } }), {
    input: { today },
  }).start();
  return { actor, control, ctx: () => actor.getSnapshot().context };
};

describe('analytics chart helpers', () => {
  it('when hours are labelled, then the UTC hour is shown in 12-hour format', () => {
    expect(['2026-11-27T00:10:00Z', '2026-11-27T09:00:00Z', '2026-11-27T12:30:00Z', '2026-11-27T23:59:00Z'].map(hourLabel)).toEqual([
      '12 AM',
      '9 AM',
      '12 PM',
      '11 PM',
    ]);
  });

  it('when orders are summed, then totals are cumulative per hour bucket in order of time', () => {
    const s = cumulativeSeries(
      [order('2026-11-27T10:30:00Z', 0.2), order('2026-11-27T09:00:00Z', 10), order('2026-11-27T10:05:00Z', 0.1)],
      today,
    );
    expect(s).toEqual([
      { name: '9 AM', [today]: 10 },
      { name: '10 AM', [today]: 10.3 },
    ]);
  });

  it('when two series are drawn, then the one with more points goes first', () => {
    const a = { id: 'a', points: [{ name: '1 AM' }] };
    const b = { id: 'b', points: [{ name: '1 AM' }, { name: '2 AM' }] };
    expect(drawOrder(a, b).map((x) => x.id)).toEqual(['b', 'a']);
    expect(drawOrder(b, a).map((x) => x.id)).toEqual(['b', 'a']);
  });
});

describe('analytics machine', () => {
  it('when it starts, then it fetches today and yesterday (UTC)', () => {
    const { control, ctx } = start();
    expect(ctx()).toMatchObject({ firstDate: today, secondDate: '2026-11-26' });
    expect(control.started.filter((s) => s.id.startsWith('fetch'))).toEqual([
      { id: 'fetchFirst', input: { date: today } },
      { id: 'fetchSecond', input: { date: '2026-11-26' } },
    ]);
  });

  it('when a date changes while its fetch runs, then the old request is aborted and the new date fetched', async () => {
    const { actor, control, ctx } = start();
    actor.send({ type: 'analytics.setSecondDate', date: '2026-11-20' });
    expect(control.aborted).toEqual(['fetchSecond']);
    expect(control.inputOf('fetchSecond')).toEqual({ date: '2026-11-20' });
    expect(control.isPending('fetchFirst')).toBe(true);
    await control.resolve('fetchSecond', bucketsOf([order('2026-11-20T01:00:00Z', 5)]));
    expect(ctx().second).toEqual([{ name: '1 AM', '2026-11-20': 5 }]);
  });

  it('when a fetch fails, then the series is empty and nothing else happens', async () => {
    const { control, actor, ctx } = start();
    await control.reject('fetchFirst', { status: 500, message: 'down' });
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(ctx().first).toEqual([]);
  });

  it("when a live order arrives, then it is added only to a selected series of today's date", async () => {
    const { actor, control, ctx } = start();
    await control.resolve('fetchFirst', bucketsOf([order(`${today}T10:00:00Z`, 10)]));
    await control.resolve('fetchSecond', bucketsOf([]));
    actor.send({ type: 'analytics.newOrder', order: order(`${today}T10:40:00Z`, 5) });
    actor.send({ type: 'analytics.newOrder', order: order(`${today}T11:00:00Z`, 1) });
    actor.send({ type: 'analytics.newOrder', order: order('2026-11-26T11:00:00Z', 99) });
    expect(ctx().first).toEqual([
      { name: '10 AM', [today]: 15 },
      { name: '11 AM', [today]: 16 },
    ]);
    expect(ctx().second).toEqual([]);
  });

  it("when a date is changed, then the old date's points are dropped until the new ones arrive", async () => {
    const { actor, control, ctx } = start();
    await control.resolve('fetchFirst', bucketsOf([order(`${today}T10:00:00Z`, 10)]));
    actor.send({ type: 'analytics.setFirstDate', date: '2026-11-01' });
    expect(ctx()).toMatchObject({ firstDate: '2026-11-01', first: [] });
    expect(control.inputOf('fetchFirst')).toEqual({ date: '2026-11-01' });
  });

  it('when an invalid date is chosen, then nothing is fetched', () => {
    const { actor, control } = start();
    actor.send({ type: 'analytics.setFirstDate', date: 'tomorrow' });
    expect(control.aborted).toEqual([]);
  });
});
