// Live carrier connectivity over DCSA (issue 42): the lists and message keys without zod, so the web's carrier
// panels and the server's status columns use them without the schemas. carrier-link.ts re-exports everything.

/** DCSA Booking 2.0 `bookingStatus` (BKG_v2.0.5.yaml). */
export const DCSA_BOOKING_STATUSES = [
  'RECEIVED',
  'PENDING_UPDATE',
  'UPDATE_RECEIVED',
  'CONFIRMED',
  'PENDING_AMENDMENT',
  'REJECTED',
  'DECLINED',
  'CANCELLED',
  'COMPLETED',
] as const;
/** DCSA Booking 2.0 `amendedBookingStatus`. */
export const DCSA_AMENDED_BOOKING_STATUSES = [
  'AMENDMENT_RECEIVED',
  'AMENDMENT_CONFIRMED',
  'AMENDMENT_DECLINED',
  'AMENDMENT_CANCELLED',
] as const;
/** DCSA Booking 2.0 `bookingCancellationStatus`. */
export const DCSA_BOOKING_CANCELLATION_STATUSES = [
  'CANCELLATION_RECEIVED',
  'CANCELLATION_DECLINED',
  'CANCELLATION_CONFIRMED',
] as const;
/** DCSA eBL 3.0 `shippingInstructionsStatus` (EBL_v3.0.4.yaml). */
export const DCSA_SI_STATUSES = ['RECEIVED', 'PENDING_UPDATE', 'COMPLETED', 'CANCELLED', 'DECLINED'] as const;
/** DCSA eBL 3.0 `updatedShippingInstructionsStatus`. */
export const DCSA_UPDATED_SI_STATUSES = [
  'UPDATE_RECEIVED',
  'UPDATE_CONFIRMED',
  'UPDATE_CANCELLED',
  'UPDATE_DECLINED',
] as const;
/** DCSA eBL 3.0 `transportDocumentStatus`. */
export const DCSA_TD_STATUSES = [
  'DRAFT',
  'APPROVED',
  'ISSUED',
  'PENDING_SURRENDER_FOR_AMENDMENT',
  'SURRENDER_FOR_AMENDMENT',
  'VOID',
  'PENDING_SURRENDER_FOR_DELIVERY',
  'SURRENDER_FOR_DELIVERY',
] as const;
/**
 * Every DCSA code an exchange may show as `carrier_status` / `carrier_sub_status` (labels: the web's
 * `carrierLink.status.<CODE>` in three languages).
 */
export const DCSA_STATUS_CODES = [
  ...new Set([
    ...DCSA_BOOKING_STATUSES,
    ...DCSA_AMENDED_BOOKING_STATUSES,
    ...DCSA_BOOKING_CANCELLATION_STATUSES,
    ...DCSA_SI_STATUSES,
    ...DCSA_UPDATED_SI_STATUSES,
    ...DCSA_TD_STATUSES,
  ]),
] as readonly TDcsaStatusCode[];
export type TDcsaStatusCode =
  | (typeof DCSA_BOOKING_STATUSES)[number]
  | (typeof DCSA_AMENDED_BOOKING_STATUSES)[number]
  | (typeof DCSA_BOOKING_CANCELLATION_STATUSES)[number]
  | (typeof DCSA_SI_STATUSES)[number]
  | (typeof DCSA_UPDATED_SI_STATUSES)[number]
  | (typeof DCSA_TD_STATUSES)[number];

/** Carrier statuses after which nothing more is expected for a booking / SI / TD (polling stops). */
export const DCSA_FINAL_STATUSES: Record<TCarrierExchangeKind, readonly TDcsaStatusCode[]> = {
  BOOKING: ['REJECTED', 'DECLINED', 'CANCELLED', 'COMPLETED'],
  SI: ['COMPLETED', 'CANCELLED', 'DECLINED'],
  TD: ['ISSUED', 'VOID', 'SURRENDER_FOR_DELIVERY'],
};

