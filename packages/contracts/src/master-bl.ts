import { z } from 'zod';
import {
  actionBody,
  decimalText,
  exportLang,
  id,
  locode,
  optDate,
  optDecimalText,
  optId,
  optText,
  recordStamps,
  reqText,
  reqUpper,
  type SameType,
  upper,
} from './fields';
import { customFiltersParam, listDashboard, listResponse, ZListQuery } from './list';
import { MBL_ACTION_NAMES, MBL_FREIGHT_TERMS, MBL_TYPES, type TMblAction } from './master-bl-catalogue';
import { MBL_LIST_KEYS } from './master-bl-lists';
import { MSG } from './msg-keys';
import { FCL_CONTAINER_TYPES } from './rate';
import { MBL_SORTABLE, MBL_SOURCES, MBL_STATUSES } from './screen-catalogue';
import { zOptContainerNo } from './validators/container-number';

export * from './master-bl-catalogue';
export {
  MBL_AGEING,
  MBL_FILTER_FIELDS,
  MBL_SORTABLE,
  MBL_SOURCES,
  MBL_STATUSES,
  mblAgeingColour,
} from './screen-catalogue';

// ---------------------------------------------------------------------------------------------------------
// Master bill of lading (001 §2 Master bill of lading, §3 Master BL sample; docs/consolidation.md "Master BL")
// ---------------------------------------------------------------------------------------------------------

// ---- Field schemas -----------------------------------------------------------------------------------

const optLocode = z
  .union([z.literal(''), z.string()])
  .nullish()
  .transform((v) => (v ? upper(v) : null))
  .pipe(
    z
      .string()
      .regex(/^[A-Z]{2}[A-Z2-9]{3}$/, MSG.locodeInvalid)
      .nullable(),
  );
/** Decimal as text with up to 3 decimals (weights, volumes); numbers are accepted and converted. */
const decimal = decimalText(9, 3, { message: MSG.fieldRequired });
const optMoney = optDecimalText(13, 2);

/** One container of the master bill with the cargo it carries (prefilled from the plan or the SOs). */
export const ZMblContainer = z.object({
  seq: z.number().int().min(1).max(999),
  size_type: z.enum(FCL_CONTAINER_TYPES, { message: MSG.fieldRequired }),
  container_no: zOptContainerNo,
  seal_no: optText(30),
  package_qty: z.number({ message: MSG.fieldRequired }).int(MSG.fieldInvalid).min(0).max(1e9),
  gross_weight: decimal.describe('KG'),
  cbm: decimal,
});
export type TMblContainerInput = z.output<typeof ZMblContainer>;

/** Everything a documentation clerk edits on a master bill (001 §3 Master BL sample and what a bill needs). */
export const ZMblFields = z.object({
  source: z.enum(MBL_SOURCES, { message: MSG.fieldRequired }),
  consol_no: optText(40).describe('source CONSOL: the approved plan'),
  so_nos: z
    .array(z.string().trim().min(1).max(40))
    .max(200)
    .default([])
    .describe('source FCL: the shipping orders (CONSOL: the plan gives them)'),
  main_so_no: reqText(40),
  handling_office: reqUpper(10),
  carrier_mbl_no: z
    .string()
    .trim()
    .max(20, MSG.fieldTooLong)
    .regex(/^\S*$/, MSG.fieldInvalid)
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null))
    .describe("The carrier's bill number (DCSA transportDocumentReference)"),
  mbl_type: z.enum(MBL_TYPES, { message: MSG.fieldRequired }),
  freight_term: z.enum(MBL_FREIGHT_TERMS, { message: MSG.fieldRequired }),
  freight_currency: z
    .string()
    .transform(upper)
    .pipe(z.string().regex(/^([A-Z]{3})?$/, MSG.fieldInvalid))
    .nullish()
    .transform((v) => v || null),
  freight_amount: optMoney.describe('Printed only with show_freight'),
  undg_no: optText(4).describe('UN number of dangerous goods: 4 digits'),
  imdg_class: optText(4).describe('IMDG hazard class, e.g. 3 or 2.1'),
  show_freight: z.boolean().default(false),
  get_tel_fax: z.boolean().default(false),
  shipper_name: reqText(140).describe("The forwarder's office (shipper of the master bill)"),
  shipper_address: optText(500),
  shipper_tel: optText(40),
  shipper_fax: optText(40),
  consignee_party_id: id.describe('The destination agent'),
  notify_party_id: optId.describe('null: same as consignee'),
  carrier_code: reqUpper(4),
  vessel_name: reqText(60),
  voyage: reqText(20),
  pol: locode,
  pod: locode,
  place_of_delivery: optLocode,
  etd: optDate,
  marks: optText(4000),
  goods_description: optText(4000),
  containers: z.array(ZMblContainer).min(1, MSG.fieldRequired).max(200),
});
export type TMblFields = z.output<typeof ZMblFields>;
export type TMblInput = z.input<typeof ZMblFields>;
export const ZCreateMbl = ZMblFields;
export const ZUpdateMbl = ZMblFields.extend({ version: z.number().int() });

