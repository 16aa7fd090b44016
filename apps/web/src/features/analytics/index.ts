/** features/analytics's public entry (issue 17, docs/analytics.md): the /BMS analytics routes. */
export { analyticsRoutes } from './routes';
