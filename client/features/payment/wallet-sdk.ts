import type { PayPalNamespace } from '@paypal/paypal-js';
import type { PaymentsConfig } from '#contracts/payment.ts';
import { api } from '../../lib/api.ts';

/** The wallet's browser SDK once loaded, and whether it is the offline simulator. */
export type LoadedWallet = { paypal: PayPalNamespace; simulated: boolean };

/** The simulator's SDK, served by the API and proxied by the BFF on the shop's own origin. */
export const SIMULATOR_SDK_URL = '/wallet-simulator/sdk/js';

export const WALLET_UNAVAILABLE = 'Paying by wallet is not available yet.';

let loaded: LoadedWallet | null = null;
let reason: string | null = null;

/** Why the wallet cannot be offered: the shop's own words when it said so, else a general sentence. */
export const unavailableReason = (): string => reason ?? WALLET_UNAVAILABLE;

/** The SDK loaded by the last `loadWalletSdk()`; the buttons render from it. */
export const currentWallet = (): LoadedWallet | null => loaded;

/**
 * Asks the API which wallet to use, then loads its SDK (in USD). The module that loads it is
 * imported here, on the order page only, so no other screen pulls in the wallet. Rejects
 * with `{ status, message }` when the wallet is unavailable or the SDK does not load.
 */
export async function loadWalletSdk(): Promise<LoadedWallet> {
  reason = null;
  const config = await api.get<PaymentsConfig>('/api/payments/config');
  if (config.wallet === 'unavailable' || !config.clientId) {
    reason = config.message ?? WALLET_UNAVAILABLE;
    throw { status: 503, message: reason };
  }
  const simulated = config.wallet === 'simulator';
  const { loadScript } = await import('@paypal/paypal-js');
  let paypal: PayPalNamespace | null;
  try {
    paypal = await loadScript({ clientId: config.clientId, currency: 'USD', ...(simulated ? { sdkBaseUrl: SIMULATOR_SDK_URL } : {}) });
  } catch (error) {
    throw { status: 0, message: `The wallet could not be loaded: ${(error as Error).message}` };
  }
  if (!paypal?.Buttons) throw { status: 0, message: 'The wallet loaded without its buttons' };
  loaded = { paypal, simulated };
  return loaded;
}