/** A house bill (SO) the master bill covers, with its cargo. */
export const ZMblSo = z.object({
  so_no: z.string(),
  hbl_no: z.string().nullable(),
  po_no: z.string().nullable(),
  shipper_name: z.string().nullable(),
  consignee_name: z.string().nullable(),
  package_qty: z.number().int(),
  package_unit: z.string().nullable(),
  gross_weight: z.string(),
  cbm: z.string(),
});
export type TMblSo = z.output<typeof ZMblSo>;

export const ZMblPartyOut = z
  .object({ party_id: z.number().int(), party_code: z.string(), name: z.string() })
  .nullable();

// ---- Answers: plain types (a response schema cannot hold the input transforms; as invoice.ts) ----------

const nul = z.string().nullable();
/** A container of the bill as answered. */
export const ZMblContainerOut = z.object({
  seq: z.number().int(),
  size_type: z.enum(FCL_CONTAINER_TYPES),
  container_no: nul.describe('ISO 6346 container number with check digit'),
  seal_no: nul,
  package_qty: z.number().int(),
  gross_weight: z.string().describe('KG'),
  cbm: z.string(),
});
/** The fields of a bill as answered (ZMasterBl extends them; the draft answers them prefilled). */
export const ZMblFieldsOut = z.object({
  source: z.enum(MBL_SOURCES),
  consol_no: nul.describe('source CONSOL: the approved plan'),
  so_nos: z.array(z.string()).describe('source FCL: the shipping orders (CONSOL: the plan gives them)'),
  main_so_no: z.string(),
  handling_office: z.string(),
  carrier_mbl_no: nul.describe("The carrier's bill number (DCSA transportDocumentReference)"),
  mbl_type: z.enum(MBL_TYPES),
  freight_term: z.enum(MBL_FREIGHT_TERMS),
  freight_currency: nul,
  freight_amount: nul.describe('Printed only with show_freight'),
  undg_no: nul.describe('UN number of dangerous goods: 4 digits'),
  imdg_class: nul.describe('IMDG hazard class, e.g. 3 or 2.1'),
  show_freight: z.boolean(),
  get_tel_fax: z.boolean(),
  shipper_name: z.string().describe("The forwarder's office (shipper of the master bill)"),
  shipper_address: nul,
  shipper_tel: nul,
  shipper_fax: nul,
  consignee_party_id: z.number().int().describe('The destination agent'),
  notify_party_id: z.number().int().nullable().describe('null: same as consignee'),
  carrier_code: z.string(),
  vessel_name: z.string(),
  voyage: z.string(),
  pol: z.string(),
  pod: z.string(),
  place_of_delivery: nul,
  etd: nul,
  marks: nul,
  goods_description: nul,
  containers: z.array(ZMblContainerOut),
});
true satisfies SameType<z.output<typeof ZMblFieldsOut>, TMblFields>;
/** GET /MasterBL/draft: a new bill's fields prefilled (no destination agent when the SOs name none). */
export const ZMblDraft = ZMblFieldsOut.extend({
  consignee_party_id: z
    .number()
    .int()
    .nullable()
    .describe('The destination agent, when the plan or SOs name one'),
});
export type TMblDraft = z.output<typeof ZMblDraft>;

export const ZMasterBl = ZMblFieldsOut.omit({ containers: true }).extend({
  mbl_no: z.string(),
  status: z.enum(MBL_STATUSES),
  status_changed_at: z.string(),
  consignee: ZMblPartyOut,
  notify: ZMblPartyOut,
  containers: z.array(ZMblContainerOut),
  sos: z.array(ZMblSo),
  totals: z.object({
    package_qty: z.number().int(),
    package_unit: z.string(),
    gross_weight: z.string(),
    cbm: z.string(),
  }),
  allowed_actions: z.array(z.enum(MBL_ACTION_NAMES as [TMblAction, ...TMblAction[]])),
  editable: z.boolean(),
  ...recordStamps,
});
export type TMasterBl = z.output<typeof ZMasterBl>;

export const ZMblActionBody = z.object(actionBody);
export type TMblActionBody = z.output<typeof ZMblActionBody>;

