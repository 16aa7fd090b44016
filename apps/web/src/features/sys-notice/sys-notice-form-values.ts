import {
  NOTICE_UTC_OFFSET_HOURS,
  type TCreateSysNoticeRequest,
  type TSysNoticeRecord,
} from '@portal/contracts';
import dayjs, { type Dayjs } from 'dayjs';

const OFFSET_MS = NOTICE_UTC_OFFSET_HOURS * 3_600_000;
const OFFSET = `+${String(NOTICE_UTC_OFFSET_HOURS).padStart(2, '0')}:00`;

/** A UTC instant as a picker value showing Hong Kong wall-clock time (UTC+8), whatever the browser's zone. */
export function toHkPicker(iso: string): Dayjs {
  return dayjs(new Date(Date.parse(iso) + OFFSET_MS).toISOString().slice(0, 19));
}

/** A picker value holding Hong Kong wall-clock time as an ISO instant with +08:00. */
export function fromHkPicker(d: Dayjs): string {
  return `${d.format('YYYY-MM-DDTHH:mm:ss')}${OFFSET}`;
}

/** The notice form's values. */
export interface SysNoticeFormValues {
  notice_type: string;
  notice_title: string;
  notice_body: string;
  affected_system: string;
  remarks: string;
  valid_from: Dayjs | null;
  valid_to: Dayjs | null;
}

/** Form values for a loaded notice, or the defaults of a new one (a NOTICE). */
export function toFormValues(n: TSysNoticeRecord | null): SysNoticeFormValues {
  return {
    notice_type: n?.notice_type ?? 'NOTICE',
    notice_title: n?.notice_title ?? '',
    notice_body: n?.notice_body ?? '',
    affected_system: n?.affected_system ?? '',
    remarks: n?.remarks ?? '',
    valid_from: n ? toHkPicker(n.valid_from) : null,
    valid_to: n ? toHkPicker(n.valid_to) : null,
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const when = (v: unknown) => (dayjs.isDayjs(v) && v.isValid() ? fromHkPicker(v) : '');

/** The request body for form values; the contracts schema decides validity. */
export function toRequest(values: Record<string, unknown>): TCreateSysNoticeRequest {
  return {
    notice_type: values.notice_type as TCreateSysNoticeRequest['notice_type'],
    notice_title: text(values.notice_title),
    notice_body: text(values.notice_body),
    affected_system: text(values.affected_system) || null,
    remarks: text(values.remarks) || null,
    valid_from: when(values.valid_from),
    valid_to: when(values.valid_to),
  };
}
