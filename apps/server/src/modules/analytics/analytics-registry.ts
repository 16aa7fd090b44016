import type {
  Language,
  TAnalyticsDocuments,
  TAnalyticsDocumentsQuery,
  TAnalyticsDrill,
  TAnalyticsFilters,
  TAnalyticsPageName,
  TAnalyticsResult,
  TAnalyticsTable,
} from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';

/** What a page computes with: the database, who asks (party access applies to every figure), and the language. */
export interface AnalyticsCtx {
  db: Db;
  actor: Actor;
  lang: Language;
}

/**
 * One analytics page's computation (issue 17; docs/analytics.md). The analytics module serves every page in
 * ANALYTICS_PAGES under /api/v1/Analytics/{page} (guarded by the page's function id) and calls the registered
 * definition; modules that own a page's data register it from their routes function with registerAnalyticsPage,
 * so the analytics module never imports them (no cycles).
 */
export interface AnalyticsPageDef {
  page: TAnalyticsPageName;
  /** Everything the page shows for these filters, with party access applied. */
  compute(ctx: AnalyticsCtx, filters: TAnalyticsFilters): Promise<TAnalyticsResult>;
  /** The documents behind one figure (its drill keys), paged, party access applied. */
  documents(
    ctx: AnalyticsCtx,
    query: TAnalyticsDocumentsQuery,
    drill: TAnalyticsDrill,
  ): Promise<TAnalyticsDocuments>;
  /** The table for Excel (all rows up to the export cap); defaults to compute().table. */
  exportTable?(ctx: AnalyticsCtx, filters: TAnalyticsFilters): Promise<TAnalyticsTable>;
}

const pages = new Map<TAnalyticsPageName, AnalyticsPageDef>();

/** Registers (or replaces, for tests) a page's computation. */
export function registerAnalyticsPage(def: AnalyticsPageDef) {
  pages.set(def.page, def);
}

/** The registered definition of a page, or undefined when the module owning it is not loaded. */
export function analyticsPage(page: TAnalyticsPageName): AnalyticsPageDef | undefined {
  return pages.get(page);
}
