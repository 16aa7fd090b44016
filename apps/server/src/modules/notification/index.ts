/** The notification module's public entry: what app.ts, the seeds and tests may use. */
export { dispatchPending } from './notification.dispatch';
export { NOTIFICATION_DISPATCH_JOB, notificationHub, notificationRoutes } from './notification.routes';
export { seedDemoNotifications } from './notification.seed';
export { notificationMessages, notificationSettings } from './notification.tables';
