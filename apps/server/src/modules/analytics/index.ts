/** The analytics module's public entry (issue 17; docs/analytics.md). */

export {
  type AnalyticsCtx,
  type AnalyticsPageDef,
  analyticsPage,
  registerAnalyticsPage,
} from './analytics-registry';
