// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TransitionCount } from '#contracts/machine-count-rules.ts';
import { machineCountsOn, sendMachineCounts } from './machine-counts.ts';

const row = (event: string, count = 1): TransitionCount => ({
  machine: 'cart',
  source: 'cart.active',
  event,
  target: 'cart.active',
  count,
});

const hide = () => {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};

describe("sending the page's transition counts", () => {
  afterEach(() => vi.useRealTimers());

  it('when a minute passes, then what was counted since goes; when the page is hidden, then the rest goes at once; nothing counted, nothing sent', () => {
    vi.useFakeTimers();
    let counted: TransitionCount[] = [row('cart.add', 2)];
    const take = () => [counted, (counted = [])][0]!;
    const sent: TransitionCount[][] = [];
    const stop = sendMachineCounts(take, { send: (c) => sent.push(c), sendHidden: (c) => sent.push(c) });
    vi.advanceTimersByTime(60_000);
    expect(sent).toEqual([[row('cart.add', 2)]]);
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(1);
    counted = [row('cart.setQuantity')];
    hide();
    expect(sent).toEqual([[row('cart.add', 2)], [row('cart.setQuantity')]]);
    stop();
  });

  it('when the page is hidden, then its counts go by navigator.sendBeacon to the counts route as a text/plain JSON body, no fetch; a beacon the browser refuses goes by the keepalive fetch', async () => {
    const beacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    const fetched = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetched);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    let counted = [row('cart.add', 3)];
    const stop = sendMachineCounts(() => [counted, (counted = [])][0]!);
    try {
      hide();
      expect(beacon).toHaveBeenCalledTimes(1);
      const [url, body] = beacon.mock.calls[0]!;
      expect(url).toBe('/api/machine-counts');
      expect((body as Blob).type).toBe('text/plain;charset=utf-8');
      expect(JSON.parse(await (body as Blob).text())).toEqual({ counts: [row('cart.add', 3)] });
      expect(fetched).not.toHaveBeenCalled();
      beacon.mockReturnValueOnce(false);
      counted = [row('cart.clear')];
      window.dispatchEvent(new Event('pagehide'));
      expect(fetched).toHaveBeenCalledTimes(1);
      expect(fetched.mock.calls[0]![1]).toMatchObject({ keepalive: true, headers: { 'X-CSRF': '1' } });
    } finally {
      stop();
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'sendBeacon');
    }
  });

  it('when the shop says MACHINE_COUNTS=0, then the page sends none', () => {
    expect(machineCountsOn({ machineCounts: false })).toBe(false);
    expect(machineCountsOn({ kiosk: false })).toBe(true);
    expect(machineCountsOn(undefined)).toBe(true);
  });
});
