import type { TSysNoticeRecord, TSysNoticeType } from '@portal/contracts';
import type { SysNoticeRow } from './sys-notice.repository';

const iso = (v: string) => new Date(v).toISOString();

/** What a maintained system notice looks like on the wire (dates as UTC ISO instants). */
export const presentSysNotice = (r: SysNoticeRow): TSysNoticeRecord => ({
  uid: r.uid,
  notice_type: r.notice_type as TSysNoticeType,
  notice_title: r.notice_title,
  notice_body: r.notice_body,
  affected_system: r.affected_system,
  remarks: r.remarks,
  valid_from: iso(r.valid_from),
  valid_to: iso(r.valid_to),
  version: r.version,
  created_at: iso(r.created_at),
  created_by: r.created_by,
  updated_at: iso(r.updated_at),
  updated_by: r.updated_by,
});
