// The notification event catalogue without zod (issue 20: the webhook screen offers its event codes without the
// schemas). Not in notification-catalogue.ts, which the header's bell loads on every screen. notification.ts
// re-exports everything here.

/** Modules that emit notification events (the `module` of a message, a setting and an event code). */
export const NOTIFICATION_MODULES = [
  'booking',
  'booking_approval',
  'party',
  'registration',
  'consolidation',
  'master_bl',
  'invoice',
] as const;
export type TNotificationModule = (typeof NOTIFICATION_MODULES)[number];

/**
 * Who receives an event (docs/notifications.md "Recipients"), always filtered by the user's settings:
 * - `followers`: users following the document (is_follow on its setting);
 * - `parties`: users whose profile's party groups hold a party on the document (so an external user only
 *   ever hears of documents of its own parties);
 * - `office_ops`: OPERATIONS profiles of the document's handling office;
 * - `approvers`: profiles that may take the next step (party pipeline: the profiles of the moves allowed
 *   from the new status; registration: administrators);
 * - `applicant`: the user the document is about (a registration's applicant once the account exists);
 * - `creator`: the user who created the document (the first entry of its status history; issue 39);
 * - `office_approvers`: profiles of the types that act next (as `approvers`) working at the document's office
 *   (an invoice's supervisors, managers or finance; issue 39).
 * The user who caused the event is never notified of it.
 */
export const NOTIFICATION_AUDIENCES = [
  'followers',
  'parties',
  'office_ops',
  'approvers',
  'applicant',
  'creator',
  'office_approvers',
] as const;
export type TNotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

export interface NotificationEventDef {
  module: TNotificationModule;
  /** Groups event codes under a module (the detail screen or pipeline that raises them). */
  sub_module: string;
  /** On for a user who never changed the module's setting (Available event code `is_default`). */
  is_default: boolean;
  audiences: readonly TNotificationAudience[];
}

/**
 * THE event catalogue: one row per event code. New modules (consolidation, invoices) add rows here, and the
 * web's `notification` namespace gets `evt.<CODE>` texts. Message text key = `notification.evt.<CODE>`.
 */
