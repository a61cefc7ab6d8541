import { fromPromise } from 'xstate';
import type { HandoffClaimed, HandoffCreated, HandoffLine, HandoffStatus } from '#contracts/handoff.ts';
import type { Product } from '#contracts/product.ts';
import { handoffClaimMachine } from '#machines/handoff/handoff-claim.machine.ts';
import { handoffOfferMachine } from '#machines/handoff/handoff-offer.machine.ts';
import { restoreLines, type Restored } from '#machines/handoff/restore-lines.ts';
import { statusOf } from '#machines/shared/actors.ts';
import { api } from '../../../lib/api.ts';

/** The kiosk's offer with its real effects: POST /api/handoffs (leaving `creating` aborts it), then POST /api/handoffs/status. */
export const liveOfferMachine = handoffOfferMachine.provide({
  actors: {
    create: fromPromise<HandoffCreated, HandoffLine[]>(({ input, signal }) => api.post('/api/handoffs', { lines: input }, { signal })),
    status: fromPromise<HandoffStatus, { token: string }>(({ input, signal }) => api.post('/api/handoffs/status', input, { signal })),
  },
});

/**
 * A claim sent is never abandoned and never sent twice by this page: the server uses the link
 * up on the first request, so a second one (React's development double mount, say) would only
 * hear "already used". A failed claim is forgotten, so Try again sends a new one.
 */
const claims = new Map<string, Promise<HandoffClaimed>>();
const claimOnce = (token: string): Promise<HandoffClaimed> => {
  const known = claims.get(token);
  if (known) return known;
  const claim = api.post<HandoffClaimed>('/api/handoffs/claim', { token });
  claims.set(token, claim);
  claim.catch(() => claims.delete(token));
  return claim;
};

/** Today's product, or null when it is no longer sold (404). */
const currentProduct = (productID: string, signal: AbortSignal): Promise<Product | null> =>
  api.get<Product>(`/api/products/get-one/${encodeURIComponent(productID)}`, { signal }).catch((error: unknown) => {
    if (statusOf(error) === 404) return null;
    throw error;
  });

/** The phone's claim with its real effects: claim the link, then reprice its lines from today's products. */
export const liveClaimMachine = handoffClaimMachine.provide({
  actors: {
    claim: fromPromise<Restored, { token: string }>(async ({ input, signal }) => {
      const { lines } = await claimOnce(input.token);
      return restoreLines(lines, await Promise.all(lines.map((line) => currentProduct(line.productID, signal))));
    }),
  },
});
