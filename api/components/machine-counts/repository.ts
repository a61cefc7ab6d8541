import type { TransitionCount } from '#contracts/machine-counts.ts';
import type { Queryable } from '../../db/index.ts';

/**
 * The most distinct label rows one day may hold. The shop's machines have a few hundred
 * transitions; a page that makes up labels (they are checked by shape only) adds counts to the
 * rows already there but opens no new one past this, so the table and a metrics export stay bounded.
 */
export const MAX_ROWS_PER_DAY = 5_000;

const keyOf = (r: Omit<TransitionCount, 'count'>) => JSON.stringify([r.machine, r.source, r.event, r.target]);

/** Adds a page's counts to today's; answers the rows kept (a new label past the daily cap is not). */
export const addCounts = async (db: Queryable, rows: TransitionCount[], maxRowsPerDay = MAX_ROWS_PER_DAY): Promise<TransitionCount[]> => {
  if (rows.length === 0) return [];
  const { rows: kept } = await db.query<Omit<TransitionCount, 'count'>>(
    `insert into machine_transition_counts as t (day, machine, source, event, target, count)
     select current_date, r.machine, r.source, r.event, r.target, r.count
       from jsonb_to_recordset($1::jsonb) as r(machine text, source text, event text, target text, count bigint)
      where exists (select 1 from machine_transition_counts k
                     where k.day = current_date and k.machine = r.machine and k.source = r.source and k.event = r.event and k.target = r.target)
         or (select count(*) from machine_transition_counts where day = current_date) < $2
     on conflict (day, machine, source, event, target) do update set count = t.count + excluded.count
     returning t.machine, t.source, t.event, t.target`,
    [JSON.stringify(rows), maxRowsPerDay],
  );
  const keys = new Set(kept.map(keyOf));
  return rows.filter((row) => keys.has(keyOf(row)));
};

/** Every label's count summed over the last `days` days (all days when unset), most taken first. */
export const totals = async (db: Queryable, days?: number): Promise<TransitionCount[]> => {
  const { rows } = await db.query<TransitionCount>(
    `select machine, source, event, target, sum(count)::float8 as count
       from machine_transition_counts
      where $1::int is null or day > current_date - $1::int
      group by machine, source, event, target
      order by count desc, machine, source, event, target`,
    [days ?? null],
  );
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
};
