/**
 * Kiosk hand-off: the texts and limits both ends share, free of zod so the client
 * can import them without the schema library.
 */
export const HANDOFF = {
  /** A link works once and for this long after the kiosk made it. */
  ttlMinutes: 15,
  /** The spec's order limits (POST /api/orders): a hand-off can never hold a cart no order could. */
  maxLines: 100,
  maxQuantity: 10_000,
  /** How often a kiosk showing the QR asks whether the phone claimed it (POST /api/handoffs/status). */
  statusPollMs: 2_000,
  /** 256 random bits, base64url: 43 characters. */
  tokenLength: 43,
  used: 'This link has already been used',
  expired: 'This link has expired',
  unknown: 'This link is not valid',
} as const;

/**
 * Open links (unclaimed, within their time) one session from one address may hold at once; a
 * guest's are its address's. Apart from HANDOFF, which the client imports whole: only the API
 * and its tests read these, so the cart's chunks do not carry them.
 */
export const HANDOFF_OPEN = {
  max: 20,
  tooMany: 'Too many open hand-off links from here: open one on a phone, or wait 15 minutes, before making another',
} as const;
