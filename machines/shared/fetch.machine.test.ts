import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createControl } from '../testing/controlled-actors.ts';
import { fetchMachine } from './fetch.machine.ts';

const start = (url: string | null) => {
  const control = createControl();
  const actor = createActor(fetchMachine.provide({ actors: { get: control.promise() } }), { input: { url } }).start();
  return { control, actor, snap: () => actor.getSnapshot() };
};

describe('fetch machine', () => {
  it('when the answer comes, then the data is ready; a reload keeps it on screen until the new answer', async () => {
    const { control, actor, snap } = start('/api/products/get-one/p1');
    expect(control.inputOf('get')).toEqual({ url: '/api/products/get-one/p1' });
    await control.resolve('get', { name: 'Lamp' });
    expect([snap().hasTag('ready'), snap().context.data]).toEqual([true, { name: 'Lamp' }]);
    actor.send({ type: 'fetch.reload' });
    expect([snap().hasTag('loading'), snap().context.data]).toEqual([true, { name: 'Lamp' }]);
    await control.resolve('get', { name: 'Desk lamp' });
    expect(snap().context.data).toEqual({ name: 'Desk lamp' });
  });

  it('when the url changes while loading, then the old request is aborted and its data is never shown', async () => {
    const { control, actor, snap } = start('/a');
    actor.send({ type: 'fetch.url', url: '/b' });
    expect(control.aborted).toEqual(['get']);
    expect(control.inputOf('get')).toEqual({ url: '/b' });
    await control.resolve('get', 'b');
    expect(snap().context.data).toBe('b');
  });

  it('when the call fails, then the server message is the error and nothing stale shows', async () => {
    const { control, snap } = start('/a');
    await control.reject('get', { status: 404, message: 'Product not found' });
    expect([snap().hasTag('failed'), snap().context.error, snap().context.data]).toEqual([true, 'Product not found', undefined]);
  });

  it('when there is no url yet, then it waits, loading, without a call', () => {
    const { control, snap } = start(null);
    expect([snap().hasTag('loading'), control.started]).toEqual([true, []]);
  });

  it('when the page already carries the answer, then it is ready with it at once and asks for nothing', () => {
    const control = createControl();
    const actor = createActor(fetchMachine.provide({ actors: { get: control.promise() } }), {
      input: { url: '/api/products/bestsellers', data: ['Lamp'] },
    }).start();
    expect([actor.getSnapshot().hasTag('ready'), actor.getSnapshot().context.data, control.started]).toEqual([true, ['Lamp'], []]);
    actor.send({ type: 'fetch.url', url: '/api/products/bestsellers' });
    expect(control.started).toEqual([]);
    actor.send({ type: 'fetch.reload' });
    expect(control.inputOf('get')).toEqual({ url: '/api/products/bestsellers' });
  });

  it('when the server answers a change with the new value, then that value is shown at once', () => {
    const { actor, snap } = start('/api/categories');
    actor.send({ type: 'fetch.replace', data: ['Books'] });
    expect([snap().hasTag('ready'), snap().context.data]).toEqual([true, ['Books']]);
  });
});
