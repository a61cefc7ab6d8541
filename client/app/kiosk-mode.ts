/**
 * Kiosk mode for the shop's features: they may not import the kiosk feature itself
 * (.dependency-cruiser.cjs), so the context the kiosk shell provides is read through here.
 */
export { useKioskMode, type KioskMode } from '../features/kiosk/kiosk-mode.ts';
