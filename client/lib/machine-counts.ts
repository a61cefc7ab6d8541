import type { TransitionCount } from '#contracts/machine-count-rules.ts';
import { MAX_COUNT_ROWS } from '#contracts/machine-count-rules.ts';
import { readPageSettings } from './kiosk-entry.ts';

/** How often a page sends what its machines took; and when it is hidden (closed, switched away from). */
export const SEND_EVERY_MS = 60_000;

/** MACHINE_COUNTS=0 on the shop (the page's settings say `machineCounts: false`): nothing is sent. Read by hand: the first load carries it. */
export const machineCountsOn = (settings: unknown = readPageSettings()): boolean =>
  (settings as { machineCounts?: unknown } | undefined)?.machineCounts !== false;

/**
 * A `keepalive` fetch rather than `navigator.sendBeacon`: both outlive the page, but a beacon cannot
 * carry the X-CSRF header the BFF asks of every POST. What fails is let go: the counts are a sample.
 */
const post = (counts: TransitionCount[]) =>
  void fetch('/api/machine-counts', {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'X-CSRF': '1' },
    body: JSON.stringify({ counts }),
  }).catch(() => undefined);

/**
 * Sends the transitions this page's machines took (labels only: machine, source state, event,
 * target state) every minute and when the page is hidden; `take` hands over what was counted
 * since its last call. Answers a stop.
 */
export const sendMachineCounts = (
  take: () => TransitionCount[],
  {
    send = post,
    every = SEND_EVERY_MS,
    target = window,
  }: { send?: (counts: TransitionCount[]) => void; every?: number; target?: Window } = {},
): (() => void) => {
  const flush = () => {
    const counts = take();
    for (let i = 0; i < counts.length; i += MAX_COUNT_ROWS) send(counts.slice(i, i + MAX_COUNT_ROWS));
  };
  const onHidden = () => {
    if (target.document.visibilityState === 'hidden') flush();
  };
  const timer = target.setInterval(flush, every);
  target.document.addEventListener('visibilitychange', onHidden);
  target.addEventListener('pagehide', flush);
  return () => {
    target.clearInterval(timer);
    target.document.removeEventListener('visibilitychange', onHidden);
    target.removeEventListener('pagehide', flush);
  };
};
