import {
  ZOperationAlertDashboard,
  ZOperationAlertQuery,
  ZPageViewBatch,
  ZPageViewRecorded,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
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
  // The alert candidates' triggers (re)installed once the app is ready; until then this process reads the
  // documents directly.
  app.addHook('onReady', () => operationAlertService.installCandidates(db));

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
      schema: { tags, body: ZPageViewBatch, response: { 200: ZPageViewRecorded } },
    },
    async (req) => pageViewService.record(db, requireActor(req), req.body),
  );
};
