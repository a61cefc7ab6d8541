import { fromPromise } from 'xstate';
import { KIOSK_HEARTBEAT_SECONDS_DEFAULT, parseShopSettings } from '#contracts/shop-settings.ts';
import { kioskMachine, type BuildCheck, type KioskInput, type SessionCheck } from '#machines/kiosk/kiosk.machine.ts';
import { api } from '../../lib/api.ts';
import { openShopSocket } from '../../lib/chat-socket.ts';
import { readPageSettings, rememberedKioskName } from '../../lib/kiosk-entry.ts';
import { isNewBuild, runningScripts, scriptsIn } from './build-assets.ts';
import { trackedSockets, wipeStorage } from './wipe.ts';

/** Every chat socket this page opens; the reset closes them. */
export const kioskSockets = trackedSockets(openShopSocket);

const storage = (pick: () => Storage): Storage | null => {
  try {
    return pick();
  } catch {
    return null;
  }
};

/** A public GET that goes through the BFF to the API: any answer but 502–504 means the shop is back. */
const PROBE_URL = '/api/categories';
const UNREACHABLE: readonly number[] = [502, 503, 504];

/** The machine's timers from the server's settings (defaults when the block is missing or malformed). */
export const kioskInput = (raw: unknown = readPageSettings()): KioskInput => {
  const s = parseShopSettings(raw);
  return {
    idleMs: s.kioskIdleSeconds * 1000,
    warningMs: s.kioskWarningSeconds * 1000,
    handoffMs: s.kioskHandoffSeconds * 1000,
  };
};

/** PUBLIC_ORIGIN from the server's settings, for the hand-off's QR (undefined: the page's origin). */
export const publicOrigin = (raw: unknown = readPageSettings()): string | undefined => parseShopSettings(raw).publicOrigin;

/**
 * The name staff know this kiosk by: KIOSK_NAME from the server's settings, else the one its
 * address gave when kiosk mode was turned on (`/kiosk?name=…`, remembered on the device).
 */
export const kioskName = (raw: unknown = readPageSettings()): string | undefined =>
  parseShopSettings(raw).kioskName ?? rememberedKioskName();

/** How often this kiosk tells the shop its state (KIOSK_HEARTBEAT_SECONDS), and the build it runs. */
export const heartbeatSettings = (raw: unknown = readPageSettings()): { everySeconds: number; build?: string } => {
  const s = parseShopSettings(raw);
  return { everySeconds: s.kioskHeartbeatSeconds ?? KIOSK_HEARTBEAT_SECONDS_DEFAULT, ...(s.build ? { build: s.build } : {}) };
};

/** How long the logo is held before the PIN pad opens, from the server's settings (KIOSK_EXIT_HOLD_SECONDS). */
export const exitHoldMs = (raw: unknown = readPageSettings()): number => parseShopSettings(raw).kioskExitHoldSeconds * 1000;

/**
 * The kiosk machine with the browser's effects. The reset closes the chats, ends the session on
 * the server (the BFF drops the cookie and the API refuses the token), then wipes both storages
 * but the kiosk flag; the shell has already unmounted the shopper's app (its history and forms).
 */
export const liveKioskMachine = kioskMachine.provide({
  actors: {
    resetSession: fromPromise<void, void>(async ({ signal }) => {
      kioskSockets.closeAll();
      try {
        await api.get('/api/logout', { signal });
      } finally {
        wipeStorage(storage(() => window.localStorage));
        wipeStorage(storage(() => window.sessionStorage));
      }
    }),
    // Straight fetch, not api.get: its 401 is the answer hoped for, not a signal for the (unmounted) app.
    checkSession: fromPromise<SessionCheck, void>(async ({ signal }) => {
      const res = await fetch('/api/session', { credentials: 'same-origin', cache: 'no-store', signal });
      if (res.status === 401) return { signedOut: true };
      if (res.ok) return { signedOut: false };
      throw { status: res.status, message: 'The session could not be checked' };
    }),
    probe: fromPromise<void, void>(async ({ signal }) => {
      const res = await fetch(PROBE_URL, {
        credentials: 'same-origin',
        cache: 'no-store',
        signal,
      });
      if (UNREACHABLE.includes(res.status)) throw { status: res.status, message: 'The shop is not answering yet' };
    }),
    checkBuild: fromPromise<BuildCheck, void>(async ({ signal }) => {
      const res = await fetch('/', {
        credentials: 'same-origin',
        cache: 'no-store',
        signal,
      });
      if (!res.ok) throw { status: res.status, message: 'index.html was not served' };
      return {
        changed: isNewBuild(scriptsIn(await res.text()), runningScripts()),
      };
    }),
  },
  actions: {
    reload: () => window.location.reload(),
  },
});
