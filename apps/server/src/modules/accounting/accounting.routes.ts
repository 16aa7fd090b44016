import {
  ZInvIdParams,
  ZPostBatchRequest,
  ZPostBatchResponse,
  ZPostingQueueQuery,
  ZPostingQueueResponse,
  ZPostingRetryResponse,
  ZPostingRulesResponse,
  ZPostingState,
  ZReadiness,
  ZReadinessBatchRequest,
  ZReadinessBatchResponse,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { registerInvoiceMoveHook } from '../invoice';
import { registerAccountingJobs } from './accounting.jobs';
import { accountingService, queuePosting } from './accounting.service';

const tags = ['accounting'];
// Reading a checklist needs the invoice's side (m_ar / m_ap, checked in the service); posting needs inv_closing.
const profile = { access: 'profile' } as const;
const closing = { access: { funcId: 'inv_closing' } } as const;

// The invoice moves post and post_reversal queue the journal (invoice-moves.ts calls these in the move's
// transaction): the single move on the invoice screen and the batch post go the same way.
registerInvoiceMoveHook('post', { before: (tx, actor, row) => queuePosting(tx, actor, row, 'post') });
registerInvoiceMoveHook('post_reversal', {
  before: (tx, actor, row) => queuePosting(tx, actor, row, 'post_reversal'),
});

/** Posting to the accounting system (issue 15; docs/accounting.md), under /api/v1/Accounting. */
export const accountingRoutes: ModuleRoutes = (app, { db, config }) => {
  registerAccountingJobs({ postingCron: config.posting.cron, autoExportCron: config.posting.autoExportCron });

  app.get(
    '/Accounting/invoices/:inv_id/readiness',
    { config: profile, schema: { tags, params: ZInvIdParams, response: { 200: ZReadiness } } },
    async (req) => accountingService.readiness(db, requireActor(req), req.params.inv_id),
  );

  app.post(
    '/Accounting/invoices/readiness',
    {
      config: profile,
      schema: { tags, body: ZReadinessBatchRequest, response: { 200: ZReadinessBatchResponse } },
    },
    async (req) => ({
      rows: await accountingService.readinessBatch(db, requireActor(req), req.body.inv_ids),
    }),
  );

  app.get(
    '/Accounting/invoices/:inv_id/posting',
    { config: profile, schema: { tags, params: ZInvIdParams, response: { 200: ZPostingState } } },
    async (req) => accountingService.state(db, requireActor(req), req.params.inv_id),
  );

  app.post(
    '/Accounting/invoices/:inv_id/retry',
    { config: closing, schema: { tags, params: ZInvIdParams, response: { 200: ZPostingRetryResponse } } },
    async (req) => accountingService.retry(db, requireActor(req), req.params.inv_id),
  );

  app.post(
    '/Accounting/post',
    { config: closing, schema: { tags, body: ZPostBatchRequest, response: { 200: ZPostBatchResponse } } },
    async (req) => accountingService.postBatch(db, requireActor(req), req.body.inv_ids),
  );

  app.get(
    '/Accounting/queue',
    {
      config: closing,
      schema: { tags, querystring: ZPostingQueueQuery, response: { 200: ZPostingQueueResponse } },
    },
    async (req) => ({ rows: await accountingService.queue(db, requireActor(req), req.query) }),
  );

  app.get(
    '/Accounting/rules',
    { config: closing, schema: { tags, response: { 200: ZPostingRulesResponse } } },
    async () => accountingService.rules(db),
  );
};
