import { z } from 'zod';
import { ZCarrierExchange } from './carrier-link';
import { ZMblDifference, ZMblImportWarning } from './master-bl';
import { MSG } from './msg-keys';

// The master bill over a live DCSA eBL 3.0 connection (issue 42; docs/carrier-link.md "Master bill over DCSA eBL
// 3.0"): the Shipping Instructions sent to the carrier, the carrier's draft Transport Document reviewed against the
// bill (the same difference rows as the file import), approved, and its number taken when the carrier issues it.

/** Master bill carrier-link message keys (translated in the web app's `msg` namespace). */
export const MBL_CARRIER_MSG = {
  /** 422: the carrier has not answered the first submission with its reference yet: an amendment waits for it. */
  siNotAcknowledged: 'msgMblCarrierSiNotAcknowledged',
  /** 422: the carrier's transport document is past its draft (params status): the instructions are closed. */
  siClosed: 'msgMblCarrierSiClosed',
  /** 422: no draft transport document from the carrier (params status: the document's, or none). */
  tdNotDraft: 'msgMblCarrierTdNotDraft',
  /** 422: approving a draft whose differences were not accepted or dismissed yet. */
  tdNotReviewed: 'msgMblCarrierTdNotReviewed',
  /** 422: the bill's state does not allow this carrier action (params status, action). */
  billState: 'msgMblCarrierBillState',
  /** 409: an approval (or another request) for this document is still on its way to the carrier. */
  requestPending: 'msgMblCarrierRequestPending',
} as const;

/**
 * What the carrier panel of a master bill may do now (each also checked by its call):
 * - submit: send the Shipping Instructions the first time (POST);
 * - update: request an amendment of the carrier's draft = send the bill again (PUT UpdateShippingInstructions);
 * - accept: take (or dismiss) the differences of the carrier's draft Transport Document;
 * - approve: approve the reviewed draft (PATCH transportDocumentStatus APPROVED).
 */
export const ZMblCarrierCan = z.object({
  submit: z.boolean(),
  update: z.boolean(),
  accept: z.boolean(),
  approve: z.boolean(),
});

/** GET /MasterBL/{mbl_no}/carrier: the bill's Shipping Instructions and Transport Document at the carrier. */
export const ZMblCarrierView = z.object({
  connected: z.boolean().describe("The bill's carrier has an enabled DCSA eBL connection"),
  carrier_code: z.string(),
  si: ZCarrierExchange.nullable().describe('The Shipping Instructions exchange (null: never submitted)'),
  td: ZCarrierExchange.nullable().describe("The carrier's Transport Document (null: none received yet)"),
  td_status: z.string().nullable().describe("The latest Transport Document's transportDocumentStatus"),
  differences: z
    .array(ZMblDifference)
    .describe(
      "The carrier's latest Transport Document against the bill (as the TD file import reports them)",
    ),
  warnings: z.array(ZMblImportWarning).describe('Carrier, POL, POD or ETD the document says otherwise'),
  reviewed: z.boolean().describe("The latest document's differences were accepted or dismissed (or none)"),
  can: ZMblCarrierCan,
  mbl_version: z.number().int().describe('The bill version the calls below send'),
  mbl_status: z.string(),
  carrier_mbl_no: z.string().nullable(),
});
export type TMblCarrierView = z.infer<typeof ZMblCarrierView>;

/** The bill of the carrier calls: its MBL#. */
export const ZMblCarrierParams = z.object({ mbl_no: z.string().trim().min(1).max(40) });

const version = z.number({ message: MSG.fieldRequired }).int().min(1).describe('The bill version read');

/** POST /MasterBL/{mbl_no}/carrier/submit: CREATE the first time, UPDATE (request an amendment) after. */
export const ZMblCarrierSubmit = z.object({ version });
/** POST /MasterBL/{mbl_no}/carrier/approve: approve the carrier's reviewed draft Transport Document. */
export const ZMblCarrierApprove = z.object({ version });
/**
 * POST /MasterBL/{mbl_no}/carrier/accept: the ticked differences of the draft (paths of appliable differences,
 * e.g. `vessel_name`, `containers.0.seal_no`) go into the bill; the others are recorded as rejected. An empty list
 * dismisses them all. Either way the draft counts as reviewed.
 */
export const ZMblCarrierAccept = z.object({
  version,
  fields: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(80, MSG.fieldTooLong)
        .regex(/^[a-z_]+(\.\d{1,3}\.[a-z_]+)?$/, MSG.fieldInvalid),
    )
    .max(500),
});
export type TMblCarrierSubmit = z.input<typeof ZMblCarrierSubmit>;
export type TMblCarrierApprove = z.input<typeof ZMblCarrierApprove>;
export type TMblCarrierAccept = z.input<typeof ZMblCarrierAccept>;
