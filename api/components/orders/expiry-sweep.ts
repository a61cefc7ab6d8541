import type { ApiContext } from '../../context.ts';
import { startPeriodic } from '../../periodic.ts';
import { forgetOldMail } from '../mail/outbox.ts';
import { sweepExpiredOrders } from './cancel-service.ts';

/**
 * How often the sweep runs: a tenth of the hold, between 1 s and 1 min, so an order is
 * cancelled at most about 10 % (or a minute) after its time is up.
 */
export const sweepIntervalMs = (unpaidOrderMinutes: number): number =>
  Math.min(60_000, Math.max(1_000, (unpaidOrderMinutes * 60_000) / 10));

export type ExpirySweep = { stop(): Promise<void> };

/**
 * Runs the expiry sweep at start and then periodically (createApi's start/stop own it). Every
 * API instance runs one: the sweep itself makes each order cancelled exactly once. A failed run
 * is logged and the next one tries again; stop waits for a run under way, so the database can
 * be closed right after. The same round deletes the outbox's records past MAIL_KEEP_DAYS (one
 * statement, idempotent: every instance may run it).
 */
export const startExpirySweep = (ctx: ApiContext, intervalMs = sweepIntervalMs(ctx.config.UNPAID_ORDER_MINUTES)): ExpirySweep =>
  startPeriodic(
    intervalMs,
    async () => {
      const ids = await sweepExpiredOrders(ctx);
      if (ids.length > 0) ctx.logger.info({ orderIds: ids }, 'unpaid wallet orders cancelled: not paid in time');
      await forgetOldMail(ctx.db, ctx.config.MAIL_KEEP_DAYS);
    },
    (error) => ctx.logger.error({ err: error }, 'expiry sweep failed'),
  );
