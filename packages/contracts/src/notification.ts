import { z } from 'zod';
import { MSG } from './msg-keys';
import {
  LIVE_DOCUMENT_KINDS,
  NOTIFICATION_MODULE_DOC,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_READ_FILTERS,
  type TLiveDocumentKind,
} from './notification-catalogue';
import {
  NOTIFICATION_EVENT_CODES,
  NOTIFICATION_EVENTS,
  NOTIFICATION_MODULES,
  type TNotificationEventCode,
  type TNotificationModule,
} from './notification-events';

export * from './notification-catalogue';
export * from './notification-events';

// ---------------------------------------------------------------------------------------------------------
// Notifications (000 §2.2 bell and masterSetting, §3 Notification message / Available event code /
// Notification setting, §4 Notifications, §7 the calls, §8 errors, §9 page size and relative times)
// ---------------------------------------------------------------------------------------------------------

/** The event a booking action raises (001 §4); actions not listed raise none. */
export const BOOKING_ACTION_EVENT: Partial<Record<string, TNotificationEventCode>> = {
  confirm: 'BOOKING_CONFIRMED',
  request_amend: 'BOOKING_AMEND_REQUESTED',
  request_cancel: 'BOOKING_CANCEL_REQUESTED',
  cancel: 'BOOKING_CANCELLED',
  acknowledge_cancel: 'BOOKING_CANCELLED',
  recover: 'BOOKING_RECOVERED',
  submit_si: 'BOOKING_SI_SUBMITTED',
};

/**
 * The event a booking-approval action raises. `fromDecided`: the booking was already approved, rejected or
 * advised, so a new proposal is an update by operations (MR) and a new answer an update by the customer.
 */
export function approvalActionEvent(
  action: string,
  fromDecided: boolean,
): TNotificationEventCode | undefined {
  switch (action) {
    case 'request_approval':
      return 'APPROVAL_REQUESTED';
    case 'booking_advice':
      return 'APPROVAL_ADVICE';
    case 'approve':
      return fromDecided ? 'APPROVAL_UPDATED_BY_CUSTOMER' : 'APPROVAL_APPROVED';
    case 'reject':
      return fromDecided ? 'APPROVAL_UPDATED_BY_CUSTOMER' : 'APPROVAL_REJECTED';
    case 'propose':
      return fromDecided ? 'APPROVAL_UPDATED_BY_MR' : undefined;
    default:
      return undefined;
  }
}

/** The event a party pipeline move raises (001 §4 Party states); creating a party raises PARTY_SUBMITTED. */
export const PARTY_ACTION_EVENT: Record<string, TNotificationEventCode> = {
  management_approve: 'PARTY_MANAGEMENT_APPROVED',
  management_reject: 'PARTY_MANAGEMENT_REJECTED',
  approve: 'PARTY_APPROVED',
  reject: 'PARTY_REJECTED',
  sunac_handle: 'PARTY_SUNAC_HANDLED',
  sunac_reject: 'PARTY_SUNAC_REJECTED',
  cam_handle: 'PARTY_CAM_HANDLED',
  cam_reject: 'PARTY_CAM_REJECTED',
  resubmit: 'PARTY_SUBMITTED',
};

/** The event a consolidation plan action raises (issue 39); actions not listed raise none (e-mail only). */
export const CONSOL_ACTION_EVENT: Partial<Record<string, TNotificationEventCode>> = {
  propose: 'CONSOL_SUBMITTED',
  request_approval: 'CONSOL_APPROVAL_REQUESTED',
  approve: 'CONSOL_APPROVED',
  reject: 'CONSOL_REJECTED',
};

/** The event a master bill action raises (issue 39): create is MBL_DRAFTED, an applied carrier import MBL_CARRIER_IMPORTED. */
export const MBL_ACTION_EVENT: Partial<Record<string, TNotificationEventCode>> = {
  create: 'MBL_DRAFTED',
  dcsa_import: 'MBL_CARRIER_IMPORTED',
  issue: 'MBL_ISSUED',
};

/**
 * The event an invoice move raises (issue 39) and the profile types at the invoice's office that act next
 * (`office_approvers`): a prepared invoice waits for a supervisor (a reversal for a manager), a 1st-level
 * approval for a manager. Posted / posting failed come from the posting job (finance). Other moves raise none.
 */
export const INVOICE_ACTION_EVENT: Partial<
  Record<string, { code: TNotificationEventCode; next: readonly string[] }>
