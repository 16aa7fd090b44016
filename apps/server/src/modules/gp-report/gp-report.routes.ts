import {
  EXCEL_FILE_RESPONSE,
  GP_REPORT_NAMES,
  GP_REPORTS,
  MAX_EXPORT_ROWS,
  type TGpDrillQuery,
  ZGpDrillQuery,
  ZGpFilters,
  ZGpInvoicesResponse,
  ZGpJobsResponse,
  ZGpReportResponse,
} from '@portal/contracts';
import { sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { gpInvoiceColumns, gpJobColumns, gpRowColumns } from './gp-report.export';
import { registerGpHooks } from './gp-report.refresh';
import { gpReportService as service } from './gp-report.service';

const tags = ['gp-report'];

/**
 * The GP reports (002 §2, docs/gp-reports.md) under /api/v1/GpReport/{report}: each report, its drill-down
 * to jobs and invoices and its Excel export, every route guarded by the report's own function id.
 */
export const gpReportRoutes: ModuleRoutes = (app, { db, config }) => {
  registerGpHooks();
  const cfg = { baseCurrency: config.invoice.baseCurrency };
  const today = () => new Date().toISOString().slice(0, 10);

  for (const name of GP_REPORT_NAMES) {
    const def = GP_REPORTS[name];
    const access = { access: { funcId: def.funcId } } as const;

    app.get(
      `/GpReport/${name}`,
      { config: access, schema: { tags, querystring: ZGpFilters, response: { 200: ZGpReportResponse } } },
      async (req) => service.report(db, cfg, name, req.query),
    );

    app.get(
      `/GpReport/${name}/jobs`,
      { config: access, schema: { tags, querystring: ZGpDrillQuery, response: { 200: ZGpJobsResponse } } },
      async (req) => service.jobs(db, cfg, req.query),
    );

    app.get(
      `/GpReport/${name}/invoices`,
      {
        config: access,
        schema: { tags, querystring: ZGpDrillQuery, response: { 200: ZGpInvoicesResponse } },
      },
      async (req) => service.invoices(db, cfg, req.query),
    );

    // The report's table as Excel: summary rows with totals; the job or invoice list for the detail reports.
    app.get(
      `/GpReport/${name}/export`,
      {
        config: access,
        schema: { tags, querystring: ZGpDrillQuery, response: { 200: EXCEL_FILE_RESPONSE } },
      },
      async (req, reply) => {
        const lang = requestLanguage(req);
        const fileName = `${name}-${req.query.from}-${req.query.to}-${today()}.xlsx`;
        const all: TGpDrillQuery = { ...req.query, page: 1, pageSize: MAX_EXPORT_ROWS };
        if (def.kind === 'jobs') {
          const page = await service.jobs(db, cfg, all);
          return sendExcel(reply, {
            fileName,
            sheetName: name,
            columns: gpJobColumns(lang),
            rows: page.rows,
          });
        }
        if (def.kind === 'invoices') {
          const page = await service.invoices(db, cfg, all);
          return sendExcel(reply, {
            fileName,
            sheetName: name,
            columns: gpInvoiceColumns(lang),
            rows: page.rows,
          });
        }
        const r = await service.report(db, cfg, name, req.query);
        const rows = [...r.rows, { keys: { [def.dims[0]]: 'Total' }, names: {}, ...r.totals }];
        return sendExcel(reply, {
          fileName,
          sheetName: name,
          columns: gpRowColumns(lang, def.dims, def.units),
          rows,
        });
      },
    );
  }
};
