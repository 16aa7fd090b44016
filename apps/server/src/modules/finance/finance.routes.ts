import {
  EXCEL_FILE_RESPONSE,
  LATE_INVOICING_SORTABLE,
  PDF_FILE_RESPONSE,
  ZFinanceDashboard,
  ZFinanceExportQuery,
  ZFinanceFilter,
  ZFinanceInvoiceListResponse,
  ZFinanceListParams,
  ZFinanceListQuery,
  ZLateInvoicingResponse,
  ZOverdueReportExportQuery,
  ZOverdueReportQuery,
  ZOverdueReportResponse,
  ZStatementEmailRequest,
  ZStatementEmailResponse,
  ZStatementParams,
  ZStatementQuery,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { financeInvoiceExportColumns, lateExportColumns, overdueExportColumns } from './finance.export';
import { presentFinanceRow, presentLateRow } from './finance.presenter';
import { financeService } from './finance.service';
import { registerFinanceHooks } from './finance-aggregates';

const tags = ['finance'];
const fin = { access: { funcId: 'm_fin' } } as const;
const finSearch = { access: { funcId: 'm_fin_search' } } as const;
const report = { access: { funcId: 'm_fin_customer_overdue_report' } } as const;
const stamp = () => new Date().toISOString().slice(0, 10);
const lateQuery = ZFinanceListQuery.omit({ filters: true });

/** Finance (002 §2 prefix /FIN): dashboard, searches, the customer overdue report and statements. Internal only. */
export const financeRoutes: ModuleRoutes = (app, { db, config }) => {
  const cfg = config.invoice;
  // The dashboard's aggregates follow every invoice change (docs/finance.md "Aggregates").
  registerFinanceHooks();

  app.get(
    '/Finance/Dashboard',
    { config: fin, schema: { tags, querystring: ZFinanceFilter, response: { 200: ZFinanceDashboard } } },
    async (req) => financeService.dashboard(db, cfg, requireActor(req), req.query),
  );

  // Jobs, not invoices: registered before /Finance/Search/:list.
  app.get(
    '/Finance/Search/LateInvoicing',
    {
      config: finSearch,
      schema: { tags, querystring: lateQuery, response: { 200: ZLateInvoicingResponse } },
    },
    async (req) => {
      const sort = (LATE_INVOICING_SORTABLE as readonly string[]).includes(req.query.sort ?? '')
        ? req.query.sort
        : 'etd';
      const page = await financeService.lateList(db, requireActor(req), { ...req.query, sort });
      return { ...page, rows: page.rows.map((r) => presentLateRow(r)) };
    },
  );
  app.get(
    '/Finance/Search/LateInvoicing/export',
    {
      config: finSearch,
      schema: {
        tags,
        querystring: lateQuery.extend({ lang: ZFinanceExportQuery.shape.lang }),
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const rows = await financeService.lateExport(db, requireActor(req), req.query);
      return sendExcel(reply, {
        fileName: `late-invoicing-${stamp()}.xlsx`,
        sheetName: 'Late invoicing',
        columns: lateExportColumns(requestLanguage(req)),
        rows: rows.map((r) => presentLateRow(r)),
      });
    },
  );

  app.get(
    '/Finance/Search/CustomerOverdueReport',
    {
      config: report,
      schema: { tags, querystring: ZOverdueReportQuery, response: { 200: ZOverdueReportResponse } },
    },
    async (req) => {
      const { rowsRaw: _raw, ...page } = await financeService.overdueReport(
        db,
        cfg,
        requireActor(req),
        req.query,
      );
      return page;
    },
  );
  app.get(
    '/Finance/Search/CustomerOverdueReport/export',
    {
      config: report,
      schema: { tags, querystring: ZOverdueReportExportQuery, response: { 200: EXCEL_FILE_RESPONSE } },
    },
    async (req, reply) => {
      const page = await financeService.overdueReport(db, cfg, requireActor(req), req.query, true);
      return sendExcel(reply, {
        fileName: `customer-overdue-${page.as_of}.xlsx`,
        sheetName: 'Customer overdue',
        columns: overdueExportColumns(requestLanguage(req)),
        rows: page.rows,
      });
    },
  );

  app.get(
    '/Finance/Statement/:account_code',
    {
      config: report,
      schema: {
        tags,
        params: ZStatementParams,
        querystring: ZStatementQuery,
        response: { 200: PDF_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const { fileName, pdf } = await financeService.statementPdf(
        db,
        cfg,
        requireActor(req),
        req.params.account_code,
        req.query.as_of,
        req.query.lang,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${encodeURIComponent(fileName)}"`)
        .send(pdf);
    },
  );
  app.post(
    '/Finance/Statement/:account_code/email',
    {
      config: report,
      schema: {
        tags,
        params: ZStatementParams,
        body: ZStatementEmailRequest,
        response: { 200: ZStatementEmailResponse },
      },
    },
    async (req) =>
      financeService.statementEmail(db, cfg, requireActor(req), req.params.account_code, req.body),
  );

  app.get(
    '/Finance/Search/:list',
    {
      config: finSearch,
      schema: {
        tags,
        params: ZFinanceListParams,
        querystring: ZFinanceListQuery,
        response: { 200: ZFinanceInvoiceListResponse },
      },
    },
    async (req) => {
      const { asOf, ...page } = await financeService.invoiceList(
        db,
        requireActor(req),
        req.params.list,
        req.query,
      );
      return { ...page, rows: page.rows.map((r) => presentFinanceRow(r, asOf, cfg.baseCurrency)) };
    },
  );
  app.get(
    '/Finance/Search/:list/export',
    {
      config: finSearch,
      schema: {
        tags,
        params: ZFinanceListParams,
        querystring: ZFinanceExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const asOf = req.query.as_of ?? stamp();
      const rows = await financeService.invoiceExport(db, requireActor(req), req.params.list, req.query);
      return sendExcel(reply, {
        fileName: `finance-${req.params.list}-${asOf}.xlsx`,
        sheetName: 'Invoices',
        columns: financeInvoiceExportColumns(requestLanguage(req)),
        rows: rows.map((r) => presentFinanceRow(r, asOf, cfg.baseCurrency)),
      });
    },
  );
};