/** What is exchanged: the carrier booking, the shipping instructions, the transport document. */
export const CARRIER_EXCHANGE_KINDS = ['BOOKING', 'SI', 'TD'] as const;
export type TCarrierExchangeKind = (typeof CARRIER_EXCHANGE_KINDS)[number];
/** The portal document an exchange belongs to: a consolidation plan, an FCL booking (shipping order) or a master bill. */
export const CARRIER_DOC_TYPES = ['CONSOL', 'MBL', 'SO'] as const;
export type TCarrierDocType = (typeof CARRIER_DOC_TYPES)[number];
/** What the portal asks of the carrier: POST (CREATE), PUT (UPDATE), PATCH (CANCEL, APPROVE). */
export const CARRIER_LINK_ACTIONS = ['CREATE', 'UPDATE', 'CANCEL', 'APPROVE'] as const;
export type TCarrierLinkAction = (typeof CARRIER_LINK_ACTIONS)[number];
/** The standards a connection may speak. */
export const CARRIER_STANDARDS = ['BOOKING', 'EBL'] as const;
export type TCarrierStandard = (typeof CARRIER_STANDARDS)[number];

/**
 * The portal's side of an exchange (labels: `carrierLink.link.<STATE>`):
 * - SENDING: a request is queued or being retried ("waiting for carrier", with the last error);
 * - WAITING: the carrier took the request; its answer (notification or poll) is awaited;
 * - SYNCED: the carrier's latest news is here;
 * - FAILED: the carrier refused the request (DCSA 400/404/409: its error text is shown);
 * - REFUSED: the carrier refused the portal's credentials (nothing retried until the connection is saved).
 */
export const CARRIER_LINK_STATES = ['SENDING', 'WAITING', 'SYNCED', 'FAILED', 'REFUSED'] as const;
export type TCarrierLinkState = (typeof CARRIER_LINK_STATES)[number];
/** A queued request: PENDING (first or next attempt due), SENT, FAILED (carrier refused it), HELD (credentials). */
export const CARRIER_OUTBOX_STATES = ['PENDING', 'SENT', 'FAILED', 'HELD'] as const;
export type TCarrierOutboxState = (typeof CARRIER_OUTBOX_STATES)[number];
/** How the portal authenticates at the carrier. */
export const CARRIER_AUTH_KINDS = ['OAUTH2', 'API_KEY'] as const;
export type TCarrierAuthKind = (typeof CARRIER_AUTH_KINDS)[number];
/** Whether the carrier took the portal's credentials the last time they were used (or tested). */
export const CARRIER_CREDENTIAL_STATES = ['OK', 'UNTESTED', 'REFUSED'] as const;
export type TCarrierCredentialState = (typeof CARRIER_CREDENTIAL_STATES)[number];
/** DCSA versions a connection may name (the published descriptions the portal validates with). */
export const CARRIER_BOOKING_VERSIONS = ['2.0'] as const;
export const CARRIER_EBL_VERSIONS = ['3.0'] as const;
/** Who wrote a history line of an exchange. */
export const CARRIER_EVENT_SOURCES = ['PORTAL', 'CARRIER', 'POLL', 'USER'] as const;
export type TCarrierEventSource = (typeof CARRIER_EVENT_SOURCES)[number];
/**
 * History lines of an exchange (labels: `carrierLink.event.<CODE>`): QUEUED (a request was queued), SENT (the
 * carrier accepted it), RETRY (no answer / 5xx / nonsense: tried again later), FAILED (the carrier refused the
 * request), HELD (credentials refused), RELEASED (the connection was saved: held requests queued again),
 * NOTIFIED (a carrier notification), POLLED (news found by polling), REVIEWED (differences accepted or dismissed).
 */
export const CARRIER_EVENT_CODES = [
  'QUEUED',
  'SENT',
  'RETRY',
  'FAILED',
  'HELD',
  'RELEASED',
  'NOTIFIED',
  'POLLED',
  'REVIEWED',
] as const;
export type TCarrierEventCode = (typeof CARRIER_EVENT_CODES)[number];

/**
 * The plan fields a confirmed carrier booking may bring back (`fields` of the accept call; labels:
 * `carrierLink.field.<name>`). Cut-offs are shown beside the sailing's own (the plan keeps none): they are
 * listed with `acceptable: false`.
 */
