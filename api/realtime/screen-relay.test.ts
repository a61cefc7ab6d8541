import { afterEach, describe, expect, it, vi } from 'vitest';
import { fitScreen, parseSharedScreen, type SharedScreen } from '#contracts/shared-screen.ts';
import { createScreenRelay } from './screen-relay.ts';

const screen = (path: string): SharedScreen => ({ path, title: path, signedInAs: null, cart: [], step: null, error: null, events: [] });

afterEach(() => vi.useRealTimers());

describe('the shared screen relay', () => {
  it('when a page sends 20 views within one window, then admins get the first and the newest only; a busy page reaches them at most 4 times a second', () => {
    vi.useFakeTimers();
    const sent: Array<[string, string | null]> = [];
    const relay = createScreenRelay((c, s) => sent.push([c, s?.path ?? null]));
    for (let i = 1; i <= 20; i++) relay.push('c1', screen(`/p${i}`));
    relay.push('c2', screen('/other'));
    expect(sent).toEqual([
      ['c1', '/p1'],
      ['c2', '/other'],
    ]);
    vi.advanceTimersByTime(250);
    expect(sent.filter(([c]) => c === 'c1')).toEqual([
      ['c1', '/p1'],
      ['c1', '/p20'],
    ]);
    // A view every 10 ms for just under a second: 4 reach admins (one a window), then the newest.
    sent.length = 0;
    vi.advanceTimersByTime(1000);
    for (let t = 0; t < 99; t++) {
      relay.push('c1', screen(`/q${t}`));
      vi.advanceTimersByTime(10);
    }
    expect(sent.length).toBeLessThanOrEqual(4);
    vi.advanceTimersByTime(250);
    expect(sent.at(-1)).toEqual(['c1', '/q98']);
  });

  it('when sharing stops, then what waited is dropped and admins hear null', () => {
    vi.useFakeTimers();
    const sent: Array<string | null> = [];
    const relay = createScreenRelay((_c, s) => sent.push(s?.path ?? null));
    relay.push('c1', screen('/a'));
    relay.push('c1', screen('/b'));
    relay.stop('c1');
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual(['/a', null]);
  });

  it('when a page has more to show than 2 KB, then it sends the screen cut (oldest events first, then the last cart lines) and the hub accepts it', () => {
    const line = { name: 'A book with a rather long title', quantity: 1, price: 9.99 };
    const event = { machine: 'cart', event: 'cart.setQuantity', at: '2026-11-29T11:00:00.000Z' };
    const big = { ...screen('/cart'), cart: Array(30).fill(line), events: Array(10).fill(event) };
    expect(parseSharedScreen(big)).toBeNull();
    const fitted = fitScreen(big);
    expect(fitted.events).toEqual([]);
    expect(fitted.cart.length).toBeGreaterThan(0);
    expect(parseSharedScreen(fitted)).toEqual(fitted);
  });
});
