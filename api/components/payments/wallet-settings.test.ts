import { describe, expect, it } from 'vitest';
import type { ApiConfig } from '../../config.ts';
import { fromDecimal, toDecimal } from './wallet.ts';
import { SANDBOX_API_BASE, walletSettings } from './wallet-settings.ts';

const config = (over: Partial<ApiConfig>): ApiConfig => ({ NODE_ENV: 'development', ...over }) as ApiConfig;
const credentials = { PAYPAL_CLIENT_ID: 'live-id', PAYPAL_CLIENT_SECRET: 'live-secret' };

describe('which wallet the shop offers', () => {
  it("when no credentials are set outside production, then the simulator, on the API's own simulator unless a base is given", () => {
    expect(walletSettings(config({}))).toMatchObject({ mode: 'simulator', apiBase: undefined });
    expect(walletSettings(config({ PAYPAL_API_BASE: 'http://127.0.0.1:9/wallet-simulator' }))).toMatchObject({
      mode: 'simulator',
      apiBase: 'http://127.0.0.1:9/wallet-simulator',
    });
  });

  it('when credentials are set, then the provider, at the sandbox unless PAYPAL_API_BASE says otherwise', () => {
    expect(walletSettings(config(credentials))).toEqual({
      mode: 'provider',
      clientId: 'live-id',
      clientSecret: 'live-secret',
      apiBase: SANDBOX_API_BASE,
    });
    expect(walletSettings(config({ ...credentials, PAYPAL_API_BASE: 'https://api-m.paypal.com' }))).toMatchObject({
      apiBase: 'https://api-m.paypal.com',
    });
  });

  it('when WALLET=simulator is set with credentials outside production, then the simulator', () => {
    expect(walletSettings(config({ ...credentials, WALLET: 'simulator' })).mode).toBe('simulator');
  });

  it('when in production without credentials, or asking for the simulator, then the wallet is unavailable with a clear reason', () => {
    for (const over of [
      {},
      { WALLET: 'simulator' as const },
      { WALLET: 'provider' as const },
      { ...credentials, WALLET: 'simulator' as const },
    ]) {
      expect(walletSettings(config({ NODE_ENV: 'production', ...over }))).toEqual({
        mode: 'unavailable',
        reason: expect.stringMatching(/not available.*cash on delivery/),
      });
    }
    expect(walletSettings(config({ NODE_ENV: 'production', ...credentials })).mode).toBe('provider');
  });

  it('when WALLET=provider lacks a credential, then unavailable rather than the simulator', () => {
    expect(walletSettings(config({ WALLET: 'provider', PAYPAL_CLIENT_ID: 'only-id' })).mode).toBe('unavailable');
  });
});

describe("the provider's decimal amounts", () => {
  it('when cents become a decimal string and back, then nothing is lost', () => {
    for (const cents of [0, 1, 10, 99, 100, 2500, 123_456_789]) expect(fromDecimal(toDecimal(cents))).toBe(cents);
    expect(toDecimal(2505)).toBe('25.05');
  });

  it('when an amount is not a plain decimal with at most two places, then it is not read as money', () => {
    for (const bad of ['', '1.234', '-1.00', '1e3', 'abc', '1,00']) expect(fromDecimal(bad)).toBeNull();
    expect(fromDecimal('25.5')).toBe(2550);
  });
});