export const CARRIER_BOOKING_FIELDS = [
  'carrier_booking_no',
  'vessel_name',
  'voyage',
  'etd',
  'cfs_cutoff',
  'cy_cutoff',
  'vgm_cutoff',
  'si_cutoff',
] as const;
export type TCarrierBookingField = (typeof CARRIER_BOOKING_FIELDS)[number];

/** The consumer notification endpoints (under `/api/v1/carrier-link/{carrierCode}`), as the YAMLs name them. */
export const CARRIER_NOTIFY_PATHS = {
  booking: '/v2/booking-notifications',
  shipping_instructions: '/v3/shipping-instructions-notifications',
  transport_document: '/v3/transport-document-notifications',
} as const;
/** Minimum length of the secret a carrier sends with its notifications. */
export const CARRIER_INBOUND_SECRET_MIN = 16;

/** Carrier connectivity message keys (translated in the web app's `msg` namespace). */
export const CARRIER_LINK_MSG = {
  /** 404: the carrier has no connection (GET/test before the first save). */
  connectionNotFound: 'msgCarrierLinkConnectionNotFound',
  /** 422: the document's carrier has no enabled connection for this standard (use the file export). */
  notConnected: 'msgCarrierLinkNotConnected',
  /** 400: the base or token URL is not an absolute http(s) address. */
  urlInvalid: 'msgCarrierLinkUrlInvalid',
  /** 400: the base or token URL's host is (or resolves to) an internal address not allowed. */
  urlNotAllowed: 'msgCarrierLinkUrlNotAllowed',
  /** 400: OAuth2 without a token URL or client id. */
  oauthFieldsRequired: 'msgCarrierLinkOauthFieldsRequired',
  /** 400: a first save without the secret (client secret or API key). */
  secretRequired: 'msgCarrierLinkSecretRequired',
  /** 400: neither the booking nor the eBL standard chosen. */
  standardRequired: 'msgCarrierLinkStandardRequired',
  /** 422: the document the portal would send fails the DCSA schema; params count, details the errors. */
  documentInvalid: 'msgCarrierLinkDocumentInvalid',
  /** 422: the document's state does not allow this carrier action now. */
  actionNotAllowed: 'msgCarrierLinkActionNotAllowed',
  /** 422: the plan has no selected sailing (the carrier to book with is unknown). */
  noSailing: 'msgCarrierLinkNoSailing',
  /** 422: an LCL booking goes to the carrier with its consolidation plan, not on its own. */
  lclWithPlan: 'msgCarrierLinkLclWithPlan',
  /** 422: "Submit booking" by hand on a booking whose carrier is linked over DCSA: send it to the carrier instead. */
  sendInstead: 'msgCarrierLinkSendInstead',
  /** 422: the booking names no carrier yet (choose the sailing first). */
  noCarrier: 'msgCarrierLinkNoCarrier',
  /** 422: nothing was sent to the carrier yet (cancel, accept). */
  notSent: 'msgCarrierLinkNotSent',
  /** 422: the carrier's document brings no differences to accept. */
  nothingToAccept: 'msgCarrierLinkNothingToAccept',
  /** 400: a field to accept that is not one of the differences; params value. */
  fieldNotAcceptable: 'msgCarrierLinkFieldNotAcceptable',
  /** Connection test: the carrier took the credentials. */
  testOk: 'msgCarrierLinkTestOk',
  /** Connection test: the carrier refused the credentials. */
  testRefused: 'msgCarrierLinkTestRefused',
  /** Connection test: no answer (network error, timeout, 5xx); detail says what. */
  testUnreachable: 'msgCarrierLinkTestUnreachable',
  /** Connection test: the carrier answered something that is not DCSA's. */
  testNonsense: 'msgCarrierLinkTestNonsense',
  /** 503: production without SECRETS_KEY: carrier secrets cannot be stored (docs/carrier-link.md). */
  secretsKeyMissing: 'msgCarrierLinkSecretsKeyMissing',
} as const;
