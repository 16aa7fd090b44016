import { z } from 'zod';
import {
  CARRIER_AUTH_KINDS,
  CARRIER_BOOKING_FIELDS,
  CARRIER_BOOKING_VERSIONS,
  CARRIER_CREDENTIAL_STATES,
  CARRIER_EBL_VERSIONS,
  CARRIER_EVENT_SOURCES,
  CARRIER_EXCHANGE_KINDS,
  CARRIER_INBOUND_SECRET_MIN,
  CARRIER_LINK_MSG,
  CARRIER_LINK_STATES,
} from './carrier-link-catalogue';
import { MSG } from './msg-keys';

export * from './carrier-link-catalogue';

// Live carrier connectivity over DCSA (issue 42; docs/carrier-link.md): the carrier connection an
// administrator maintains, the exchange view both documents show, and the consolidation plan's carrier calls.
// The master bill's calls are in master-bl-carrier.ts.

const noNul = (s: string) => !s.includes('\u0000');
const isHttpUrl = (value: string) => {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0 && !u.username;
  } catch {
    return false;
  }
};
const httpUrl = z
  .string()
  .trim()
  .min(1, MSG.fieldRequired)
  .max(2000, MSG.fieldTooLong)
  .refine(isHttpUrl, CARRIER_LINK_MSG.urlInvalid);
const optHttpUrl = z
  .string()
  .trim()
  .max(2000, MSG.fieldTooLong)
  .refine((v) => !v || isHttpUrl(v), CARRIER_LINK_MSG.urlInvalid)
  .nullish()
  .transform((v) => (v ? v : null));
const optSecret = (min: number) =>
  z
    .string()
    .max(500, MSG.fieldTooLong)
    .refine(noNul, MSG.invalidCharacter)
    .refine((v) => !v || v.length >= min, MSG.fieldTooShort)
    .optional()
    .transform((v) => (v ? v : undefined));

export const ZCarrierConnectionParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).describe('The carrier (carrier maintenance id)'),
});

/** The connection as carrier maintenance shows it: secrets never leave the server (only whether one is set). */
export const ZCarrierConnection = z.object({
  carrier_id: z.number().int(),
  carrier_code: z.string(),
  base_url: z.string().describe('The carrier DCSA API base, e.g. https://api.carrier.example/dcsa'),
  auth_kind: z.enum(CARRIER_AUTH_KINDS),
  token_url: z.string().nullable().describe('OAuth2 client-credentials token endpoint'),
  client_id: z.string().nullable(),
  api_key_header: z.string().nullable().describe('Header that carries the API key (API_KEY)'),
  has_secret: z.boolean().describe('A client secret / API key is stored (encrypted)'),
  has_inbound_secret: z.boolean().describe('A secret for the carrier notifications is stored (hashed)'),
  booking_version: z
    .enum(CARRIER_BOOKING_VERSIONS)
    .nullable()
    .describe('DCSA Booking version, null = not used'),
  ebl_version: z.enum(CARRIER_EBL_VERSIONS).nullable().describe('DCSA eBL version, null = not used'),
  enabled: z.boolean(),
  credential_state: z.enum(CARRIER_CREDENTIAL_STATES),
  credential_error: z.string().nullable(),
  notification_urls: z
    .object({ booking: z.string(), shipping_instructions: z.string(), transport_document: z.string() })
    .describe('Absolute addresses the carrier posts its notifications to (give them to the carrier)'),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
  version: z.number().int(),
});
export type TCarrierConnection = z.infer<typeof ZCarrierConnection>;

/** Create (no version) or update (version read) a carrier's connection. Empty secrets keep the stored ones. */
export const ZCarrierConnectionSave = z.object({
  base_url: httpUrl.describe('The carrier DCSA API base; {base}/v2/bookings etc.'),
  auth_kind: z.enum(CARRIER_AUTH_KINDS),
  token_url: optHttpUrl.describe('OAuth2 token endpoint (required for OAUTH2)'),
  client_id: z
    .string()
    .trim()
    .max(200, MSG.fieldTooLong)
    .refine(noNul, MSG.invalidCharacter)
    .nullish()
    .transform((v) => (v ? v : null)),
  secret: optSecret(1).describe('OAuth2 client secret or the API key; empty or absent keeps the stored one'),
  api_key_header: z
    .string()
    .trim()
    .max(100, MSG.fieldTooLong)
    .regex(/^([A-Za-z0-9-]+)?$/, MSG.fieldInvalid)
    .nullish()
    .transform((v) => (v ? v : null))
    .describe('Header name for API_KEY (default x-api-key)'),
  inbound_secret: optSecret(CARRIER_INBOUND_SECRET_MIN).describe(
    'Bearer secret the carrier sends with its notifications; empty or absent keeps the stored one',
  ),
  booking_version: z.enum(CARRIER_BOOKING_VERSIONS).nullable(),
  ebl_version: z.enum(CARRIER_EBL_VERSIONS).nullable(),
  enabled: z.boolean(),
  version: z.number().int().min(1).optional().describe('Version read; absent creates the connection'),
});
export type TCarrierConnectionSave = z.input<typeof ZCarrierConnectionSave>;

/** The "test connection" answer: the credentials tried against the carrier (token, or a harmless GET). */
export const ZCarrierConnectionTestResult = z.object({
  ok: z.boolean(),
  credential_state: z.enum(CARRIER_CREDENTIAL_STATES),
  message_key: z.string().describe('CARRIER_LINK_MSG.test*'),
  detail: z.string().nullable().optional().describe('What went wrong, in short (HTTP status, network error)'),
});
export type TCarrierConnectionTestResult = z.infer<typeof ZCarrierConnectionTestResult>;

