import { describe, expect, it } from 'vitest';
import { browserOf, fitEvents } from './report-payload.ts';

describe('a problem report’s payload', () => {
  it('when the log is over the limit, then the oldest events are left out first, counted, and the rest fits exactly', () => {
    const events = Array.from({ length: 10 }, (_, i) => ({ actor: 'cart', event: { type: `e${i}` } }));
    const whole = JSON.stringify(events).length;
    expect(fitEvents(events, whole)).toEqual({ events, dropped: 0 });
    const fitted = fitEvents(events, whole - 1);
    expect(fitted.dropped).toBe(1);
    expect(fitted.events).toEqual(events.slice(1));
    expect(JSON.stringify(fitted.events).length).toBeLessThanOrEqual(whole - 1);
    expect(fitEvents(events, 1)).toEqual({ events: [], dropped: 10 });
  });

  it('when text outside ASCII is logged, then its bytes count, not its characters', () => {
    const events = [{ event: { type: 'ä'.repeat(10) } }, { event: { type: 'b' } }];
    expect(fitEvents(events, JSON.stringify(events).length + 5).dropped).toBe(1);
  });

  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.33 Safari/537.36',
      'Chrome',
      '131.0.6778.33',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0.2849.68',
      'Edge',
      '130.0.2849.68',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', '133.0'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari',
      '18.1',
    ],
    ['curl/8.5', 'Unknown', ''],
  ])('when the user agent is %s, then the browser is %s %s', (ua, name, version) => {
    expect(browserOf(ua)).toEqual({ name, version });
  });
});