/** GET /MasterBL/draft: a new bill prefilled from a plan or from FCL shipping orders. */
export const ZMblDraftQuery = z.object({
  consol_no: z.string().trim().max(40).optional(),
  so_nos: z.string().trim().max(2000).optional().describe('comma-separated'),
});

/** One difference between a carrier's transport document and the master bill (DCSA import). */
export const ZMblDifference = z.object({
  field: z.string(),
  ours: z.string().nullable(),
  carrier: z.string().nullable(),
  /**
   * Whether applying can take the carrier's value (the user accepts or rejects it): the carrier MBL no., vessel,
   * voyage and each container's number, seal and size. The rest (carrier, POL, POD, place of delivery, ETD,
   * packages, containers on one side only) is shown to compare, never written.
   */
  appliable: z.boolean(),
});
export type TMblDifference = z.output<typeof ZMblDifference>;
/** The sailing facts a carrier's document must share with the bill (and its plan): else likely the wrong file. */
export const MBL_IMPORT_CHECKED = ['carrier_code', 'pol', 'pod', 'etd'] as const;
/** A checked fact where the carrier's document says otherwise than the bill or the plan it came from. */
export const ZMblImportWarning = z.object({
  field: z.enum(MBL_IMPORT_CHECKED),
  carrier: z.string(),
  ours: z.string().nullable(),
  /** The plan's value when the bill comes from a consol plan (null otherwise). */
  plan: z.string().nullable(),
});
export type TMblImportWarning = z.output<typeof ZMblImportWarning>;
/**
 * POST /MasterBL/{no}/dcsa/transport-document: the carrier's document (JSON, or its text) and whether to apply.
 * Applying needs `accept`, the paths of the differences the user takes (the other appliable ones are rejected),
 * and `confirm_mismatch` when the document's carrier, POL, POD or ETD differ from the bill's or plan's.
 */
export const ZMblImportBody = z.object({
  version: z.number().int(),
  apply: z.boolean().default(false),
  accept: z.array(z.string().trim().min(1).max(80)).max(500).optional(),
  confirm_mismatch: z.boolean().default(false),
  document: z.unknown().describe('DCSA eBL 3.0 Transport Document (object or JSON text)'),
});
export const ZMblImportAnswer = z.object({
  applied: z.boolean(),
  differences: z.array(ZMblDifference),
  warnings: z.array(ZMblImportWarning),
  /** When applied: the paths taken and the appliable ones rejected. */
  accepted: z.array(z.string()),
  rejected: z.array(z.string()),
  master_bl: ZMasterBl,
});
export type TMblImportAnswer = z.output<typeof ZMblImportAnswer>;

// ---- Lists -------------------------------------------------------------------------------------------

// The lists live in their own module (no zod): the web app's route table imports them without this file.
export { MBL_LIST_KEYS, MBL_LISTS, type TMblListKey } from './master-bl-lists';

export const ZMblListQuery = ZListQuery.extend({
  sort: z.enum(MBL_SORTABLE).optional(),
  filters: customFiltersParam('MBL_FILTER_FIELDS'),
  status: z.enum(MBL_STATUSES).optional(),
});
export type TMblListQuery = z.output<typeof ZMblListQuery>;
export const ZMblExportQuery = ZMblListQuery.extend(exportLang);

/** The path of one bill, of a list and of a move on a bill. */
export const ZMblNoParams = z.object({ mbl_no: z.string().trim().min(1).max(40) });
export const ZMblListParams = z.object({ listKey: z.string().max(60) });
export const ZMblActionParams = ZMblNoParams.extend({
  action: z.enum(MBL_ACTION_NAMES as [string, ...string[]]),
});

export const ZMblRow = z.object({
  mbl_id: z.number().int(),
  mbl_no: z.string(),
  status: z.enum(MBL_STATUSES),
  source: z.enum(MBL_SOURCES),
  consol_no: z.string().nullable(),
  main_so_no: z.string().nullable(),
  carrier_mbl_no: z.string().nullable(),
  mbl_type: z.enum(MBL_TYPES),
  carrier_code: z.string(),
  vessel_voyage: z.string(),
  pol: z.string(),
  pod: z.string(),
  etd: z.string().nullable(),
  handling_office: z.string(),
  consignee_name: z.string().nullable(),
  so_nos: z.string().nullable(),
  hbl_nos: z.string().nullable(),
  container_nos: z.string().nullable(),
  package_qty: z.number().int(),
  gross_weight: z.string(),
  cbm: z.string(),
  updated_at: z.string(),
});
export type TMblRow = z.output<typeof ZMblRow>;
export const ZMblListResponse = listResponse(ZMblRow);

export const ZMblDashboard = listDashboard(MBL_LIST_KEYS);
export type TMblDashboard = z.output<typeof ZMblDashboard>;
