import { ZOperationAlertDashboard, ZOperationAlertQuery, ZPageViewBatch } from '@portal/contracts';
import { z } from 'zod';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { alertCandidates } from './alert-candidates.repository';
import { operationAlertService, pageViewService } from './operation-alert.service';
import { registerOpsPages } from './ops-pages';
import { registerOpsStepsJob } from './ops-steps.refresh';

const tags = ['operation-alert'];

/** Page-view batches per user and minute (the web app sends one every 30 s or 20 views, and on leaving). */
export const PAGE_VIEW_POSTS_PER_MINUTE = 20;

/**
 * The operation alert dashboard (issue 17, docs/operation-alerts.md), the page-view log the usage pages read,
 * and the `ops` analytics pages (registered with the analytics module, which serves them).
 */
export const operationAlertRoutes: ModuleRoutes = (app, { db }) => {
  registerOpsPages();
  registerOpsStepsJob();
  // The alert candidates' triggers (re)installed and the candidates rebuilt when their definition changed
  // (alert-candidates.ts); until then this process reads the documents directly.
  // OPS_ALERT_CANDIDATES=off: read the documents directly (a kill switch; the bench's before/after).
  app.addHook('onReady', async () => {
    if (process.env.OPS_ALERT_CANDIDATES !== 'off') await alertCandidates.install(db);
  });

  app.get(
    '/OperationAlert/dashboard',
    {
      config: { access: { funcId: 'm_operation_alert_dashboard' } },
      schema: { tags, querystring: ZOperationAlertQuery, response: { 200: ZOperationAlertDashboard } },
    },
    async (req) => operationAlertService.dashboard(db, requireActor(req), req.query),
  );

  app.post(
    '/PageViews',
    {
      config: {
        access: 'authenticated',
        // Its own per-user limit beneath the general one: the log is cheap to fill and read by managers.
        rateLimit: {
          max: PAGE_VIEW_POSTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (req) => (req.actor ? `user:${req.actor.user_uid}` : `ip:${req.ip}`),
        },
      },
      schema: { tags, body: ZPageViewBatch, response: { 200: z.object({ recorded: z.number().int() }) } },
    },
    async (req) => pageViewService.record(db, requireActor(req), req.body),
  );
};
