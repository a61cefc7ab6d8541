import { z } from 'zod';

/** The way out of kiosk mode: the BFF's route, the PIN's shape and the rule of the lock. */
export const KIOSK_UNLOCK_PATH = '/api/kiosk/unlock';

/** KIOSK_PIN and what the pad may send: digits only, 4 to 12 of them. */
export const KIOSK_PIN_PATTERN = /^\d{4,12}$/;
export const KIOSK_PIN_LENGTH = { min: 4, max: 12 } as const;

/** Wrong PINs in a row that lock the pad, and for how long. */
export const KIOSK_PIN_LOCK = { failures: 5, minutes: 5 } as const;

/** GET: whether a PIN is set at all (unset: kiosk mode cannot be left from the screen). Never the PIN. */
export const KioskPinStatus = z.object({ pinSet: z.boolean() });
export type KioskPinStatus = z.infer<typeof KioskPinStatus>;

/** POST: the PIN the operator typed. */
export const KioskUnlockRequest = z.object({ pin: z.string().regex(KIOSK_PIN_PATTERN, 'The PIN is 4 to 12 digits.') });
export type KioskUnlockRequest = z.infer<typeof KioskUnlockRequest>;

/** The pad's sentences, the same on the server's answers and the screen. */
export const KIOSK_PIN_TEXTS = {
  unavailable: 'This kiosk cannot be left from the screen.',
  wrong: 'Wrong PIN.',
  locked: (minutes: number) => `Too many wrong PINs. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
