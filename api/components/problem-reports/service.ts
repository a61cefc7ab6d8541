import { createHmac } from 'node:crypto';
import { ipKeyGenerator } from 'express-rate-limit';
import {
  PROBLEM_REPORT,
  type ProblemReport,
  type ProblemReportBody,
  type ProblemReportSent,
  type ProblemReportSummary,
  reportNumber,
} from '#contracts/problem-report.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { ApiContext } from '../../context.ts';
import type { Paged, PageWindow } from '../../http/admin-page.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import * as repo from './repository.ts';

type Parsed = Omit<ProblemReportBody, 'dropped'> & { dropped: number };

/** A sender's key for the limits: an HMAC under the token secret, so the row names neither session nor address. */
const keyOf = (ctx: ApiContext, what: string): Buffer =>
  createHmac('sha256', ctx.config.TOKEN_SECRET).update(`problem-report|${what}`).digest();

/**
 * Stores a report and answers its number. A signed-in session may send
 * PROBLEM_REPORTS_PER_SESSION_PER_HOUR, an address (IPv6 by its /64) PROBLEM_REPORTS_PER_ADDRESS_PER_HOUR;
 * past either, or with an event log over 1 MB, nothing is stored.
 */
export const sendReport = async (
  ctx: ApiContext,
  caller: AuthUser | undefined,
  address: string,
  body: Parsed,
): Promise<ProblemReportSent> => {
  const eventsJson = JSON.stringify(body.events);
  if (Buffer.byteLength(eventsJson, 'utf8') > PROBLEM_REPORT.maxLogBytes) throw new AppError(413, PROBLEM_REPORT.tooLarge);
  const sessionKey = caller ? keyOf(ctx, `session|${caller.sessionId}`) : null;
  const addressKey = keyOf(ctx, `address|${ipKeyGenerator(address, 64)}`);
  await repo.deleteOlderThan(ctx.db, ctx.config.PROBLEM_REPORT_DAYS);
  const number = await ctx.db.transaction(async (tx) => {
    await repo.lockSender(tx, addressKey);
    if (sessionKey) await repo.lockSender(tx, sessionKey);
    const overSession =
      sessionKey && (await repo.sentLastHour(tx, 'session_key', sessionKey)) >= ctx.config.PROBLEM_REPORTS_PER_SESSION_PER_HOUR;
    if (overSession || (await repo.sentLastHour(tx, 'address_key', addressKey)) >= ctx.config.PROBLEM_REPORTS_PER_ADDRESS_PER_HOUR)
      throw new AppError(429, PROBLEM_REPORT.tooMany);
    return repo.insertReport(tx, {
      userId: caller?._id ?? null,
      sessionKey,
      addressKey,
      text: body.text,
      path: body.path,
      build: body.build,
      viewport: body.viewport,
      browser: body.browser,
      dropped: body.dropped,
      eventsJson,
    });
  });
  return { number: reportNumber(number) };
};

export const pageOfReports = async (ctx: ApiContext, window: PageWindow): Promise<Paged<ProblemReportSummary>> => ({
  items: await repo.listPage(ctx.db, window),
  total: await repo.countReports(ctx.db),
});

/** The whole report; the note says how many of the oldest events the client left out. */
export const readReport = async (ctx: ApiContext, id: string): Promise<ProblemReport> => {
  const found = isUuid(id) ? await repo.findReport(ctx.db, id) : null;
  if (!found) throw notFound('That problem report');
  const { dropped, ...report } = found;
  return {
    ...report,
    ...(dropped > 0 ? { note: `The ${dropped} oldest events were left out to keep the report within 1 MB` } : {}),
  };
};
