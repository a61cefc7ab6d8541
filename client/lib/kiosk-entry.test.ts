// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '#machines/shared/storage.ts';
import { KIOSK_KEY, readPageSettings, rememberedKioskName, startsInKioskMode } from './kiosk-entry.ts';

describe('kiosk mode at start-up', () => {
  it('when the page opens at /kiosk, then kiosk mode is on and the device remembers it for its other pages', () => {
    const storage = memoryStorage();
    expect(startsInKioskMode('/kiosk', storage, undefined)).toBe(true);
    expect(storage.getItem(KIOSK_KEY)).toBe('on');
    expect(startsInKioskMode('/', storage, undefined)).toBe(true);
  });

  it('when the kiosk is opened at /kiosk?name=…, then the device remembers its name for the staff it calls', () => {
    const storage = memoryStorage();
    startsInKioskMode('/kiosk', storage, undefined, '?name=Entrance%20hall');
    expect(rememberedKioskName(storage)).toBe('Entrance hall');
    // Another page's name parameter is none of the kiosk's.
    startsInKioskMode('/product-list', storage, undefined, '?name=Other');
    expect(rememberedKioskName(storage)).toBe('Entrance hall');
  });

  it('when a device never opened /kiosk, then the shop is a shop', () => {
    expect(startsInKioskMode('/', memoryStorage(), { kiosk: false })).toBe(false);
  });

  it('when the instance runs with KIOSK=1, then every page is a kiosk without remembering anything', () => {
    const storage = memoryStorage();
    expect(startsInKioskMode('/product-list', storage, { kiosk: true })).toBe(true);
    expect(storage.getItem(KIOSK_KEY)).toBeNull();
  });

  it('when the page carries the settings block, then it is read; a broken block reads as none', () => {
    // The head as it was afterwards: the worker's next files share this document (vitest.config.ts).
    const headAsFound = [...document.head.childNodes];
    try {
      document.head.innerHTML = '<script id="shop-settings" type="application/json">{"kiosk":true}</script>';
      expect(readPageSettings()).toEqual({ kiosk: true });
      document.head.innerHTML = '<script id="shop-settings" type="application/json">{kiosk</script>';
      expect(readPageSettings()).toBeUndefined();
    } finally {
      document.head.replaceChildren(...headAsFound);
    }
  });
});
