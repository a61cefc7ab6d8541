import type { WalletMode } from '#contracts/payment.ts';
import type { ApiConfig } from '../../config.ts';

export const SANDBOX_API_BASE = 'https://api-m.sandbox.paypal.com';
/** The simulator accepts any credentials; these only make its token exchange look like the real one. */
export const SIMULATOR_CLIENT_ID = 'test-wallet-simulator';
const SIMULATOR_SECRET = 'test-wallet-simulator-secret';

export type WalletSettings =
  | { mode: 'provider'; clientId: string; clientSecret: string; apiBase: string }
  | { mode: 'simulator'; clientId: string; clientSecret: string; apiBase: string | undefined }
  | { mode: 'unavailable'; reason: string };

/**
 * Which wallet this API offers. The simulator never exists in production; the real wallet
 * needs both credentials. `apiBase` undefined means the API's own /wallet-simulator.
 */
export const walletSettings = (config: ApiConfig): WalletSettings => {
  const { NODE_ENV, WALLET, PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret, PAYPAL_API_BASE } = config;
  const hasCredentials = Boolean(clientId && clientSecret);
  const wantsSimulator = WALLET === 'simulator' || (WALLET === undefined && !hasCredentials);
  if (wantsSimulator) {
    if (NODE_ENV === 'production') {
      return { mode: 'unavailable', reason: 'Paying by card wallet is not available right now: please choose cash on delivery.' };
    }
    return { mode: 'simulator', clientId: SIMULATOR_CLIENT_ID, clientSecret: SIMULATOR_SECRET, apiBase: PAYPAL_API_BASE };
  }
  if (!clientId || !clientSecret) {
    return { mode: 'unavailable', reason: 'Paying by card wallet is not available right now: please choose cash on delivery.' };
  }
  return { mode: 'provider', clientId, clientSecret, apiBase: PAYPAL_API_BASE ?? SANDBOX_API_BASE };
};

export const walletMode = (config: ApiConfig): WalletMode => walletSettings(config).mode;
