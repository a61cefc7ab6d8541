// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { cartMachine } from '#machines/cart/cart.machine.ts';
import { authMachine } from '#machines/auth/auth.machine.ts';
import { createEventLog } from '#machines/shared/event-log.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { BEACON_TYPE } from '#contracts/machine-count-rules.ts';
import { exposeEventLog, type EventLogHandle } from './event-log-recorder.ts';

describe('the development event log', () => {
  it('when the app machines receive events, then the console handle exports them as JSON with the password and e-mail masked', () => {
    const log = createEventLog();
    const target: { statefrontEvents?: EventLogHandle } = {};
    exposeEventLog(log, target);
    const auth = createActor(authMachine, {
      input: { local: memoryStorage(), session: memoryStorage() },
      inspect: log.inspect('auth'),
    }).start();
    const cart = createActor(cartMachine, { input: { storage: memoryStorage() }, inspect: log.inspect('cart') }).start();
    auth.send({ type: 'auth.login', email: 'ann@example.com', password: 'hunter22', doNotLogout: false });
    cart.send({ type: 'cart.add', item: { productID: 'p1', name: 'Lamp', price: 12.5, count: 3, quantity: 1 } });

    const exported = JSON.parse(target.statefrontEvents!.toJSON()) as { actor: string; event: Record<string, unknown> }[];
    expect(exported.map((e) => [e.actor, e.event.type])).toEqual(
      expect.arrayContaining([
        ['auth', 'auth.login'],
        ['cart', 'cart.add'],
      ]),
    );
    const login = exported.find((e) => e.event.type === 'auth.login')!;
    expect(login.event).toMatchObject({ email: 'xxx@xxxxxxx.xxx', password: 'xxxxxx00' });
    expect(target.statefrontEvents!.toJSON()).not.toMatch(/hunter22|ann@example\.com/);
    auth.stop();
    cart.stop();
  });
});

describe('loading the recorder', () => {
  afterEach(() => {
    window.localStorage.clear();
    delete (window as { statefrontEvents?: unknown }).statefrontEvents;
    vi.resetModules();
  });

  it('when someone turned recording off, then nothing is recorded and no handle appears', async () => {
    window.localStorage.setItem('statefront:event-log', 'off');
    const logModule = await import('./event-log.ts');
    await logModule.startEventLog();
    expect(logModule.devEventLog).toBeUndefined();
    expect('statefrontEvents' in window).toBe(false);
  });

  it('when nothing was set, as for every shopper (a problem report sends the log), then once started the app records and the console handle is there', async () => {
    const logModule = await import('./event-log.ts');
    expect(logModule.devEventLog).toBeUndefined();
    await logModule.startEventLog();
    const cart = createActor(cartMachine, { input: { storage: memoryStorage() }, inspect: logModule.devEventLog?.inspect('cart') }).start();
    cart.send({ type: 'cart.add', item: { productID: 'p1', name: 'Lamp', price: 12.5, count: 3, quantity: 1 } });
    const handle = (window as { statefrontEvents?: EventLogHandle }).statefrontEvents;
    expect(JSON.parse(handle!.toJSON()).map((e: { event: { type: string } }) => e.event.type)).toEqual(['xstate.init', 'cart.add']);
    cart.stop();
  });

  it('when the page hides, then the transitions its machines took go to the shop as counts, labels only, in a beacon', async () => {
    const beacons: Array<{ url: string; body: Blob }> = [];
    const sendBeacon = vi.spyOn(window.navigator, 'sendBeacon').mockImplementation((url, body) => {
      beacons.push({ url: String(url), body: body as Blob });
      return true;
    });
    try {
      // The earlier tests' recorders still listen on this window: theirs go first.
      window.dispatchEvent(new Event('pagehide'));
      beacons.length = 0;
      const logModule = await import('./event-log.ts');
      await logModule.startEventLog();
      const cart = createActor(cartMachine, {
        input: { storage: memoryStorage() },
        inspect: logModule.devEventLog?.inspect('cart'),
      }).start();
      cart.send({ type: 'cart.add', item: { productID: 'p1', name: 'Lamp', price: 12.5, count: 3, quantity: 1 } });
      window.dispatchEvent(new Event('pagehide'));
      expect(beacons.map((b) => [b.url, b.body.type])).toEqual([['/api/machine-counts', BEACON_TYPE.toLowerCase()]]);
      const { counts } = JSON.parse(await beacons[0]!.body.text()) as { counts: unknown[] };
      expect(counts).toEqual([{ machine: 'cart', source: 'cart.active', event: 'cart.add', target: 'cart.active', count: 1 }]);
      cart.stop();
    } finally {
      sendBeacon.mockRestore();
    }
  });

  it('when a tab records past its bound, then the oldest fifth goes at once and the log counts what it let go', async () => {
    const { recordEvents } = await import('./event-log-recorder.ts');
    const log = recordEvents({}, 10);
    const cart = createActor(cartMachine, { input: { storage: memoryStorage() }, inspect: log.inspect('cart') }).start();
    for (let i = 0; i < 10; i += 1)
      cart.send({ type: 'cart.add', item: { productID: `p${i}`, name: 'Lamp', price: 1, count: 3, quantity: 1 } });
    // The start and ten adds: one over the bound, so the two oldest went.
    expect(log.forgotten()).toBe(2);
    expect(log.entries.map((e) => (e.event as { item?: { productID: string } }).item?.productID)).toEqual([
      'p1',
      'p2',
      'p3',
      'p4',
      'p5',
      'p6',
      'p7',
      'p8',
      'p9',
    ]);
    cart.stop();
  });
});
