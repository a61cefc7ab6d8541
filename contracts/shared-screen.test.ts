import { describe, expect, it } from 'vitest';
import { SCREEN_MAX_BYTES, fitScreen, parseSharedScreen, type SharedScreen, utf8Bytes } from './shared-screen.ts';

const screen = (title: string): SharedScreen => ({ path: '/cart', title, signedInAs: null, cart: [], step: null, error: null, events: [] });

describe('the shared screen on the wire', () => {
  it('when a text has letters of every width, then its size is what it takes in UTF-8 on the wire', () => {
    for (const text of ['', 'Cart', 'Crème brûlée', '€ 12', 'Ω😀ß', 'emoji 👍🏽 last', '\ud800 lone', 'x\udc00'])
      expect(utf8Bytes(text), text).toBe(Buffer.byteLength(text, 'utf8'));
  });

  it('when an update is under 2 KB in JavaScript letters but over it in UTF-8, then the hub refuses it; the same in ASCII passes', () => {
    const withLines = (letter: string): SharedScreen => ({
      ...screen('Cart'),
      cart: Array.from({ length: 5 }, () => ({ name: letter.repeat(150), quantity: 1, price: 1 })),
    });
    expect(JSON.stringify(withLines('€')).length).toBeLessThan(SCREEN_MAX_BYTES);
    expect(parseSharedScreen(withLines('€'))).toBeNull();
    expect(parseSharedScreen(withLines('e'))).toEqual(withLines('e'));
    // What a page sends is cut to fit instead.
    expect(Buffer.byteLength(JSON.stringify(fitScreen(withLines('€'))))).toBeLessThan(SCREEN_MAX_BYTES);
  });
});
