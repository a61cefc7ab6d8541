import type { TransitionCount } from '#contracts/machine-counts.ts';
import type { Queryable } from '../../db/index.ts';
import { totals } from './repository.ts';

/**
 * What real traffic took of each machine transition, summed over the last `days` days (every day
 * kept when unset): one row per label set (machine, source, event, target) with its count, most
 * taken first. For a metrics export (a counter per row; the labels are bounded by the table's daily
 * cap, MAX_ROWS_PER_DAY) and the coverage report (GET /api/admin/machine-counts) alike.
 */
export const machineTransitionTotals = (db: Queryable, days?: number): Promise<TransitionCount[]> => totals(db, days);
