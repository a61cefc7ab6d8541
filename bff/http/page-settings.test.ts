import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseShopSettings, SHOP_SETTINGS_DEFAULTS } from '#contracts/shop-settings.ts';
import { loadBffConfig } from '../config.ts';
import { type FakeApi, startFakeApi } from '../testing/fake-api.ts';
import { type TestBff, startTestBff } from '../testing/bff-harness.ts';
import { buildOf, shopSettingsOf, withSettings } from './page-settings.ts';

const settingsIn = (html: string): unknown => {
  const json = /<script id="shop-settings" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
};

describe('the settings the page gets', () => {
  let upstream: FakeApi;
  let bff: TestBff;
  beforeAll(async () => {
    upstream = await startFakeApi();
    bff = await startTestBff({
      apiUrl: upstream.url,
      config: {
        KIOSK: true,
        KIOSK_IDLE_SECONDS: 30,
        KIOSK_WARNING_SECONDS: 5,
        KIOSK_HANDOFF_SECONDS: 90,
        KIOSK_EXIT_HOLD_SECONDS: 2,
        KIOSK_HEARTBEAT_SECONDS: 7,
        MAX_UNITS_PER_PRODUCT: 4,
      },
    });
  });
  afterAll(async () => {
    await bff?.stop();
    await upstream?.stop();
  });

  it.each(['/', '/kiosk', '/index.html', '/product-list'])(
    'when the browser opens %s, then index.html carries the kiosk settings and the order limit as a JSON data block',
    async (path) => {
      const res = await fetch(bff.url + path);
      const html = await res.text();
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(settingsIn(html)).toEqual({
        kiosk: true,
        kioskIdleSeconds: 30,
        kioskWarningSeconds: 5,
        kioskHandoffSeconds: 90,
        kioskExitHoldSeconds: 2,
        kioskHeartbeatSeconds: 7,
        maxUnitsPerProduct: 4,
      });
    },
  );

  it('when the page is served, then the CSP still runs only the shop own scripts (a data block needs no inline permission)', async () => {
    const csp = (await fetch(bff.url)).headers.get('content-security-policy') ?? '';
    const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scripts.split(' ')[0]).toBe("'self'");
    expect(scripts).not.toMatch(/unsafe-inline|nonce-|sha256-/);
  });

  it('when a value holds markup, then it cannot close the block', () => {
    const html = withSettings('<head></head>', {
      kiosk: '</script><script>alert(1)</script>',
    } as never);
    expect(html).not.toContain('</script><script>');
    expect(settingsIn(html)).toEqual({
      kiosk: '</script><script>alert(1)</script>',
    });
  });

  it('when the client was built, then the page names its build (a problem report carries it); without a stamp, none', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'statefront-dist-'));
    mkdirSync(path.join(dist, 'client'));
    expect(buildOf(path.join(dist, 'client'))).toBeUndefined();
    writeFileSync(path.join(dist, 'build-stamp.json'), JSON.stringify({ hash: '0123456789abcdef0123', files: {}, builtAt: '' }));
    expect(buildOf(path.join(dist, 'client'))).toBe('0123456789ab');
  });

  it('when the block is missing or malformed, then the page falls back to the defaults', () => {
    expect(parseShopSettings(undefined)).toEqual(SHOP_SETTINGS_DEFAULTS);
    expect(parseShopSettings({ kiosk: 'yes' })).toEqual(SHOP_SETTINGS_DEFAULTS);
    expect(
      parseShopSettings({
        kiosk: true,
        kioskIdleSeconds: 10,
        kioskWarningSeconds: 3,
        kioskHandoffSeconds: 20,
        kioskExitHoldSeconds: 1,
      }),
    ).toMatchObject({
      kiosk: true,
      kioskIdleSeconds: 10,
      kioskExitHoldSeconds: 1,
    });
  });
});

describe('the kiosk settings at start-up', () => {
  it('when nothing is set, then kiosk mode is only at /kiosk with 60 s idle, a 20 s warning, 120 s for the hand-off and the logo held 5 s for the PIN pad', async () => {
    const config = await loadBffConfig({
      SESSION_SECRET: 'x'.repeat(32),
      INTERNAL_SECRET: 'y'.repeat(32),
    });
    expect(config).toMatchObject({
      KIOSK: false,
      KIOSK_IDLE_SECONDS: 60,
      KIOSK_WARNING_SECONDS: 20,
      KIOSK_HANDOFF_SECONDS: 120,
      KIOSK_EXIT_HOLD_SECONDS: 5,
    });
  });

  it('when KIOSK=1 and the timers are given, then they are read as numbers', async () => {
    const config = await loadBffConfig({
      SESSION_SECRET: 'x'.repeat(32),
      INTERNAL_SECRET: 'y'.repeat(32),
      KIOSK: '1',
      KIOSK_IDLE_SECONDS: '45',
      KIOSK_WARNING_SECONDS: '10',
      KIOSK_HANDOFF_SECONDS: '',
      KIOSK_EXIT_HOLD_SECONDS: '1',
    });
    expect(config).toMatchObject({
      KIOSK: true,
      KIOSK_IDLE_SECONDS: 45,
      KIOSK_WARNING_SECONDS: 10,
      KIOSK_HANDOFF_SECONDS: 120,
      KIOSK_EXIT_HOLD_SECONDS: 1,
    });
  });

  it('when the values are malformed, then start-up stops naming each with what it must be', async () => {
    const error = (await loadBffConfig({
      KIOSK: 'yes',
      KIOSK_IDLE_SECONDS: '0',
      KIOSK_WARNING_SECONDS: 'soon',
      KIOSK_HANDOFF_SECONDS: '1.5',
      KIOSK_EXIT_HOLD_SECONDS: '3601',
    }).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain('- KIOSK: must be 0 (kiosk mode only at /kiosk) or 1 (every page is a kiosk)');
    for (const name of ['KIOSK_IDLE_SECONDS', 'KIOSK_WARNING_SECONDS', 'KIOSK_HANDOFF_SECONDS', 'KIOSK_EXIT_HOLD_SECONDS']) {
      expect(error.message).toContain(`- ${name}: must be a whole number of seconds from 1 to 3600`);
    }
  });
});

describe('settings for QA: a planted bug (tests only), the transition counts', () => {
  it('when a test shop sets PLANTED_BUG, then its pages name the event their machines ignore; production refuses to start with it, and without it pages name none', async () => {
    const test = await loadBffConfig({ NODE_ENV: 'test', PLANTED_BUG: 'cart.add' });
    expect(shopSettingsOf(test).plantedBug).toBe('cart.add');
    expect(parseShopSettings(shopSettingsOf(test)).plantedBug).toBe('cart.add');
    expect(shopSettingsOf(await loadBffConfig({ NODE_ENV: 'test' })).plantedBug).toBeUndefined();
    const refused = (await loadBffConfig({ NODE_ENV: 'production', PLANTED_BUG: 'cart.add', SESSION_SECRET: 'x'.repeat(40) }).catch(
      (e: unknown) => e,
    )) as Error;
    expect(refused.message).toContain('PLANTED_BUG');
  });

  it('when MACHINE_COUNTS=0, then pages are told to send no transition counts; by default they send them', async () => {
    expect(shopSettingsOf(await loadBffConfig({ MACHINE_COUNTS: '0' })).machineCounts).toBe(false);
    expect(shopSettingsOf(await loadBffConfig({})).machineCounts).toBeUndefined();
  });
});
