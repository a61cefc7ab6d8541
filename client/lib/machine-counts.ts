import type { TransitionCount } from '#contracts/machine-count-rules.ts';
import { BEACON_TYPE, MACHINE_COUNTS_URL, MAX_COUNT_ROWS } from '#contracts/machine-count-rules.ts';
import { readPageSettings } from './kiosk-entry.ts';

/** How often a page sends what its machines took; and when it is hidden (closed, switched away from). */
export const SEND_EVERY_MS = 60_000;

/** MACHINE_COUNTS=0 on the shop (the page's settings say `machineCounts: false`): nothing is sent. Read by hand: the first load carries it. */
export const machineCountsOn = (settings: unknown = readPageSettings()): boolean =>
  (settings as { machineCounts?: unknown } | undefined)?.machineCounts !== false;

/** Every minute: a `keepalive` fetch with the X-CSRF header every POST to the BFF carries. What fails is let go: the counts are a sample. */
const post = (counts: TransitionCount[]) =>
  void fetch(MACHINE_COUNTS_URL, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'X-CSRF': '1' },
    body: JSON.stringify({ counts }),
  }).catch(() => undefined);

/**
 * When the page is hidden: `navigator.sendBeacon`, which the browser sends even as the page
 * goes. A beacon carries no X-CSRF header: the BFF takes it on this route alone, from the shop's
 * own origin (Sec-Fetch-Site or Origin; docs/decisions/031-beacon-counts.md), as a text/plain
 * body, which needs no preflight. A beacon the browser will not queue (over its size quota) goes
 * as the fetch instead.
 */
const beaconFrom =
  (target: Window) =>
  (counts: TransitionCount[]): void => {
    const body = new Blob([JSON.stringify({ counts })], { type: BEACON_TYPE });
    if (!target.navigator.sendBeacon?.(MACHINE_COUNTS_URL, body)) post(counts);
  };

/**
 * Sends the transitions this page's machines took (labels only: machine, source state, event,
 * target state) every minute (`send`) and when the page is hidden (`sendHidden`, a beacon);
 * `take` hands over what was counted since its last call. Answers a stop.
 */
export const sendMachineCounts = (
  take: () => TransitionCount[],
  {
    send = post,
    every = SEND_EVERY_MS,
    target = window,
    sendHidden = beaconFrom(target),
  }: {
    send?: (counts: TransitionCount[]) => void;
    every?: number;
    target?: Window;
    sendHidden?: (counts: TransitionCount[]) => void;
  } = {},
): (() => void) => {
  const flushBy = (sender: (counts: TransitionCount[]) => void) => () => {
    const counts = take();
    for (let i = 0; i < counts.length; i += MAX_COUNT_ROWS) sender(counts.slice(i, i + MAX_COUNT_ROWS));
  };
  const flush = flushBy(send);
  const flushHidden = flushBy(sendHidden);
  const onHidden = () => {
    if (target.document.visibilityState === 'hidden') flushHidden();
  };
  const timer = target.setInterval(flush, every);
  target.document.addEventListener('visibilitychange', onHidden);
  target.addEventListener('pagehide', flushHidden);
  return () => {
    target.clearInterval(timer);
    target.document.removeEventListener('visibilitychange', onHidden);
    target.removeEventListener('pagehide', flushHidden);
  };
};
