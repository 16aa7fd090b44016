/** The report writer module's public entry: what app.ts, main.ts and the seeds may use. */
export { REPORT_WRITER_JOB } from './report-writer.jobs';
export { reportWriterRoutes } from './report-writer.routes';
export { seedDemoReports } from './report-writer.seed';
export { rwReports, rwRuns } from './report-writer.tables';
