/**
 * Platform metrics (Prometheus, GET /metrics): the shared registry modules add their counters, gauges and
 * histograms to, and scrape-time collectors for values that need a query. See docs/operations.md "Metrics".
 */
export { metricsRoutes } from './metrics.routes';
export { httpDuration, jobRuns, registerPoolMetrics } from './platform-metrics';
export { counter, gauge, histogram, onScrape, registry, type ScrapeContext, scrape } from './registry';