/** One history line of an exchange. */
export const ZCarrierExchangeEvent = z.object({
  at: z.string(),
  source: z.enum(CARRIER_EVENT_SOURCES),
  event: z.string().describe('CARRIER_EVENT_CODES'),
  carrier_status: z.string().nullable(),
  detail: z.string().nullable().describe('Short text: the action, the HTTP status, the carrier error'),
  user_name: z.string().nullable(),
});
export type TCarrierExchangeEvent = z.infer<typeof ZCarrierExchangeEvent>;

/** One exchange with a carrier (a booking, shipping instructions or a transport document) and its history. */
export const ZCarrierExchange = z.object({
  id: z.number().int(),
  kind: z.enum(CARRIER_EXCHANGE_KINDS),
  carrier_code: z.string(),
  carrier_ref: z
    .string()
    .nullable()
    .describe('carrierBookingRequestReference (BOOKING) or shippingInstructionsReference (SI)'),
  carrier_booking_reference: z.string().nullable(),
  transport_document_reference: z.string().nullable(),
  carrier_status: z.string().nullable().describe('DCSA status code (carrierLink.status.<CODE>)'),
  carrier_sub_status: z.string().nullable().describe('Amendment / cancellation / update status code'),
  link_state: z.enum(CARRIER_LINK_STATES),
  last_error: z.string().nullable(),
  attempts: z.number().int().describe('Attempts of the request being sent'),
  next_attempt_at: z.string().nullable(),
  carrier_document_at: z.string().nullable().describe("When the carrier's latest document arrived"),
  reviewed_at: z.string().nullable().describe('When its differences were accepted or dismissed'),
  updated_at: z.string(),
  version: z.number().int(),
  events: z.array(ZCarrierExchangeEvent),
});
export type TCarrierExchange = z.infer<typeof ZCarrierExchange>;

/** A difference between the carrier's document and ours. */
export const ZCarrierDifference = z.object({
  field: z.string().describe('CARRIER_BOOKING_FIELDS (plan) / the TD import fields (master bill)'),
  ours: z.string().nullable(),
  carrier: z.string().nullable(),
  acceptable: z.boolean().describe('false: shown for information (the document keeps no such field)'),
});
export type TCarrierDifference = z.infer<typeof ZCarrierDifference>;

/**
 * GET /Consolidation/{consol_no}/carrier and GET /Booking/{so_no}/carrier: the carrier booking of a plan or of an
 * FCL booking as the carrier panel shows it (one shape for both documents).
 */
export const ZCarrierBookingView = z.object({
  connected: z.boolean().describe("The selected sailing's carrier has an enabled DCSA booking connection"),
  carrier_code: z.string().nullable(),
  exchange: ZCarrierExchange.nullable(),
  differences: z.array(ZCarrierDifference),
  can: z.object({ send: z.boolean(), amend: z.boolean(), cancel: z.boolean(), accept: z.boolean() }),
  version: z.number().int().describe('The plan / booking version the calls below send'),
  blocked: z
    .string()
    .nullable()
    .optional()
    .describe(
      'Why the document cannot be sent (CARRIER_LINK_MSG key, e.g. an LCL booking goes with its plan); null: it may',
    ),
});
export type TCarrierBookingView = z.infer<typeof ZCarrierBookingView>;

/** POST /Consolidation/{consol_no}/carrier/send: CREATE the first time, UPDATE (amend) after. */
export const ZCarrierBookingSend = z.object({
  version: z.number().int().min(1).describe('Plan version read'),
});
/** POST /Consolidation/{consol_no}/carrier/cancel. */
export const ZCarrierBookingCancel = z.object({
  version: z.number().int().min(1),
  reason: z
    .string()
    .trim()
    .max(500, MSG.fieldTooLong)
    .refine(noNul, MSG.invalidCharacter)
    .nullish()
    .transform((v) => (v ? v : null)),
});
/** POST /Consolidation/{consol_no}/carrier/accept: the ticked differences go into the plan. */
export const ZCarrierBookingAccept = z.object({
  version: z.number().int().min(1),
  fields: z.array(z.enum(CARRIER_BOOKING_FIELDS, { message: CARRIER_LINK_MSG.fieldNotAcceptable })).max(20),
});
export type TCarrierBookingSend = z.input<typeof ZCarrierBookingSend>;
export type TCarrierBookingCancel = z.input<typeof ZCarrierBookingCancel>;
export type TCarrierBookingAccept = z.input<typeof ZCarrierBookingAccept>;

/** The inbound notification routes' path: the carrier code of the connection. */
export const ZCarrierNotifyParams = z.object({ carrierCode: z.string().max(10) });

/** DCSA's ErrorResponse (both YAMLs): what the notification routes answer on a refusal. */
export const ZDcsaErrorResponse = z.object({
  httpMethod: z.string(),
  requestUri: z.string(),
  statusCode: z.number().int(),
  statusCodeText: z.string(),
  statusCodeMessage: z.string().optional(),
  providerCorrelationReference: z.string().optional(),
  errorDateTime: z.string(),
  errors: z.array(
    z.object({
      errorCode: z.number().int().optional(),
      property: z.string().optional(),
      value: z.string().optional(),
      jsonPath: z.string().optional(),
      errorCodeText: z.string(),
      errorCodeMessage: z.string(),
    }),
  ),
});
export type TDcsaErrorResponse = z.infer<typeof ZDcsaErrorResponse>;
