import { z } from 'zod';
import type { ZSysNotice } from './auth';
import { exportLang, optText, recordStamps, versionRead } from './fields';
import { listResponse, ZListQuery } from './list';
import { SYS_NOTICE_SORTABLE, SYS_NOTICE_TYPES, SYS_NOTICE_VALIDITIES } from './maintenance-catalogue';
import { MSG } from './msg-keys';

export {
  NOTICE_UTC_OFFSET_HOURS,
  SYS_NOTICE_SORTABLE,
  SYS_NOTICE_TYPES,
  SYS_NOTICE_VALIDITIES,
} from './maintenance-catalogue';

export type TSysNoticeType = (typeof SYS_NOTICE_TYPES)[number];
/** A notice or alert as the sign-in and renew answers carry it (000 §3). */
export type TSysNotice = z.infer<typeof ZSysNotice>;

const instant = z
  .string()
  .min(1, MSG.fieldRequired)
  .refine((v) => !Number.isNaN(Date.parse(v)), MSG.fieldInvalid)
  .describe('ISO 8601 date-time with a zone (UTC or +08:00)');

/** Fields an administrator edits on a system notice (001 §3 System notice). */
export const ZSysNoticeFields = z
  .object({
    notice_type: z.enum(SYS_NOTICE_TYPES, { message: MSG.fieldRequired }),
    notice_title: z.string().trim().min(1, MSG.fieldRequired).max(200, MSG.fieldTooLong),
    notice_body: z
      .string()
      .trim()
      .min(1, MSG.fieldRequired)
      .max(4000, MSG.fieldTooLong)
      .describe('May contain {{REMAIN}}: minutes remaining until valid_to'),
    affected_system: optText(200),
    remarks: optText(1000),
    valid_from: instant,
    valid_to: instant,
  })
  .refine((v) => Date.parse(v.valid_to) > Date.parse(v.valid_from), {
    path: ['valid_to'],
    message: MSG.validToBeforeFrom,
  });

export const ZCreateSysNoticeRequest = ZSysNoticeFields;
export type TCreateSysNoticeRequest = z.input<typeof ZCreateSysNoticeRequest>;
export const ZUpdateSysNoticeRequest = ZSysNoticeFields.safeExtend({
  version: versionRead,
});
export type TUpdateSysNoticeRequest = z.input<typeof ZUpdateSysNoticeRequest>;

/** A system notice as maintained (the sign-in answer carries the shorter ZSysNotice). */
export const ZSysNoticeRecord = z.object({
  uid: z.string(),
  notice_type: z.enum(SYS_NOTICE_TYPES),
  notice_title: z.string(),
  notice_body: z.string(),
  affected_system: z.string().nullable(),
  remarks: z.string().nullable(),
  valid_from: z.string(),
  valid_to: z.string(),
  ...recordStamps,
});
export type TSysNoticeRecord = z.infer<typeof ZSysNoticeRecord>;

export const ZSysNoticeListQuery = ZListQuery.extend({
  sort: z.enum(SYS_NOTICE_SORTABLE).optional(),
  notice_type: z.enum(SYS_NOTICE_TYPES).optional(),
  validity: z.enum(SYS_NOTICE_VALIDITIES).optional(),
});

/** The export's query: the list's filters and the language of the column headers. */
export const ZSysNoticeExportQuery = ZSysNoticeListQuery.extend(exportLang);
export type TSysNoticeListQuery = z.infer<typeof ZSysNoticeListQuery>;
export const ZSysNoticeListResponse = listResponse(ZSysNoticeRecord);
export const ZSysNoticeIdParams = z.object({ uid: z.uuid() });
