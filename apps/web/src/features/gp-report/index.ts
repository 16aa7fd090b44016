/** features/gp-report's public entry: its routes (docs/gp-reports.md). */
export { gpReportRoutes } from './routes';