> = {
  prepare: { code: 'INVOICE_PREPARED', next: ['SUPERVISOR'] },
  resubmit: { code: 'INVOICE_PREPARED', next: ['SUPERVISOR'] },
  prepare_reversal: { code: 'INVOICE_PREPARED', next: ['MANAGER'] },
  approve_1: { code: 'INVOICE_APPROVED', next: ['MANAGER'] },
  approve_2: { code: 'INVOICE_APPROVED', next: [] },
  approve_reversal: { code: 'INVOICE_APPROVED', next: [] },
  reject_1: { code: 'INVOICE_REJECTED', next: [] },
  reject_2: { code: 'INVOICE_REJECTED', next: [] },
  print: { code: 'INVOICE_PRINTED', next: [] },
};
/** Who hears of an invoice's posting result besides its followers and creator: finance at its office. */
export const INVOICE_POSTING_AUDIENCE: readonly string[] = ['FINANCE'];

/**
 * The function id a user needs to hear of a module's events (and to follow its documents). Invoices: `m_ap`,
 * the function every invoice role holds (as the invoice's documents use; external roles hold none).
 */
export const NOTIFICATION_MODULE_FUNC = {
  booking: 'booking',
  booking_approval: 'booking_approval',
  party: 'party',
  registration: 'admin',
  consolidation: 'consolidation',
  master_bl: 'master_bl',
  invoice: 'm_ap',
} as const satisfies Record<TNotificationModule, string>;

/** Event codes of one module, in catalogue order. */
export const notificationEventsOf = (module: TNotificationModule) =>
  NOTIFICATION_EVENT_CODES.filter((c) => NOTIFICATION_EVENTS[c].module === module);

/** The translation key of an event's message text (web namespace `notification`). */
export const notificationDescKey = (code: TNotificationEventCode) => `evt.${code}`;

/** The web route of a document a message links to. */
export function notificationHref(module: TNotificationModule, docCode: string): string {
  const doc = encodeURIComponent(docCode);
  switch (module) {
    case 'booking':
      return `/BMS/enhance_booking/shipping_order/${doc}`;
    case 'booking_approval':
      return `/BMS/enhance_booking_approval/shipping_order/${doc}`;
    case 'party':
      return `/BMS/party/party_maintenance/${doc}`;
    case 'registration':
      return `/BMS/user_registration_maintenance/${doc}`;
    case 'consolidation':
      return `/BMS/consolidation/consolidation_management/${doc}`;
    case 'master_bl':
      return `/BMS/master_bl/master_bl/${doc}`;
    case 'invoice':
      // doc_code = the invoice id; /INV/Details/{id} opens the AR or AP detail.
      return `/INV/Details/${doc}`;
  }
}

// ---- schemas --------------------------------------------------------------------------------------------

const moduleField = z.enum(NOTIFICATION_MODULES, { message: MSG.notificationInvalidModule });
const docCodeField = z
  .string({ message: MSG.notificationInvalidDocCode })
  .trim()
  .min(1, MSG.notificationInvalidDocCode)
  .max(64, MSG.notificationInvalidDocCode)
  .regex(/^(\*|[A-Za-z0-9_-]+)$/, MSG.notificationInvalidDocCode)
  .describe(
    "A document's number (SO#, party id, registration id, consol#, MBL#, invoice id), or '*' for the module's own setting",
  );
const eventCodeField = z.enum(
  NOTIFICATION_EVENT_CODES as [TNotificationEventCode, ...TNotificationEventCode[]],
  {
    message: MSG.fieldInvalid,
  },
);
/** Message parameters: short strings only (they are interpolated into translated text, escaped). */
const descParam = z.record(z.string().max(64), z.string().max(500)).default({});

export const ZGetNotificationMessageRequest = z.object({
  page_size: z.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
  page_number: z.number().int().min(1).max(100_000).default(1),
  read_filter: z.enum(NOTIFICATION_READ_FILTERS).default('All'),
  search_text: z.string().trim().max(200, MSG.fieldTooLong).optional(),
});
export type TGetNotificationMessageRequest = z.input<typeof ZGetNotificationMessageRequest>;

export const ZNotificationMessage = z.object({
  message_id: z.number().int(),
  guid: z.string(),
  module: z.enum(NOTIFICATION_MODULES),
  sub_module: z.string(),
  doc_code: z.string(),
  event_code: z.string(),
  desc_key: z.string().describe("Key in the web's notification namespace, e.g. evt.BOOKING_CONFIRMED"),
  desc_param: z.record(z.string(), z.string()),
  href: z.string(),
  is_read: z.boolean(),
  message_dt: z.string(),
  removed: z.boolean(),
});
export type TNotificationMessage = z.infer<typeof ZNotificationMessage>;

export const ZGetNotificationMessageResponse = z.object({
  messages: z.array(ZNotificationMessage),
  total_count: z.number().int(),
  unread_count: z.number().int(),
});
export type TGetNotificationMessageResponse = z.infer<typeof ZGetNotificationMessageResponse>;

export const ZNotificationSettingParams = z.object({
  module: z.string().max(64),
  docCode: z.string().max(64),
});

