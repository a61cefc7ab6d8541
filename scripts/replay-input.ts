import type { LoggedEvent } from '#machines/shared/event-log.ts';
import { parseLog } from '#machines/testing/replay.ts';

export type ReplayInput = { entries: LoggedEvent[]; header: string[] };

type Report = {
  number?: unknown;
  path?: unknown;
  build?: unknown;
  text?: unknown;
  note?: unknown;
  browser?: { name?: unknown; version?: unknown };
  viewport?: { width?: unknown; height?: unknown };
  events: unknown[];
};

const isReport = (data: unknown): data is Report =>
  typeof data === 'object' && data !== null && !Array.isArray(data) && Array.isArray((data as Report).events);

/**
 * What `npm run replay` reads: an exported event log (a JSON array), or a problem report as the
 * admin's Download saves it (its `events` are such a log). For a report, the header says which
 * it is, whether its oldest events were left out, and whether it was recorded on another build
 * than `runningBuild` (the machines may have changed since).
 */
export const readReplayInput = (json: string, runningBuild: string | undefined): ReplayInput => {
  const data: unknown = JSON.parse(json);
  if (!isReport(data)) return { entries: parseLog(json), header: [] };
  const entries = parseLog(JSON.stringify(data.events));
  const { browser, viewport } = data;
  const header = [
    `Problem report ${String(data.number)} on ${String(data.path)} (${String(browser?.name)} ${String(browser?.version)}, ${String(viewport?.width)} × ${String(viewport?.height)})`,
  ];
  if (typeof data.text === 'string') header.push(`  “${data.text.split('\n')[0]!.slice(0, 120)}”`);
  if (typeof data.note === 'string') header.push(`${data.note}: the replay starts after them, so it may diverge at its first events`);
  if (data.build !== runningBuild)
    header.push(
      `Recorded on build ${String(data.build)}, not this one (${runningBuild ?? 'no build stamp: npm run build'}): its machines may have changed since`,
    );
  return { entries, header };
};
