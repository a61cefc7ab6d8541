/** To the operator only (the PIN pad), when the QR links point at an address only this machine can open. */
export const LOOPBACK_NOTE = 'Set PUBLIC_ORIGIN so phones can open this link';

/** Hosts only this machine can reach: a phone scanning a link to one of them finds nothing. */
const LOOPBACK = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i;

/** Whether a link's origin is one a phone cannot open (localhost, 127.x, ::1). */
export const isLoopbackOrigin = (origin: string): boolean => {
  try {
    return LOOPBACK.test(new URL(origin).hostname);
  } catch {
    return false;
  }
};

/** The origin a phone should open: PUBLIC_ORIGIN when the server set it, else the page's own. */
export const phoneOrigin = (mode: { publicOrigin?: string }, pageOrigin: string): string =>
  mode.publicOrigin?.replace(/\/+$/, '') || pageOrigin;
