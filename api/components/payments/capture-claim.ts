import type { Queryable } from '../../db/index.ts';
import { conflict } from '../../http/errors.ts';
import { orderCancelled } from './wallet.ts';
import * as payments from './repository.ts';
import type { WalletClient } from './wallet-client.ts';

export type Claim = { claimed: true } | { claimed: false; paidAt: Date | string | null };

const underWay = () =>
  conflict(
    'This order is already being paid with another wallet payment: wait a moment, then reload the order to see whether it went through.',
  );

/**
 * Whether a claim left behind (a crash, a wallet that stopped answering mid-capture) may be
 * given up: only when the wallet shows its wallet order was never captured, so no money moved.
 */
const abandoned = async (client: WalletClient, holder: string): Promise<boolean> => {
  try {
    const held = await client.getOrder(holder);
    return held.status !== 'COMPLETED' && !held.purchase_units?.[0]?.payments?.captures?.length;
  } catch {
    // Unknown to the wallet (or unreachable): we cannot tell, so the claim stays.
    return false;
  }
};

/**
 * Claims the order for capturing `walletOrderId` before any money moves: a paid order answers
 * `claimed: false` with its paidAt; another wallet order's claim is refused with 409 without
 * a capture, unless it is stale and the wallet confirms it was never captured.
 */
export const claimOrder = async (db: Queryable, client: WalletClient, orderId: string, walletOrderId: string): Promise<Claim> => {
  const refusal = await payments.claimCapture(db, orderId, walletOrderId);
  if (refusal === null) return { claimed: true };
  if (refusal.isPaid) return { claimed: false, paidAt: refusal.paidAt };
  if (refusal.isCancelled) throw orderCancelled();
  if (refusal.holder === null) throw conflict('This order can no longer be paid.');
  if (!refusal.stale || !(await abandoned(client, refusal.holder))) throw underWay();
  if (!(await payments.takeOverClaim(db, orderId, refusal.holder, walletOrderId))) throw underWay();
  return { claimed: true };
};
