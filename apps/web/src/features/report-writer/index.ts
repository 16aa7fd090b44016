/** features/report-writer's public entry: its routes (docs/report-writer.md). */
export { reportWriterRoutes } from './routes';
