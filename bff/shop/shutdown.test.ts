import { describe, expect, it } from 'vitest';
import { RELAY_WINDOW_MS, signalPresses } from './shutdown.ts';

describe('stop signals: a press relayed by npm is not a second press', () => {
  const clock = () => {
    let now = 0;
    return { now: () => now, pass: (ms: number) => (now += ms) };
  };

  it('when the same signal comes again within the relay window, then it is the same press; after it, a second one', () => {
    const time = clock();
    const pressOf = signalPresses(RELAY_WINDOW_MS, time.now);
    expect(pressOf('SIGINT')).toBe('first');
    time.pass(5);
    expect(pressOf('SIGINT')).toBeUndefined();
    time.pass(RELAY_WINDOW_MS);
    expect(pressOf('SIGINT')).toBe('again');
  });

  it('when another signal follows at once (SIGINT, then SIGTERM), then it is a second press', () => {
    const time = clock();
    const pressOf = signalPresses(RELAY_WINDOW_MS, time.now);
    expect(pressOf('SIGINT')).toBe('first');
    time.pass(5);
    expect(pressOf('SIGTERM')).toBe('again');
  });
});
