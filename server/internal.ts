/**
 * The BFF → API credential (decision 005). The BFF signs the shopper's address with the
 * shared INTERNAL_SECRET and a purpose: `session` on its own session calls (the only calls
 * that may make the API issue a token), `proxy` on everything it streams through. The API
 * believes the address, and issues tokens, only when the proof holds. Header names live here
 * because both sides must spell them alike; the signing itself needs node:crypto, so each
 * side has its few lines of it.
 */
export const CLIENT_HEADER = 'x-statefront-client';
export const PROOF_HEADER = 'x-statefront-proof';

export type InternalPurpose = 'session' | 'proxy';

/** What the HMAC covers: the purpose and the address, so neither can be swapped alone. */
export const proofMessage = (purpose: InternalPurpose, address: string): string => `${purpose}:${address}`;

/**
 * The shop's guest chat cookie as the BFF read it on the shop's own pages (decision 013); the API
 * believes it only beside a valid proof, and the BFF drops any the browser sent itself.
 */
export const CHAT_VISITOR_HEADER = 'x-statefront-chat-visitor';

/**
 * The instance's KIOSK_NAME (URI-encoded), set by a BFF that serves one named kiosk on every
 * request it forwards: the instance vouches for the heartbeats of its kiosks, the way a kiosk's
 * own key does (docs/decisions/030-kiosk-fleet.md). Believed only beside a valid proof; the
 * BFF drops any the browser sent.
 */
export const KIOSK_INSTANCE_HEADER = 'x-statefront-kiosk-instance';