// biome-ignore format: one row per event
export const NOTIFICATION_EVENTS = {
  // booking (001 §4 Booking statuses)
  BOOKING_CREATED:              { module: 'booking', sub_module: 'booking', is_default: true,  audiences: ['followers', 'parties', 'office_ops'] },
  BOOKING_CONFIRMED:            { module: 'booking', sub_module: 'booking', is_default: true,  audiences: ['followers', 'parties', 'office_ops'] },
  BOOKING_AMEND_REQUESTED:      { module: 'booking', sub_module: 'booking', is_default: true,  audiences: ['followers', 'parties', 'office_ops'] },
  BOOKING_CANCEL_REQUESTED:     { module: 'booking', sub_module: 'booking', is_default: true,  audiences: ['followers', 'parties', 'office_ops'] },
  BOOKING_CANCELLED:            { module: 'booking', sub_module: 'booking', is_default: true,  audiences: ['followers', 'parties', 'office_ops'] },
  BOOKING_RECOVERED:            { module: 'booking', sub_module: 'booking', is_default: false, audiences: ['followers', 'parties', 'office_ops'] },
  BOOKING_SI_SUBMITTED:         { module: 'booking', sub_module: 'si',      is_default: false, audiences: ['followers', 'parties', 'office_ops'] },
  // carrier connectivity (issue 42; docs/carrier-link.md): the carrier's answers on an FCL booking sent over DCSA
  SO_CARRIER_CONFIRMED:         { module: 'booking', sub_module: 'carrier', is_default: true,  audiences: ['followers', 'office_ops'] },
  SO_CARRIER_DECLINED:          { module: 'booking', sub_module: 'carrier', is_default: true,  audiences: ['followers', 'office_ops'] },
  SO_CARRIER_FAILED:            { module: 'booking', sub_module: 'carrier', is_default: true,  audiences: ['followers', 'office_ops'] },
  // booking approval (001 §4 Approval statuses)
  APPROVAL_REQUESTED:           { module: 'booking_approval', sub_module: 'approval', is_default: true,  audiences: ['followers', 'parties', 'office_ops'] },
  APPROVAL_APPROVED:            { module: 'booking_approval', sub_module: 'approval', is_default: true,  audiences: ['followers', 'parties', 'office_ops'] },
  APPROVAL_REJECTED:            { module: 'booking_approval', sub_module: 'approval', is_default: true,  audiences: ['followers', 'parties', 'office_ops'] },
  APPROVAL_ADVICE:              { module: 'booking_approval', sub_module: 'approval', is_default: true,  audiences: ['followers', 'parties', 'office_ops'] },
  APPROVAL_UPDATED_BY_MR:       { module: 'booking_approval', sub_module: 'approval', is_default: true,  audiences: ['followers', 'parties'] },
  APPROVAL_UPDATED_BY_CUSTOMER: { module: 'booking_approval', sub_module: 'approval', is_default: true,  audiences: ['followers', 'office_ops'] },
  // party pipeline (001 §4 Party states); parties are internal records: no external audience
  PARTY_SUBMITTED:              { module: 'party', sub_module: 'party_approval', is_default: true,  audiences: ['followers', 'approvers'] },
  PARTY_MANAGEMENT_APPROVED:    { module: 'party', sub_module: 'party_approval', is_default: true,  audiences: ['followers', 'approvers'] },
  PARTY_MANAGEMENT_REJECTED:    { module: 'party', sub_module: 'party_approval', is_default: true,  audiences: ['followers', 'approvers'] },
  PARTY_APPROVED:               { module: 'party', sub_module: 'party_approval', is_default: true,  audiences: ['followers', 'approvers'] },
  PARTY_REJECTED:               { module: 'party', sub_module: 'party_approval', is_default: true,  audiences: ['followers', 'approvers'] },
  PARTY_SUNAC_HANDLED:          { module: 'party', sub_module: 'party_approval', is_default: false, audiences: ['followers', 'approvers'] },
  PARTY_SUNAC_REJECTED:         { module: 'party', sub_module: 'party_approval', is_default: true,  audiences: ['followers', 'approvers'] },
  PARTY_CAM_HANDLED:            { module: 'party', sub_module: 'party_approval', is_default: false, audiences: ['followers', 'approvers'] },
  PARTY_CAM_REJECTED:           { module: 'party', sub_module: 'party_approval', is_default: true,  audiences: ['followers', 'approvers'] },
  // registration (000 §4 Registration)
  REGISTRATION_SUBMITTED:       { module: 'registration', sub_module: 'registration', is_default: true, audiences: ['followers', 'approvers'] },
  REGISTRATION_APPROVED:        { module: 'registration', sub_module: 'registration', is_default: true, audiences: ['followers', 'approvers'] },
  // consolidation plans (001 §5; issue 39): parties = the plan's customer party (the agent of an agent plan)
  CONSOL_SUBMITTED:             { module: 'consolidation', sub_module: 'consolidation', is_default: true,  audiences: ['followers', 'office_ops'] },
  CONSOL_APPROVAL_REQUESTED:    { module: 'consolidation', sub_module: 'consolidation', is_default: true,  audiences: ['followers', 'parties', 'office_ops'] },
  CONSOL_APPROVED:              { module: 'consolidation', sub_module: 'consolidation', is_default: true,  audiences: ['followers', 'parties', 'office_ops', 'creator'] },
  CONSOL_REJECTED:              { module: 'consolidation', sub_module: 'consolidation', is_default: true,  audiences: ['followers', 'parties', 'office_ops', 'creator'] },
  // carrier connectivity (issue 42; docs/carrier-link.md): the carrier's answers on a plan's booking
  CARRIER_BOOKING_CONFIRMED:    { module: 'consolidation', sub_module: 'carrier', is_default: true,  audiences: ['followers', 'office_ops'] },
  CARRIER_BOOKING_DECLINED:     { module: 'consolidation', sub_module: 'carrier', is_default: true,  audiences: ['followers', 'office_ops'] },
  CARRIER_BOOKING_FAILED:       { module: 'consolidation', sub_module: 'carrier', is_default: true,  audiences: ['followers', 'office_ops'] },
  // master bills (001 §9; issue 39): parties of an issued bill = its consignee (the destination agent) and notify
  MBL_DRAFTED:                  { module: 'master_bl', sub_module: 'master_bl', is_default: false, audiences: ['followers', 'office_ops'] },
  MBL_CARRIER_IMPORTED:         { module: 'master_bl', sub_module: 'master_bl', is_default: true,  audiences: ['followers', 'office_ops', 'creator'] },
  MBL_ISSUED:                   { module: 'master_bl', sub_module: 'master_bl', is_default: true,  audiences: ['followers', 'parties', 'office_ops', 'creator'] },
  // carrier connectivity (issue 42): the carrier's transport document for a bill, or its SI refused
  CARRIER_TD_DRAFT:             { module: 'master_bl', sub_module: 'carrier', is_default: true,  audiences: ['followers', 'office_ops'] },
  CARRIER_TD_ISSUED:            { module: 'master_bl', sub_module: 'carrier', is_default: true,  audiences: ['followers', 'office_ops', 'creator'] },
  CARRIER_SI_FAILED:            { module: 'master_bl', sub_module: 'carrier', is_default: true,  audiences: ['followers', 'office_ops'] },
  // invoices (002 §4; issue 39): internal only; office_approvers = who takes the next step at the invoice's office
  INVOICE_PREPARED:             { module: 'invoice', sub_module: 'invoice', is_default: true,  audiences: ['followers', 'office_approvers'] },
  INVOICE_APPROVED:             { module: 'invoice', sub_module: 'invoice', is_default: true,  audiences: ['followers', 'creator', 'office_approvers'] },
  INVOICE_REJECTED:             { module: 'invoice', sub_module: 'invoice', is_default: true,  audiences: ['followers', 'creator'] },
  INVOICE_PRINTED:              { module: 'invoice', sub_module: 'invoice', is_default: false, audiences: ['followers', 'creator'] },
  INVOICE_POSTED:               { module: 'invoice', sub_module: 'invoice', is_default: true,  audiences: ['followers', 'creator', 'office_approvers'] },
  INVOICE_POSTING_FAILED:       { module: 'invoice', sub_module: 'invoice', is_default: true,  audiences: ['followers', 'creator', 'office_approvers'] },
} as const satisfies Record<string, NotificationEventDef>;

export type TNotificationEventCode = keyof typeof NOTIFICATION_EVENTS;
export const NOTIFICATION_EVENT_CODES = Object.keys(NOTIFICATION_EVENTS) as TNotificationEventCode[];

/**
 * The status-history entity of a module's documents (entity id = the event's doc_code): the `creator` audience
 * is the actor of a document's first history entry.
 */
export const NOTIFICATION_HISTORY_ENTITY: Partial<Record<TNotificationModule, string>> = {
  consolidation: 'consolidation',
  master_bl: 'master_bl',
  invoice: 'invoice',
};
