/** The mailbox module's public entry: what other modules, app.ts and the seeds may use. */
export { mailboxRoutes } from './mailbox.routes';
