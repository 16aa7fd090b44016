/** features/operation-alert's public entry (issue 17; docs/operation-alerts.md). */
export { usePageViewRecorder } from './page-view-recorder';
export { operationAlertRoutes } from './routes';
