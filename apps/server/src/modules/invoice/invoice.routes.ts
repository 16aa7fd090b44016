import {
  EXCEL_FILE_RESPONSE,
  ZChargeCode,
  ZChargeCodeList,
  ZChargeCodeListQuery,
  ZChargeCodeParams,
  ZCreateInvoiceRequest,
  ZInvoice,
  ZInvoiceActionRequest,
  ZInvoiceDashboard,
  ZInvoiceDraft,
  ZInvoiceExportQuery,
  ZInvoiceIdParams,
  ZInvoiceJobProfit,
  ZInvoiceListQuery,
  ZInvoiceListResponse,
  ZInvoiceNewByJobParams,
  ZInvoiceNewByJobQuery,
  ZInvoiceStageParams,
  ZInvoiceStageQuery,
  ZPendingCreationParams,
  ZPendingCreationRows,
  ZStatusHistoryResponse,
  ZUpdateInvoiceRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import { idempotencyKeyOf } from '../../platform/http/idempotency';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { presentChargeCode } from './charge-code.presenter';
import { chargeCodeService } from './charge-code.service';
import { invoiceExportColumns } from './invoice.export';
import { presentInvoice, presentInvoiceRow } from './invoice.presenter';
import { invoiceService } from './invoice.service';
import { invoicePrintRoutes } from './invoice-print.routes';
import { invoiceTotalsRoutes } from './invoice-totals';
import { taxRuleRoutes } from './tax-rule.routes';
import './invoice.documents';

const tags = ['invoice'];
// Reads that depend on the invoice's side (AR m_ar, AP m_ap) or on the action are checked in the service.
const profile = { access: 'profile' } as const;
const invEdit = { access: { funcId: 'inv_edit' } } as const;

/** Invoices (002 §2–§6) and charge codes, under /api/v1. */
export const invoiceRoutes: ModuleRoutes = (app, deps) => {
  const { db, config } = deps;
  const cfg = config.invoice;
  // Printing, merge printouts, CR summary and e-mail (invoice-print.routes.ts).
  invoicePrintRoutes(app, deps);
  // Totals per currency of the Search and stage lists (invoice-totals.ts).
  invoiceTotalsRoutes(app, deps);
  // Tax rules: maintenance and the default tax of a charge line (tax-rule.routes.ts).
  taxRuleRoutes(app, deps);

  app.get(
    '/Invoice',
    {
      config: { access: { funcId: 'm_ap' } },
      schema: { tags, querystring: ZInvoiceListQuery, response: { 200: ZInvoiceListResponse } },
    },
    async (req) => {
      const page = await invoiceService.search(db, requireActor(req), req.query);
      return { ...page, rows: page.rows.map((r) => presentInvoiceRow(r)) };
    },
  );

  app.get(
    '/Invoice/export',
    {
      config: { access: { funcId: 'm_ap' } },
      schema: { tags, querystring: ZInvoiceExportQuery, response: { 200: EXCEL_FILE_RESPONSE } },
    },
    async (req, reply) => {
      const rows = await invoiceService.exportRows(db, requireActor(req), req.query);
      return sendExcel(reply, {
        fileName: `invoices-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'Invoices',
        columns: invoiceExportColumns(requestLanguage(req)),
        rows,
      });
    },
  );

  for (const [type, funcId] of [
    ['AP', 'm_ap_search'],
    ['AR', 'm_ar_search'],
  ] as const) {
    const side = type.toLowerCase();
    app.get(
      `/Invoice/${side}Search/:stage`,
      {
        config: { access: { funcId } },
        schema: {
          tags,
          params: ZInvoiceStageParams,
          querystring: ZInvoiceStageQuery,
          response: { 200: ZInvoiceListResponse },
        },
      },
      async (req) => {
        const { stage, page } = invoiceService.stageList(
          db,
          requireActor(req),
          type,
          req.params.stage,
          req.query,
        );
        const p = await page;
        return { ...p, rows: p.rows.map((r) => presentInvoiceRow(r, stage)) };
      },
    );
    app.get(
      `/Invoice/${side}Search/:stage/export`,
      {
        config: { access: { funcId } },
        schema: {
          tags,
          params: ZInvoiceStageParams,
          querystring: ZInvoiceExportQuery,
          response: { 200: EXCEL_FILE_RESPONSE },
        },
      },
      async (req, reply) => {
        const rows = await invoiceService.exportRows(db, requireActor(req), req.query, {
          type,
          name: req.params.stage,
        });
        return sendExcel(reply, {
          fileName: `invoices-${side}-${req.params.stage}-${new Date().toISOString().slice(0, 10)}.xlsx`,
          sheetName: 'Invoices',
          columns: invoiceExportColumns(requestLanguage(req)),
          rows,
        });
      },
    );
    app.get(
      `/Invoice/${side}PendingCreation/:scope`,
      {
        config: { access: { funcId } },
        schema: { tags, params: ZPendingCreationParams, response: { 200: ZPendingCreationRows } },
      },
      async (req) => invoiceService.pendingCreation(db, requireActor(req), type, req.params.scope),
    );
    app.get(
      `/Invoice/${side}Dashboard`,
      {
        config: { access: { funcId: type === 'AP' ? 'm_ap' : 'm_ar' } },
        schema: { tags, response: { 200: ZInvoiceDashboard } },
      },
      async (req) => invoiceService.dashboard(db, requireActor(req), type),
    );
  }

  app.get(
    '/Invoice/newbyjob/:account_code/:job_no',
    {
      config: invEdit,
      schema: {
        tags,
        params: ZInvoiceNewByJobParams,
        querystring: ZInvoiceNewByJobQuery,
        response: { 200: ZInvoiceDraft },
      },
    },
    async (req) =>
      invoiceService.draftByJob(db, cfg, requireActor(req), { ...req.params, inv_type: req.query.inv_type }),
  );

  app.get(
    '/Invoice/:inv_id',
    { config: profile, schema: { tags, params: ZInvoiceIdParams, response: { 200: ZInvoice } } },
    async (req) => presentInvoice(await invoiceService.get(db, requireActor(req), req.params.inv_id)),
  );

  app.get(
    '/Invoice/:inv_id/profit',
    { config: profile, schema: { tags, params: ZInvoiceIdParams, response: { 200: ZInvoiceJobProfit } } },
    async (req) => invoiceService.profit(db, cfg, requireActor(req), req.params.inv_id),
  );

  app.get(
    '/Invoice/:inv_id/history',
    {
      config: profile,
      schema: { tags, params: ZInvoiceIdParams, response: { 200: ZStatusHistoryResponse } },
    },
    async (req) => invoiceService.history(db, requireActor(req), req.params.inv_id),
  );

  app.post(
    '/Invoice',
    { config: invEdit, schema: { tags, body: ZCreateInvoiceRequest, response: { 201: ZInvoice } } },
    async (req, reply) => {
      const actor = requireActor(req);
      const answer = await invoiceService.createOnce(db, cfg, actor, req.body, {
        key: idempotencyKeyOf(req),
        log: req.log,
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      // A replay answers what the first call answered: always 201 here.
      return reply.status(201).send(answer.body);
    },
  );

  app.put(
    '/Invoice/:inv_id',
    {
      config: invEdit,
      schema: { tags, params: ZInvoiceIdParams, body: ZUpdateInvoiceRequest, response: { 200: ZInvoice } },
    },
    async (req) =>
      presentInvoice(await invoiceService.update(db, cfg, requireActor(req), req.params.inv_id, req.body)),
  );

  app.post(
    '/Invoice/:inv_id/action',
    {
      config: profile,
      schema: { tags, params: ZInvoiceIdParams, body: ZInvoiceActionRequest, response: { 200: ZInvoice } },
    },
    async (req) =>
      presentInvoice(await invoiceService.act(db, requireActor(req), req.params.inv_id, req.body)),
  );

  app.get(
    '/ChargeCode',
    {
      config: profile,
      schema: { tags, querystring: ZChargeCodeListQuery, response: { 200: ZChargeCodeList } },
    },
    async (req) => (await chargeCodeService.list(db, requireActor(req), req.query)).map(presentChargeCode),
  );

  app.get(
    '/ChargeCode/:charge_code',
    { config: profile, schema: { tags, params: ZChargeCodeParams, response: { 200: ZChargeCode } } },
    async (req) =>
      presentChargeCode(await chargeCodeService.get(db, requireActor(req), req.params.charge_code)),
  );
};
