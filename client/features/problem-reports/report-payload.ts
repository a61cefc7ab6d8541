import { PROBLEM_REPORT } from '#contracts/problem-report-rules.ts';
import type { ProblemReportBody } from '#contracts/problem-report.ts';
import { maskPath } from '#machines/shared/event-log-mask.ts';
import { devEventLog } from '../../lib/event-log.ts';
import { readPageSettings } from '../../lib/kiosk-entry.ts';

const bytesOf = (text: string): number => new TextEncoder().encode(text).length;

/**
 * The events that fit in `maxBytes` as a JSON array, the oldest left out first: a long session's
 * last steps are what led to the problem. `dropped` says how many were left out.
 */
export const fitEvents = <E>(events: readonly E[], maxBytes: number): { events: E[]; dropped: number } => {
  const sizes = events.map((e) => bytesOf(JSON.stringify(e)));
  // Two brackets, and a comma between entries.
  let total = 2 + sizes.reduce((sum, size) => sum + size, 0) + Math.max(0, events.length - 1);
  let dropped = 0;
  while (dropped < events.length && total > maxBytes) {
    total -= sizes[dropped]! + (events.length - dropped > 1 ? 1 : 0);
    dropped += 1;
  }
  return { events: events.slice(dropped), dropped };
};

/** Browsers name themselves in the user agent; the first of these that matches is the one (Edge and Opera also say Chrome). */
const BROWSERS: Array<[string, RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /OPR\/([\d.]+)/],
  ['Samsung Internet', /SamsungBrowser\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari/],
];

/** The browser's name and version from its user agent; `Unknown` when none matches. */
export const browserOf = (userAgent: string): { name: string; version: string } => {
  for (const [name, pattern] of BROWSERS) {
    const found = pattern.exec(userAgent);
    if (found) return { name, version: found[1]!.slice(0, 100) };
  }
  return { name: 'Unknown', version: '' };
};

/** The report as it is sent: the text, this tab's masked log (within 1 MB), the build, page, viewport and browser. */
export const reportBody = (text: string): ProblemReportBody => {
  const logged = devEventLog ? (JSON.parse(devEventLog.toJSON()) as ProblemReportBody['events']) : [];
  const fitted = fitEvents(logged, PROBLEM_REPORT.maxLogBytes);
  // Both count as left out: those the tab's log let go to bound its memory, and those over 1 MB.
  const { events } = fitted;
  const dropped = fitted.dropped + (devEventLog?.forgotten() ?? 0);
  const settings = readPageSettings() as { build?: unknown } | undefined;
  return {
    text,
    events,
    dropped,
    build: typeof settings?.build === 'string' ? settings.build : 'unknown',
    // Masked as the log's paths are: a search or query may hold what the shopper typed.
    path: maskPath(window.location.pathname + window.location.search),
    viewport: { width: window.innerWidth, height: window.innerHeight },
    browser: browserOf(navigator.userAgent),
  };
};
