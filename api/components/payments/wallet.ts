import type { AuthUser } from '../../auth/types.ts';
import type { ApiContext } from '../../context.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import * as orders from '../orders/repository.ts';
import { createWalletClient, type WalletClient } from './wallet-client.ts';
import { walletSettings } from './wallet-settings.ts';

/** The provider's currency for every wallet order of this shop (spec section 7). */
export const CURRENCY = 'USD';

/** Integer cents as the provider's decimal string: 1250 → "12.50". */
export const toDecimal = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The provider's decimal string as integer cents; null when it is not a plain amount with at most two decimals. */
export const fromDecimal = (value: string): number | null => {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};

const clients = new Map<string, WalletClient>();

export type Wallet = { client: WalletClient; source: 'provider' | 'simulator' };

/**
 * The REST client of the configured wallet, kept per base URL so its token is reused.
 * `ownSimulator` is this API's own /wallet-simulator, used when simulating without PAYPAL_API_BASE.
 */
export const walletFor = (ctx: ApiContext, ownSimulator: string): Wallet => {
  const settings = walletSettings(ctx.config);
  if (settings.mode === 'unavailable') throw new AppError(503, settings.reason);
  const apiBase = settings.apiBase ?? ownSimulator;
  const key = `${apiBase}|${settings.clientId}`;
  let client = clients.get(key);
  if (!client) {
    client = createWalletClient({ apiBase, clientId: settings.clientId, clientSecret: settings.clientSecret });
    clients.set(key, client);
  }
  return { client, source: settings.mode };
};

/** A payment for a cancelled order is refused before any money moves. */
export const orderCancelled = () => conflict('This order was cancelled: it can no longer be paid.');

/** The buyer's own wallet order (404 for anyone else's, as for reading it); cod and cancelled orders are refused. */
export const payableOrder = async (ctx: ApiContext, user: AuthUser, orderId: string) => {
  const row = isUuid(orderId) ? await orders.findOrder(ctx.db, orderId) : null;
  if (!row || row.userId !== user._id) throw notFound('That order');
  if (row.paymentMethod === 'cod') {
    throw conflict('This order is paid in cash on delivery: there is nothing to pay online.');
  }
  if (row.isCancelled) throw orderCancelled();
  return row;
};
