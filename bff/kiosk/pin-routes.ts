import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import express, { type Request, type Response, Router } from 'express';
import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { KIOSK_PIN_LOCK, KIOSK_PIN_TEXTS, KioskUnlockRequest, type KioskPinStatus } from '#contracts/kiosk-pin.ts';
import { clientIp } from '../http/rate-limits.ts';
import { pinLockout } from './pin-lockout.ts';
import { countRefusal } from '#server/metrics.ts';

/**
 * Wrong PINs from one address across devices before the address is locked too: a device is
 * only a cookie, which a guesser on the store's network can drop to get five fresh tries. Four
 * kiosks' worth, so one shopper's attempts at one terminal never lock the store's others.
 */
export const PIN_FAILURES_PER_ADDRESS = KIOSK_PIN_LOCK.failures * 4;

const DEVICE_COOKIE = 'sf_kiosk_device';
// The __Host- prefix makes the browser refuse the cookie unless Secure, Path=/ and no Domain.
const SECURE_DEVICE_COOKIE = '__Host-sf_kiosk_device';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const DEVICE_ID = /^[0-9a-f-]{36}$/;

export type KioskPinRoutesOptions = {
  /** KIOSK_PIN; unset: kiosk mode cannot be left from the screen and nothing is compared. */
  pin: string | undefined;
  isTls: (req: Request) => boolean;
  logger: Logger;
  /** The limiters' shared counters (REDIS_URL); this instance's memory otherwise. */
  stores?: { failures?: Store | undefined; locks?: Store | undefined };
};

/** Both sides hashed first, so the comparison takes the same time whatever the lengths. */
const sameSecret = (typed: string, pin: string): boolean =>
  timingSafeEqual(createHash('sha256').update(typed).digest(), createHash('sha256').update(pin).digest());

const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * GET /kiosk/unlock answers whether a PIN is set; POST checks the typed PIN. The PIN never
 * leaves the server. Wrong PINs lock the pad for KIOSK_PIN_LOCK.minutes per kiosk device (a
 * long-lived httpOnly cookie the idle reset does not touch) and address, and per address across
 * devices; the lock holds even for the right PIN and its answer says when it ends (Retry-After).
 * Mounted under /api: the anti-forgery check and the /api limit come first.
 */
export const kioskPinRoutes = ({ pin, isTls, logger, stores }: KioskPinRoutesOptions): Router => {
  const router = Router();
  const windowMs = KIOSK_PIN_LOCK.minutes * 60_000;
  const byDevice = pinLockout({ failures: KIOSK_PIN_LOCK.failures, windowMs, stores });
  const byAddress = pinLockout({ failures: PIN_FAILURES_PER_ADDRESS, windowMs, stores });

  const deviceOf = (req: Request, res: Response): string => {
    const secure = isTls(req);
    const name = secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
    const given = parseCookie(req.headers.cookie ?? '')[name];
    if (given && DEVICE_ID.test(given)) return given;
    const id = randomUUID();
    res.append('set-cookie', stringifySetCookie(name, id, { httpOnly: true, sameSite: 'strict', path: '/', secure, maxAge: YEAR_SECONDS }));
    return id;
  };

  const refuseLocked = (res: Response, ms: number) => {
    countRefusal('bff', 'kiosk-pin');
    res.setHeader('retry-after', String(Math.ceil(ms / 1000)));
    res.status(429).json({ message: KIOSK_PIN_TEXTS.locked(minutesOf(ms)) });
  };

  router.get('/kiosk/unlock', (req, res) => {
    deviceOf(req, res);
    res.json({ pinSet: pin !== undefined } satisfies KioskPinStatus);
  });

  router.post('/kiosk/unlock', express.json({ limit: '1kb' }), async (req, res) => {
    if (pin === undefined) return void res.status(404).json({ message: KIOSK_PIN_TEXTS.unavailable });
    const device = deviceOf(req, res);
    const parsed = KioskUnlockRequest.safeParse(req.body);
    if (!parsed.success)
      return void res.status(400).json({ message: parsed.error.issues[0]?.message ?? 'The PIN is 4 to 12 digits.', field: 'pin' });
    const ip = clientIp(req);
    const deviceKey = `device:${device}|${ip}`;
    const addressKey = `address:${ip}`;
    try {
      const locked = Math.max(await byDevice.lockedFor(deviceKey), await byAddress.lockedFor(addressKey));
      if (locked > 0) return refuseLocked(res, locked);
      if (sameSecret(parsed.data.pin, pin)) return void res.json({ left: true });
      const [forDevice, forAddress] = [await byDevice.fail(deviceKey), await byAddress.fail(addressKey)];
      const lockedNow = Math.max(forDevice.lockedFor, forAddress.lockedFor);
      if (lockedNow > 0) {
        logger.warn({ requestId: req.requestId, ip }, 'kiosk PIN pad locked after wrong PINs');
        return refuseLocked(res, lockedNow);
      }
      const left = forDevice.triesLeft;
      res.status(403).json({ message: `${KIOSK_PIN_TEXTS.wrong} ${left} ${left === 1 ? 'try' : 'tries'} left.`, field: 'pin' });
    } catch (err) {
      // Without its counters the lock cannot hold: refuse rather than allow unlimited guesses.
      logger.warn({ err, requestId: req.requestId }, 'kiosk PIN counters unavailable');
      res.status(503).json({ message: 'The PIN cannot be checked right now. Try again in a moment.' });
    }
  });

  return router;
};
