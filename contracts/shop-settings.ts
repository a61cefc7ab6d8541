// The settings the server hands to the page (an escaped JSON block in index.html). zod/mini:
// the kiosk chunk validates it in the browser, where the full zod would weigh 95 KB.
import * as z from 'zod/mini';

/** The id of the `<script type="application/json">` block that carries them. */
export const SHOP_SETTINGS_ID = 'shop-settings';

/**
 * Kiosk vendors' practice: 60 s without input, a 20 s warning (WCAG 2.2.1's least time to answer
 * one: a spec amendment, docs/decisions/020), 2 min while the hand-off QR shows;
 * the operator's way out, the logo held 5 s (long enough that no shopper opens it by chance).
 */
export const SHOP_SETTINGS_DEFAULTS = {
  kiosk: false,
  kioskIdleSeconds: 60,
  kioskWarningSeconds: 20,
  kioskHandoffSeconds: 120,
  kioskExitHoldSeconds: 5,
} as const;

/** The event a test shop may be started with broken (PLANTED_BUG, like `cart.add`): one machine's event. */
export const PLANTED_BUG_PATTERN = /^[a-z][a-zA-Z-]*\.[a-zA-Z.]+$/;

/** How often a kiosk sends its heartbeat when the page is not told (KIOSK_HEARTBEAT_SECONDS). */
export const KIOSK_HEARTBEAT_SECONDS_DEFAULT = 15;

/** Seconds a kiosk timer may take: at least one, at most an hour (nothing waits forever). */
export const KIOSK_SECONDS = { min: 1, max: 3600 } as const;

const seconds = z.int().check(z.minimum(KIOSK_SECONDS.min), z.maximum(KIOSK_SECONDS.max));

export const ShopSettings = z.object({
  /** Every visitor of this instance gets kiosk mode (KIOSK=1). */
  kiosk: z.boolean(),
  kioskIdleSeconds: seconds,
  kioskWarningSeconds: seconds,
  kioskHandoffSeconds: seconds,
  /** How long the logo is held before the PIN pad opens (KIOSK_EXIT_HOLD_SECONDS). */
  kioskExitHoldSeconds: seconds,
  /**
   * MAX_UNITS_PER_PRODUCT: the quantity choices of a product page, cart and kiosk stop there. The
   * shop's pages read it by hand (client/lib/order-limit.ts), so the kiosk chunk's zod skips it.
   */
  maxUnitsPerProduct: z.optional(z.int()),
  /** The build the page comes from (the start of dist/build-stamp.json's hash): a problem report names it. */
  build: z.optional(z.string()),
  /** PUBLIC_ORIGIN when set: the origin of the links a kiosk hands to phones (its QR). */
  publicOrigin: z.optional(z.url({ protocol: /^https?$/ })),
  /** KIOSK_HEARTBEAT_SECONDS: how often a kiosk tells the shop its state (/admin/kiosks); unset, 15. */
  kioskHeartbeatSeconds: z.optional(seconds),
  /** KIOSK_NAME when set: the name the admin's card gives this kiosk (else the one in `/kiosk?name=…`). */
  kioskName: z.optional(z.string()),
  /** False when MACHINE_COUNTS=0: the page sends no counts of its machines' transitions. The page reads it by hand. */
  machineCounts: z.optional(z.boolean()),
  /** PLANTED_BUG, on a test shop only: the event the page's machines ignore (machines/shared/planted-bug.ts). */
  plantedBug: z.optional(z.string().check(z.regex(PLANTED_BUG_PATTERN))),
});
export type ShopSettings = z.infer<typeof ShopSettings>;

/** The page's settings, or the defaults when they are missing or malformed (a page must still run). */
export const parseShopSettings = (value: unknown): ShopSettings => {
  const result = ShopSettings.safeParse(value);
  return result.success ? result.data : { ...SHOP_SETTINGS_DEFAULTS };
};
