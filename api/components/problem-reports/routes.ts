import express, { Router } from 'express';
import { ADMIN_PAGE_DEFAULT_LIMIT } from '#contracts/admin-page.ts';
import { ProblemReportBody } from '#contracts/problem-report.ts';
import { requireAdmin } from '../../auth/middleware.ts';
import type { ApiContext } from '../../context.ts';
import { readPageWindow, sendPage } from '../../http/admin-page.ts';
import { parse } from '../../http/validate.ts';
import * as reports from './service.ts';

/**
 * A report carries up to 1 MB of event log, more than the API's 100 KB for every other body: this
 * parser is mounted before that one (a parsed body is not parsed again), for this path only.
 */
export const problemReportBody = express.json({ limit: '1200kb' });

/** Mounted at /api. Anyone may send (guests too); only admins read. */
export const problemReportsRoutes = (ctx: ApiContext): Router => {
  const router = Router();

  router.post('/problem-reports', async (req, res) => {
    const body = parse(ProblemReportBody, req.body);
    res.status(201).json(await reports.sendReport(ctx, req.user, req.clientAddress, body));
  });

  router.get('/admin/problem-reports', requireAdmin, async (req, res) => {
    res.setHeader('cache-control', 'no-store');
    sendPage(res, await reports.pageOfReports(ctx, readPageWindow(req.query) ?? { limit: ADMIN_PAGE_DEFAULT_LIMIT, offset: 0 }));
  });

  router.get('/admin/problem-reports/:id', requireAdmin, async (req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json(await reports.readReport(ctx, String(req.params.id)));
  });

  return router;
};
