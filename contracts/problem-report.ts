import { z } from 'zod';
import { PROBLEM_REPORT } from './problem-report-rules.ts';

export { PROBLEM_REPORT, reportNumber } from './problem-report-rules.ts';

/** One entry of the event log as machines/shared/event-log.ts records it (masked before it leaves). */
export const ReportedEvent = z.object({
  actor: z.string().min(1).max(100),
  run: z.int().min(1).optional(),
  event: z.looseObject({ type: z.string().min(1).max(200) }),
  taken: z.boolean().optional(),
  state: z.unknown().optional(),
  input: z.unknown().optional(),
});
export type ReportedEvent = z.infer<typeof ReportedEvent>;

const short = (name: string, max: number) => z.string(`${name} is required`).max(max, `${name} can be at most ${max} characters`);

/** POST /api/problem-reports. */
export const ProblemReportBody = z.strictObject({
  text: z
    .string('Say what went wrong')
    .max(PROBLEM_REPORT.maxText, `Say it in at most ${PROBLEM_REPORT.maxText} characters`)
    .refine((t) => t.trim().length > 0, 'Say what went wrong'),
  events: z.array(ReportedEvent, 'events must be the list of logged events'),
  /** How many of the oldest events the client left out to stay within the size limit. */
  dropped: z.int().min(0).default(0),
  build: short('build', 100),
  path: short('path', 2000),
  viewport: z.strictObject({ width: z.int().min(0).max(100_000), height: z.int().min(0).max(100_000) }),
  browser: z.strictObject({ name: short('browser.name', 100), version: short('browser.version', 100) }),
});
export type ProblemReportBody = z.input<typeof ProblemReportBody>;

/** 201 answer: the report's number (`R-1042`). */
export type ProblemReportSent = { number: string };

/** A row of GET /api/admin/problem-reports (newest first; `?page=&limit=`, X-Total-Count). */
export type ProblemReportSummary = {
  _id: string;
  number: string;
  createdAt: string;
  path: string;
  /** The shopper's name, or null for a guest (or an account since deleted). */
  shopper: string | null;
  build: string;
  text: string;
};

/** GET /api/admin/problem-reports/{id}: the whole report, as a download holds it. */
export type ProblemReport = ProblemReportSummary & {
  viewport: { width: number; height: number };
  browser: { name: string; version: string };
  /** Said when the oldest events were left out to keep the report within 1 MB. */
  note?: string;
  events: ReportedEvent[];
};
