import { z } from 'zod';
import { filingAddressOut, REMARK_VISIBILITY, VGM_METHODS, ZIsfProfileFields } from './booking';
import { sailingLaneOut } from './fields';
import { MSG } from './msg-keys';
import { refineStateAndZip } from './validators/address';

// ---------------------------------------------------------------------------------------------------------
// Booking extras: remarks, VGM messages, related panels, ISF profiles (answers of the booking-actions routes)
// ---------------------------------------------------------------------------------------------------------

/** A remark on a shipping order: sanitised HTML and who may see it. */
export const ZBookingRemark = z.object({
  id: z.number().int(),
  html: z.string().describe('Sanitised HTML (basic formatting, lists, links, data: images)'),
  visible_to: z.enum(REMARK_VISIBILITY),
  created_at: z.string(),
  created_by: z.string().nullable(),
  can_delete: z.boolean().describe('The caller wrote it, or is an internal user'),
});
export const ZBookingRemarkList = z.array(ZBookingRemark);
export type TBookingRemark = z.output<typeof ZBookingRemark>;

/** A new remark. External users may only post remarks visible to ALL. */
export const ZCreateBookingRemark = z.object({
  html: z.string({ message: MSG.fieldRequired }).min(1, MSG.fieldRequired),
  visible_to: z.enum(REMARK_VISIBILITY).default('ALL'),
});

/** The remark editor's limits (server configuration). */
export const ZRemarkLimits = z.object({
  imageMaxKb: z.number().int(),
  htmlMaxMb: z.number(),
  textMaxChars: z.number().int(),
});
export type TRemarkLimits = z.output<typeof ZRemarkLimits>;

/** One VGM message generated for a container (VGM EDI History tab). */
export const ZVgmMessage = z.object({
  id: z.number().int(),
  message_ref: z.string(),
  container_no: z.string(),
  vgm_weight: z.string(),
  vgm_method: z.enum(VGM_METHODS),
  status: z.string().describe('SENT: generated and recorded'),
  payload: z.string().describe('UN/EDIFACT VERMAS D16A'),
  sent_at: z.string(),
  sent_by: z.string().nullable(),
});
export const ZVgmMessageList = z.array(ZVgmMessage);
export type TVgmMessage = z.output<typeof ZVgmMessage>;

/** A sailing schedule shown in the Related Sailing Schedules panel. */
export const ZRelatedSailing = z.object({
  sailing_schedule_id: z.number().int(),
  ...sailingLaneOut,
  cfs_cutoff: z.string().nullable(),
  cy_cutoff: z.string().nullable(),
  vgm_cutoff: z.string().nullable(),
  si_cutoff: z.string().nullable(),
  is_tbc: z.boolean(),
});

/** A booking shown in the Related Bookings panel. */
export const ZRelatedBooking = z.object({
  so_no: z.string(),
  job_no: z.string().nullable(),
  status: z.string(),
  shipper_code: z.string().nullable(),
  pol: z.string(),
  pod: z.string(),
  etd: z.string(),
  vessel_name: z.string().nullable(),
  voyage: z.string().nullable(),
  relation: z.enum(['MASTER_SO', 'JOB', 'LANE']).describe('Why it is related'),
});

/** Related panels of a booking (`consols`: the consol plan the SO is in, if any). */
export const ZBookingRelated = z.object({
  sailings: z.array(ZRelatedSailing),
  bookings: z.array(ZRelatedBooking),
  consols: z.array(z.object({ consol_no: z.string(), status: z.string() })),
  sailing_history: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
      actor_name: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type TBookingRelated = z.output<typeof ZBookingRelated>;

/** A new ISF profile: the fields plus the US/CA state and ZIP rules. */
export const ZCreateIsfProfile = ZIsfProfileFields.superRefine(
  refineStateAndZip({ country: 'country', state: 'state', zip: 'zip' }),
);
/** An ISF profile as answered (plain strings: the field schemas' transforms cannot encode responses). */
export const ZIsfProfileOut = z.object({
  isf_profile_id: z.number().int(),
  ...filingAddressOut,
  country: z.string(),
  countryOfOrigin: z.string(),
});
export const ZIsfProfileList = z.array(ZIsfProfileOut);
export const ZIsfProfileQuery = z.object({ q: z.string().trim().max(100).optional() });

// ---------------------------------------------------------------------------------------------------------
// Mobile hand-off (000 §7–§8, 001 §7: /Shipment/GetMobileSite, CheckSOExistsInMobile, AddTokenForRedirectMobileSite)
// ---------------------------------------------------------------------------------------------------------

export const ZMobileSiteResponse = z.array(z.object({ pkey: z.literal('MOBILE_SITE'), pvalue: z.string() }));
export const ZMobileSoParams = z.object({
  so_no: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,30}$/, MSG.fieldInvalid),
});
export const ZMobileSoResponse = z.object({ master_so_no: z.string() });
export const ZMobileTokenQuery = z.object({ user_uid: z.string().trim().max(64).optional() });
export const ZMobileTokenResponse = z.object({ token: z.string() });
