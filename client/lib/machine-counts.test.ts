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

describe("sending the page's transition counts", () => {
  afterEach(() => vi.useRealTimers());

  it('when a minute passes, then what was counted since goes; when the page is hidden, then the rest goes at once; nothing counted, nothing sent', () => {
    vi.useFakeTimers();
    let counted: TransitionCount[] = [row('cart.add', 2)];
    const take = () => [counted, (counted = [])][0]!;
    const sent: TransitionCount[][] = [];
    const stop = sendMachineCounts(take, { send: (c) => sent.push(c) });
    vi.advanceTimersByTime(60_000);
    expect(sent).toEqual([[row('cart.add', 2)]]);
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(1);
    counted = [row('cart.setQuantity')];
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent).toEqual([[row('cart.add', 2)], [row('cart.setQuantity')]]);
    stop();
  });

  it('when the shop says MACHINE_COUNTS=0, then the page sends none', () => {
    expect(machineCountsOn({ machineCounts: false })).toBe(false);
    expect(machineCountsOn({ kiosk: false })).toBe(true);
    expect(machineCountsOn(undefined)).toBe(true);
  });
});
