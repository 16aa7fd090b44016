/** The booking-approval module's public entry: what other modules, app.ts and the seeds may use. */
export { bookingApprovalRoutes } from './booking-approval.routes';
export { seedDemoApproval } from './booking-approval.seed';
