import { z } from 'zod';

/**
 * The card wallet. The browser only asks the API to create the wallet order and
 * then hands back its id; the API captures and verifies it with the provider.
 */

/** GET /api/payments/config: which wallet the order page can offer. */
export const WALLET_MODES = ['provider', 'simulator', 'unavailable'] as const;
export type WalletMode = (typeof WALLET_MODES)[number];
export const PaymentsConfig = z.object({ wallet: z.enum(WALLET_MODES), clientId: z.string().optional(), message: z.string().optional() });
export type PaymentsConfig = z.infer<typeof PaymentsConfig>;

/** POST /api/orders/{id}/wallet-order answers the provider's order id. */
export type WalletOrderResponse = { id: string };

/** PUT /api/orders/paid/{id}: the wallet order the buyer approved. */
export const PayOrderBody = z.object({
  walletOrderId: z
    .string('walletOrderId is required')
    .trim()
    .min(1, 'walletOrderId is required')
    .max(64, 'walletOrderId is too long')
    .regex(/^[A-Za-z0-9-]+$/, 'walletOrderId is not a wallet order id'),
});
export type PayOrderBody = z.infer<typeof PayOrderBody>;
