/** The GP analytics pages' public entry (issue 17, docs/analytics.md "GP pages"). */

export { gpAnalyticsPages } from './analytics-gp.pages';
export { analyticsGpRoutes } from './analytics-gp.routes';
