/** The sys-notice module's public entry: what other modules, app.ts and the seeds may use. */
export type { SysNoticeRow } from './sys-notice.repository';
export { sysNoticeRoutes } from './sys-notice.routes';
export { sysNoticeService } from './sys-notice.service';
export { sysNotices } from './sys-notice.tables';
