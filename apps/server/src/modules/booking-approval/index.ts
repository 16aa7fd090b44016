/** The booking-approval module's public entry: what other modules, app.ts and the seeds may use. */
export { bookingApprovalRoutes } from './booking-approval.routes';
export { seedDemoApproval } from './booking-approval.seed';
// The operation alert dashboard (modules/operation-alert) ages the same lists with the same conditions.
export { APPROVAL_LIST_DEFS } from './booking-approval-lists.repository';
