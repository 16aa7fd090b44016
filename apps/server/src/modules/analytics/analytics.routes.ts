import {
  ANALYTICS_PAGE_NAMES,
  ANALYTICS_PAGES,
  EXCEL_FILE_RESPONSE,
  type Language,
  MAX_EXPORT_ROWS,
  MSG,
  type TAnalyticsFilters,
  type TAnalyticsTable,
  ZAnalyticsDocuments,
  ZAnalyticsDocumentsQuery,
  ZAnalyticsFilters,
  ZAnalyticsOptions,
  ZAnalyticsResult,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { registerAnalyticsHooks } from './analytics.refresh';
import { analyticsOptions, drillOf, holdsAnyAnalytics, validateFilters } from './analytics.service';
import { analyticsLabel } from './analytics-labels';
import { type AnalyticsCtx, analyticsPage } from './analytics-registry';
import { registerShipmentPages } from './analytics-shipment.pages';

const tags = ['analytics'];

/** Numeric kinds leave the export as numbers; money (exact decimals) and text as text. */
const NUMERIC_KINDS = new Set(['count', 'decimal', 'pct', 'days', 'teu', 'cbm', 'kg', 'co2e']);

/**
 * Every analytics page (002 §2, issue 17; docs/analytics.md) under /api/v1/Analytics/{page}: the figures, the
 * documents behind one figure and the table as Excel, each guarded by the page's own function id. The
 * computation is whatever the owning module registered (registerAnalyticsPage); a page whose module is not
 * loaded answers 404 msgNoRecordFound.
 */
export const analyticsRoutes: ModuleRoutes = (app, { db }) => {
  registerAnalyticsHooks();
  registerShipmentPages();
  const ctxOf = (req: Parameters<typeof requestLanguage>[0]): AnalyticsCtx => ({
    db,
    actor: requireActor(req),
    lang: requestLanguage(req),
  });
  const defOf = (page: (typeof ANALYTICS_PAGE_NAMES)[number]) => {
    const def = analyticsPage(page);
    if (!def) throw notFound(MSG.noRecordFound);
    return def;
  };

  // The filter bar's values: any analytics page's holder may ask (RouteAccess names one function id, so the
  // "any of them" rule is checked here on a profile route).
  app.get(
    '/Analytics/_options',
    { config: { access: 'profile' }, schema: { tags, response: { 200: ZAnalyticsOptions } } },
    async (req) => {
      const actor = requireActor(req);
      if (!holdsAnyAnalytics(actor)) throw forbidden();
      return analyticsOptions(db, actor);
    },
  );

  for (const page of ANALYTICS_PAGE_NAMES) {
    const access = { access: { funcId: ANALYTICS_PAGES[page].funcId } } as const;

    app.get(
      `/Analytics/${page}`,
      {
        config: access,
        schema: { tags, querystring: ZAnalyticsFilters, response: { 200: ZAnalyticsResult } },
      },
      async (req) => {
        const def = defOf(page);
        await validateFilters(db, req.query);
        return def.compute(ctxOf(req), req.query);
      },
    );

    app.get(
      `/Analytics/${page}/documents`,
      {
        config: access,
        schema: { tags, querystring: ZAnalyticsDocumentsQuery, response: { 200: ZAnalyticsDocuments } },
      },
      async (req) => {
        const def = defOf(page);
        await validateFilters(db, req.query);
        return def.documents(ctxOf(req), req.query, drillOf(req.query));
      },
    );

    app.get(
      `/Analytics/${page}/export`,
      {
        config: access,
        schema: { tags, querystring: ZAnalyticsFilters, response: { 200: EXCEL_FILE_RESPONSE } },
      },
      async (req, reply) => {
        const def = defOf(page);
        await validateFilters(db, req.query);
        const ctx = ctxOf(req);
        const table = def.exportTable
          ? await def.exportTable(ctx, req.query)
          : (await def.compute(ctx, req.query)).table;
        return sendTable(reply, page, req.query, ctx.lang, table);
      },
    );
  }
};

/** The table as .xlsx: translated headers, one row per table row, then the totals. */
function sendTable(
  reply: Parameters<typeof sendExcel>[0],
  page: string,
  f: TAnalyticsFilters,
  lang: Language,
  table: TAnalyticsTable,
) {
  const rows = table.rows.slice(0, MAX_EXPORT_ROWS).map((r) => r.cells);
  const first = table.columns[0]?.key;
  const total = { 'en-US': 'Total', 'zh-HK': '合計', 'zh-CN': '合计' }[lang];
  if (table.totals)
    rows.push(first && !table.totals[first] ? { ...table.totals, [first]: total } : table.totals);
  const today = new Date().toISOString().slice(0, 10);
  return sendExcel(reply, {
    fileName: `${page}-${f.from}-${f.to}-${today}.xlsx`,
    sheetName: page.slice(0, 31),
    columns: table.columns.map((c) => ({
      header: analyticsLabel(c.labelKey, lang),
      width: c.kind === 'text' ? 24 : 14,
      value: (cells: Record<string, string | null>) => {
        const v = cells[c.key] ?? null;
        if (v === null || !NUMERIC_KINDS.has(c.kind)) return v;
        const n = Number(v);
        return Number.isFinite(n) ? n : v;
      },
    })),
    rows,
  });
}
