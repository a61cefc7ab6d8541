/**
 * Where a phone's tab keeps the display choices it took over from a kiosk (handoff-display.ts):
 * on its own, so the shop's start-up can look for them without loading their styles.
 */
export const HANDOFF_DISPLAY_KEY = 'statefront.handoffDisplay';