export const ZNotificationSetting = z.object({
  module: z.enum(NOTIFICATION_MODULES),
  doc_code: z.string(),
  follow_setting: z
    .array(z.string())
    .describe("Event codes of the module the user hears of (defaults: the available codes' is_default)"),
  in_app_note: z.boolean(),
  email_note: z.boolean(),
  email_address: z.string().nullable().describe('Null: the login e-mail'),
  is_follow: z.boolean(),
  customized: z.boolean().describe('False: the defaults, never saved by the user'),
});
export type TNotificationSetting = z.infer<typeof ZNotificationSetting>;

export const ZNotificationSettingInput = z.object({
  module: moduleField,
  doc_code: docCodeField.default(NOTIFICATION_MODULE_DOC),
  follow_setting: z.array(eventCodeField).max(100).optional(),
  in_app_note: z.boolean().optional(),
  email_note: z.boolean().optional(),
  email_address: z.email(MSG.fieldInvalid).max(254, MSG.fieldTooLong).nullish().or(z.literal('')),
  is_follow: z.boolean().optional(),
});
export type TNotificationSettingInput = z.input<typeof ZNotificationSettingInput>;
/** POST /upsertNotificationConfigs: one or more settings of the caller. */
export const ZUpsertNotificationConfigsRequest = z.array(ZNotificationSettingInput).min(1).max(50);

export const ZAddNotificationRequest = z.object({
  module: moduleField,
  sub_module: z.string().max(64).optional(),
  doc_code: docCodeField,
  event_code: eventCodeField,
  desc_key: z.string().max(100).optional().describe("Ignored unless it is the event's own key"),
  desc_param: descParam,
  href: z.string().max(500).optional().describe("Ignored: the server links the document's own route"),
  guid: z.uuid().optional(),
  email_subject_param: descParam,
  email_body_param: descParam,
  visible_to: z.literal('All').default('All'),
});
export type TAddNotificationRequest = z.input<typeof ZAddNotificationRequest>;

export const ZUnfollowNotificationRequest = z.object({ module: moduleField, doc_code: docCodeField });
export type TUnfollowNotificationRequest = z.input<typeof ZUnfollowNotificationRequest>;

/** POST /upsertNotificationMessage: toggle one message read/unread, or remove it. */
export const ZUpsertNotificationMessageRequest = z
  .object({
    message_id: z
      .number()
      .int()
      .min(1)
      .max(2 ** 53 - 1),
    is_read: z.boolean().optional(),
    removed: z.literal(true).optional(),
  })
  .refine((v) => v.is_read !== undefined || v.removed !== undefined, {
    message: MSG.fieldRequired,
    path: ['is_read'],
  });
export type TUpsertNotificationMessageRequest = z.input<typeof ZUpsertNotificationMessageRequest>;

export const ZAvailableEventCode = z.object({
  module: z.enum(NOTIFICATION_MODULES),
  sub_module: z.string(),
  key: z.string().describe('The event code'),
  is_default: z.boolean(),
});
export type TAvailableEventCode = z.infer<typeof ZAvailableEventCode>;
export const ZAvailableEventCodesResponse = z.array(ZAvailableEventCode);

/** The reporting-service calls answer `true` on success (000 §7). */
export const ZTrueResponse = z.literal(true);

// ---- WebSocket protocol (docs/notifications.md "Protocol") ------------------------------------------------

/** Client → server: the first frame authenticates; send again with a renewed token. */
export const ZWsAuthenticateFrame = z.object({
  type: z.literal('Authenticate'),
  token: z.string().max(4000),
});
/** Client → server, once authenticated: watch (or stop watching) one open document (issue 39, live documents). */
export const ZWsWatchFrame = z.object({
  type: z.enum(['Watch', 'Unwatch']),
  kind: z.enum(LIVE_DOCUMENT_KINDS),
  doc_code: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export const ZWsClientFrame = z.discriminatedUnion('type', [ZWsAuthenticateFrame, ZWsWatchFrame]);
export type TWsClientFrame = z.infer<typeof ZWsClientFrame>;

/** Server → client frames. */
export type TWsServerFrame =
  | { type: 'Authenticated'; exp: number }
  | { type: 'ReceiveNotification'; message: TNotificationMessage }
  /** The server is going away (deploy): reconnect after `retry_ms` (to another instance). */
  | { type: 'Reconnect'; retry_ms: number }
  /** The answer to `Watch`: `allowed` false when the user may not see the document (nothing will be sent). */
  | { type: 'Watching'; kind: TLiveDocumentKind; doc_code: string; allowed: boolean }
  /** An event about a watched document committed (`event_code` of the catalogue): re-read it. */
  | { type: 'DocumentChanged'; kind: TLiveDocumentKind; doc_code: string; event_code: string };
