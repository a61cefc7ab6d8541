import { z } from 'zod';
import { Id } from './common.ts';
import { HANDOFF } from './handoff-rules.ts';

/**
 * One cart line of a hand-off: which product and how many, nothing else. The phone reprices
 * from the products as they are when it claims, so no price, name or person is ever stored:
 * any other key is refused rather than silently dropped.
 */
export const HandoffLine = z.strictObject({
  productID: Id,
  quantity: z
    .number('Quantity must be a number')
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(HANDOFF.maxQuantity, `Quantity can be at most ${HANDOFF.maxQuantity}`),
});
export type HandoffLine = z.infer<typeof HandoffLine>;

/** POST /api/handoffs: the kiosk's cart as product ids and quantities, one line per product. */
export const CreateHandoffBody = z.object({
  lines: z
    .array(HandoffLine, 'lines must be a list of { productID, quantity }')
    .min(1, 'Your cart is empty')
    .max(HANDOFF.maxLines, `A cart can hold at most ${HANDOFF.maxLines} products`),
});
export type CreateHandoffBody = z.infer<typeof CreateHandoffBody>;

/** 201 answer: the one-time token (shown once, stored only as a hash) and when it stops working. */
export type HandoffCreated = { token: string; expiresAt: string };

/** POST /api/handoffs/claim: the token travels in the body, so it never sits in a logged path. */
export const ClaimHandoffBody = z.object({
  token: z.string('token is required').min(1, 'token is required').max(200, 'token is too long'),
});
export type ClaimHandoffBody = z.infer<typeof ClaimHandoffBody>;

/**
 * POST /api/handoffs/status `{ token }` (the ClaimHandoffBody shape): whether the link was claimed;
 * only the kiosk that made it knows the token. Never the lines.
 */
export type HandoffStatus = { claimed: boolean };

/** 200 answer of the one claim that wins: the cart lines as the kiosk had them. */
export type HandoffClaimed = { lines: HandoffLine[] };
