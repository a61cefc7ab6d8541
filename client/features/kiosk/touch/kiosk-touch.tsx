/**
 * Kiosk mode's touch-first rules for the whole page (44 px targets, no selection or context
 * menu, no pinch zoom, the on-screen keyboard). The kiosk shell mounts it; a placeholder until
 * the touch work lands.
 */
export function KioskTouch() {
  return null;
}
