import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_UNITS_PER_PRODUCT_DEFAULT } from '#contracts/order-limit.ts';
import { SHOP_SETTINGS_ID, type ShopSettings } from '#contracts/shop-settings.ts';
import type { BffConfig } from '../config.ts';

/** What of the BFF's configuration the page may know: kiosk mode and its timers, the order limit, nothing secret. */
export const shopSettingsOf = (
  config: Pick<BffConfig, 'KIOSK' | 'KIOSK_IDLE_SECONDS' | 'KIOSK_WARNING_SECONDS' | 'KIOSK_HANDOFF_SECONDS' | 'KIOSK_EXIT_HOLD_SECONDS'> &
    Partial<
      Pick<
        BffConfig,
        'PUBLIC_ORIGIN' | 'MAX_UNITS_PER_PRODUCT' | 'KIOSK_NAME' | 'KIOSK_HEARTBEAT_SECONDS' | 'PLANTED_BUG' | 'MACHINE_COUNTS'
      >
    >,
  build?: string,
): ShopSettings => ({
  kiosk: config.KIOSK,
  kioskIdleSeconds: config.KIOSK_IDLE_SECONDS,
  kioskWarningSeconds: config.KIOSK_WARNING_SECONDS,
  kioskHandoffSeconds: config.KIOSK_HANDOFF_SECONDS,
  kioskExitHoldSeconds: config.KIOSK_EXIT_HOLD_SECONDS,
  maxUnitsPerProduct: config.MAX_UNITS_PER_PRODUCT ?? MAX_UNITS_PER_PRODUCT_DEFAULT,
  // The kiosk's QR links point here, so phones on the shop's network can open them.
  ...(config.PUBLIC_ORIGIN ? { publicOrigin: config.PUBLIC_ORIGIN } : {}),
  ...(config.KIOSK_NAME ? { kioskName: config.KIOSK_NAME } : {}),
  ...(config.KIOSK_HEARTBEAT_SECONDS ? { kioskHeartbeatSeconds: config.KIOSK_HEARTBEAT_SECONDS } : {}),
  ...(build ? { build } : {}),
  // MACHINE_COUNTS=0: the page sends no transition counts.
  ...(config.MACHINE_COUNTS === false ? { machineCounts: false } : {}),
  // A test shop's planted bug reaches the page's machines (never set in production: bff/config.ts).
  ...(config.PLANTED_BUG ? { plantedBug: config.PLANTED_BUG } : {}),
});

/**
 * The build the client in `clientDir` was made by: the first 12 characters of the stamp
 * `npm run build` writes beside it (scripts/build-stamp.ts); undefined without one (tests, dev).
 */
export const buildOf = (clientDir: string): string | undefined => {
  try {
    const { hash } = JSON.parse(readFileSync(path.join(clientDir, '..', 'build-stamp.json'), 'utf8')) as { hash?: unknown };
    return typeof hash === 'string' ? hash.slice(0, 12) : undefined;
  } catch {
    return undefined;
  }
};

// JSON inside a script element ends at the first `</script`; escaping `<`, `>` and `&` (and the
// two line separators old parsers choke on) keeps any value inert.
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON that is safe as the text of a `<script type="application/json">`, whatever strings it holds. */
export const jsonForScript = (value: unknown): string => JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => ESCAPES[c] ?? c);

/**
 * index.html with the settings as a JSON data block before `</head>`. A data block is never run,
 * so the CSP stays `script-src 'self'`.
 */
export const withSettings = (html: string, settings: ShopSettings): string => {
  const json = jsonForScript(settings);
  const block = `<script id="${SHOP_SETTINGS_ID}" type="application/json">${json}</script>`;
  return beforeHead(html, block);
};

/** `html` with `markup` at the end of its head (or at the start, when it has no `</head>`). */
export const beforeHead = (html: string, markup: string): string =>
  html.includes('</head>') ? html.replace('</head>', () => `${markup}</head>`) : `${markup}${html}`;
