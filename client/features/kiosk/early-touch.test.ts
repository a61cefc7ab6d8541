import { describe, expect, it, vi } from 'vitest';
import { EARLY_ACCESS_HASH, EARLY_START_HASH, takeEarlyTouch } from './early-touch.ts';

describe('a touch before the kiosk was interactive', () => {
  it('when the address carries the start fragment, then it counts once and the address loses it', () => {
    const replaceState = vi.fn();
    const place = { hash: EARLY_START_HASH, pathname: '/kiosk', search: '?a=1' };
    expect(takeEarlyTouch(place, { replaceState, state: { kiosk: true } })).toBe(true);
    expect(replaceState).toHaveBeenCalledWith({ kiosk: true }, '', '/kiosk?a=1');
  });

  it('when the address has no fragment or another one, then nothing was touched and the address stays', () => {
    const replaceState = vi.fn();
    expect(takeEarlyTouch({ hash: '', pathname: '/kiosk', search: '' }, { replaceState, state: null })).toBe(false);
    expect(takeEarlyTouch({ hash: '#other', pathname: '/', search: '' }, { replaceState, state: null })).toBe(false);
    expect(replaceState).not.toHaveBeenCalled();
  });
});

describe('a touch on the Accessibility button before the kiosk was interactive', () => {
  it('when the address carries the accessibility fragment, then it counts for the panel once, never as a start', () => {
    const replaceState = vi.fn();
    const place = { hash: EARLY_ACCESS_HASH, pathname: '/kiosk', search: '' };
    expect(takeEarlyTouch(place, { replaceState, state: null })).toBe(false);
    expect(takeEarlyTouch(place, { replaceState, state: null }, EARLY_ACCESS_HASH)).toBe(true);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/kiosk');
  });
});
