import { minorUnits } from '@portal/contracts';
import type { ModuleRoutes } from '../../platform/http/types';
import { registerAnalyticsLabels, registerAnalyticsPage } from '../analytics';
import { GP_COLUMN_LABELS } from './analytics-gp.labels';
import { gpAnalyticsPages } from './analytics-gp.pages';

/**
 * The GP-based analytics pages (issue 17, docs/analytics.md "GP pages"): no HTTP routes of its own — the
 * analytics module serves /api/v1/Analytics/{page} (guarded by each page's function id) and calls these.
 */
export const analyticsGpRoutes: ModuleRoutes = (_app, { config }) => {
  registerAnalyticsLabels(GP_COLUMN_LABELS);
  for (const def of gpAnalyticsPages(minorUnits(config.invoice.baseCurrency))) registerAnalyticsPage(def);
};
