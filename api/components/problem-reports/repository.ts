import type { ProblemReport, ProblemReportSummary, ReportedEvent } from '#contracts/problem-report.ts';
import { ADVISORY_LOCKS } from '../../db/advisory-locks.ts';
import type { Queryable } from '../../db/index.ts';
import type { PageWindow } from '../../http/admin-page.ts';

export type NewReport = {
  userId: string | null;
  sessionKey: Buffer | null;
  addressKey: Buffer;
  text: string;
  path: string;
  build: string;
  viewport: ProblemReport['viewport'];
  browser: ProblemReport['browser'];
  dropped: number;
  /** The events as the JSON text that was measured against the size limit. */
  eventsJson: string;
};

/** Serialises reports of one session or address, so two sent at once cannot both take the last place. */
export const lockSender = async (tx: Queryable, key: Buffer): Promise<void> => {
  await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2))', [ADVISORY_LOCKS.problemReportSender, key.toString('hex')]);
};

/** Reports sent in the last hour under this session key or address key. */
export const sentLastHour = async (tx: Queryable, column: 'session_key' | 'address_key', key: Buffer): Promise<number> => {
  const { rows } = await tx.query<{ n: number }>(
    `select count(*)::int as n from problem_reports where ${column} = $1 and created_at > now() - interval '1 hour'`,
    [key],
  );
  return rows[0]?.n ?? 0;
};

export const insertReport = async (tx: Queryable, r: NewReport): Promise<number> => {
  const { rows } = await tx.query<{ number: number }>(
    `insert into problem_reports (user_id, session_key, address_key, text, path, build, viewport, browser, dropped, events)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb) returning number`,
    [
      r.userId,
      r.sessionKey,
      r.addressKey,
      r.text,
      r.path,
      r.build,
      JSON.stringify(r.viewport),
      JSON.stringify(r.browser),
      r.dropped,
      r.eventsJson,
    ],
  );
  return rows[0]!.number;
};

/** Reports past their keeping time go (PROBLEM_REPORT_DAYS). */
export const deleteOlderThan = async (db: Queryable, days: number): Promise<void> => {
  await db.query(`delete from problem_reports where created_at < now() - make_interval(days => $1)`, [days]);
};

type SummaryRow = {
  id: string;
  number: number;
  created_at: Date;
  path: string;
  shopper: string | null;
  build: string;
  text: string;
};

const SUMMARY = `r.id, r.number, r.created_at, r.path, r.build, r.text,
  case when u.id is null then null else u.name || ' ' || u.last_name end as shopper`;

const toSummary = (row: SummaryRow): ProblemReportSummary => ({
  _id: row.id,
  number: `R-${row.number}`,
  createdAt: row.created_at.toISOString(),
  path: row.path,
  shopper: row.shopper,
  build: row.build,
  text: row.text,
});

/** One page, newest first (problem_reports_newest). */
export const listPage = async (db: Queryable, { limit, offset }: PageWindow): Promise<ProblemReportSummary[]> => {
  const { rows } = await db.query<SummaryRow>(
    `select ${SUMMARY} from problem_reports r left join users u on u.id = r.user_id
     order by r.created_at desc, r.id desc limit $1 offset $2`,
    [limit, offset],
  );
  return rows.map(toSummary);
};

export const countReports = async (db: Queryable): Promise<number> => {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from problem_reports');
  return rows[0]?.n ?? 0;
};

export const findReport = async (
  db: Queryable,
  id: string,
): Promise<(ProblemReportSummary & Pick<ProblemReport, 'viewport' | 'browser' | 'events'> & { dropped: number }) | null> => {
  const { rows } = await db.query<
    SummaryRow & { viewport: ProblemReport['viewport']; browser: ProblemReport['browser']; dropped: number; events: ReportedEvent[] }
  >(
    `select ${SUMMARY}, r.viewport, r.browser, r.dropped, r.events
     from problem_reports r left join users u on u.id = r.user_id where r.id = $1`,
    [id],
  );
  const row = rows[0];
  return row ? { ...toSummary(row), viewport: row.viewport, browser: row.browser, dropped: row.dropped, events: row.events } : null;
};
