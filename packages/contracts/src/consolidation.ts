import { z } from 'zod';
import { ZBookingListQuery } from './booking';
import { CONSOL_LIST_KEYS, type TConsolListKey } from './consolidation-lists';
import { customFiltersParam, listResponse, ZListQuery } from './list';
import { MSG } from './msg-keys';
import { FCL_CONTAINER_TYPES } from './rate';
import { CONSOL_SORTABLE, CONSOL_STATUSES, CONSOL_TYPES } from './screen-catalogue';
import { containerNoError, normalizeContainerNo } from './validators/container-number';

export type { TConsolAgeingRule, TConsolColour } from './screen-catalogue';
export {
  CONSOL_AGEING,
  CONSOL_FILTER_FIELDS,
  CONSOL_SORTABLE,
  CONSOL_STATUSES,
  CONSOL_TYPES,
  consolAgeingColour,
} from './screen-catalogue';

// ---------------------------------------------------------------------------------------------------------
// Consolidation: LCL consol plans (001 §2 Consolidation, §3 Consolidation, §4, §5 Consolidation, §9)
// ---------------------------------------------------------------------------------------------------------

export type TConsolType = (typeof CONSOL_TYPES)[number];

/**
 * Which external profile decides a plan of each type, and which SO party column the plan's customer party must
 * stand in on every SO of the plan (docs/decisions.md "Consolidation"). LCL/Coload plans are decided by the
 * co-loading agent and put no party condition on the SOs.
 */
export const CONSOL_CUSTOMER_SIDE: Record<TConsolType, { profiles: string[]; soColumns: string[] }> = {
  AGENT: { profiles: ['AGENT'], soColumns: ['nomination_agent_id', 'release_agent_id'] },
  BUYER: { profiles: ['CONSIGNEE', 'CUSTOMER'], soColumns: ['consignee_id', 'customer_id'] },
  SHIPPER: { profiles: ['SHIPPER'], soColumns: ['shipper_id'] },
  LCL_COLOAD: { profiles: ['AGENT'], soColumns: [] },
};

/**
 * The document type a plan needs uploaded before approval is requested or given (001 §5), per consol type.
 * Defaults; the server reads CONSOL_APPROVAL_DOC_TYPES (e.g. "AGENT=PL,BUYER=CI") to change them.
 */
export const CONSOL_APPROVAL_DOC_DEFAULTS: Record<TConsolType, string> = {
  AGENT: 'PL',
  BUYER: 'CI',
  SHIPPER: 'PL',
  LCL_COLOAD: 'PL',
};

/**
 * Shipment types of a shipping order (shipping_orders.shipment_type): booked in the portal, or created from a
 * buyer's order management system. OMS shipments are fully allocated and never share a plan with others (001 §5).
 */
export const SHIPMENT_TYPES = ['STANDARD', 'OMS'] as const;
export type TShipmentType = (typeof SHIPMENT_TYPES)[number];

export type TConsolStatus = (typeof CONSOL_STATUSES)[number];

/**
 * Actions on a plan. `by`: internal (operations) or customer (the profile of CONSOL_CUSTOMER_SIDE owning the
 * plan's customer party). propose sets the proposed sailings (→ request for approval); request_approval sends
 * them to the customer; consol_advice books the one proposed sailing (refused with several); approve picks one
 * proposal; reject, cancel need a reason; accept_amendment clears amended_booking_pending.
 */
export const CONSOL_ACTIONS = {
  propose: { by: 'internal', reason: false },
  request_approval: { by: 'internal', reason: false },
  consol_advice: { by: 'internal', reason: false },
  approve: { by: 'customer', reason: false },
  reject: { by: 'customer', reason: true },
  cancel: { by: 'internal', reason: true },
  recover: { by: 'internal', reason: false },
  accept_amendment: { by: 'internal', reason: false },
} as const satisfies Record<string, { by: 'internal' | 'customer'; reason: boolean }>;
export type TConsolAction = keyof typeof CONSOL_ACTIONS;
export const CONSOL_ACTION_NAMES = Object.keys(CONSOL_ACTIONS) as TConsolAction[];

const EDITING_MOVES = {
  propose: 'REQUEST_FOR_APPROVAL',
  cancel: 'CANCELLED',
  accept_amendment: null,
} as const;

/**
 * THE transition table of consolidation (001 §4; exact moves not shown, see docs/decisions.md). `null` keeps
 * the status. The server refuses anything else with 422 msgConsolActionNotAllowed; the screen offers only
 * these moves.
 */
export const CONSOL_TRANSITIONS: Record<
  TConsolStatus,
  Partial<Record<TConsolAction, TConsolStatus | null>>
> = {
  PLAN: { ...EDITING_MOVES },
  RECOVERED: { ...EDITING_MOVES },
  REQUEST_FOR_APPROVAL: {
    ...EDITING_MOVES,
    request_approval: 'PENDING_CUSTOMER',
    consol_advice: 'CONSOL_ADVICE',
  },
  PENDING_CUSTOMER: {
    ...EDITING_MOVES,
    consol_advice: 'CONSOL_ADVICE',
    approve: 'APPROVED',
    reject: 'REJECTED',
  },
  APPROVED: { ...EDITING_MOVES },
  REJECTED: { ...EDITING_MOVES },
  CONSOL_ADVICE: { ...EDITING_MOVES },
  CANCELLED: { recover: 'RECOVERED' },
};
export const consolActionAllowed = (s: TConsolStatus, a: TConsolAction) => a in CONSOL_TRANSITIONS[s];
/** Statuses in which the plan itself (header, SOs, containers, allocation) may be edited. */
export const CONSOL_EDITABLE: readonly TConsolStatus[] = [
  'PLAN',
  'RECOVERED',
  'REQUEST_FOR_APPROVAL',
  'APPROVED',
  'REJECTED',
  'CONSOL_ADVICE',
];

// The lists live in their own module (no zod): the web app's route table imports them without this file.
export { CONSOL_LIST_KEYS, CONSOL_LISTS, type TConsolListKey } from './consolidation-lists';

/** The one list whose rows are shipping orders. */
export const CONSOL_SO_LIST = 'pending_consolidation_creation' as const;

/** Consolidation message keys (translated in the web app's `msg` namespace). */
export const CONSOL_MSG = {
  notFound: 'msgConsolNotFound',
  actionNotAllowed: 'msgConsolActionNotAllowed',
  notEditable: 'msgConsolNotEditable',
  notCustomer: 'msgConsolNotCustomer',
  soNotLcl: 'msgConsolSoNotLcl',
  soNotConsolidatable: 'msgConsolSoNotConsolidatable',
  soNoLclSize: 'msgConsolSoNoLclSize',
  soNotConfirmed: 'msgConsolSoNotConfirmed',
  soFieldMismatch: 'msgConsolSoFieldMismatch',
  soPartyMismatch: 'msgConsolSoPartyMismatch',
  soInOtherPlan: 'msgConsolSoInOtherPlan',
  soPoContainerMismatch: 'msgConsolSoPoContainerMismatch',
  soNotInPlan: 'msgConsolSoNotInPlan',
  soRequired: 'msgConsolSoRequired',
  allocationZero: 'msgConsolAllocationZero',
  overAllocated: 'msgConsolOverAllocated',
  partialCbmKg: 'msgConsolPartialCbmKg',
  overCapacity: 'msgConsolOverCapacity',
  containerUnknown: 'msgConsolContainerUnknown',
  containerNoDuplicate: 'msgConsolContainerNoDuplicate',
  containerCountMismatch: 'msgConsolContainerCountMismatch',
  sizeNoCapacity: 'msgConsolSizeNoCapacity',
  containerFieldsRequired: 'msgConsolContainerFieldsRequired',
  noProposal: 'msgConsolNoProposal',
  adviceOneSailing: 'msgConsolAdviceOneSailing',
  rateRequired: 'msgConsolRateRequired',
  documentRequired: 'msgConsolDocumentRequired',
  proposalUnknown: 'msgConsolProposalUnknown',
  amendmentPending: 'msgConsolAmendmentPending',
  noAmendment: 'msgConsolNoAmendment',
  cancelLiveMbl: 'msgConsolCancelLiveMbl',
  customerPartyRequired: 'msgConsolCustomerPartyRequired',
  sailingPortsMismatch: 'msgSailingPortsMismatch',
  rateSizesMismatch: 'msgRateSizesMismatch',
  reasonRequired: 'msgReasonRequired',
  omsMixed: 'msgConsolOmsMixed',
  omsNotFullyAllocated: 'msgConsolOmsNotFullyAllocated',
  dcsaInvalid: 'msgDcsaInvalid',
} as const;

// ---- Field schemas -----------------------------------------------------------------------------------

const upper = (s: string) => s.trim().toUpperCase();
const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MSG.fieldTooLong)
    .nullish()
    .transform((v) => (v ? v : null));
const office = z
  .string({ message: MSG.fieldRequired })
  .transform(upper)
  .pipe(z.string().min(1, MSG.fieldRequired).max(10, MSG.fieldTooLong));
const optOffice = z
  .string()
  .transform(upper)
  .pipe(z.string().max(10, MSG.fieldTooLong))
  .nullish()
  .transform((v) => (v ? v : null));
const locode = z
  .string({ message: MSG.fieldRequired })
  .transform(upper)
  .pipe(
    z
      .string()
      .min(1, MSG.fieldRequired)
      .regex(/^[A-Z]{2}[A-Z2-9]{3}$/, MSG.locodeInvalid),
  );
const isoDate = z.iso.date({ message: MSG.fieldInvalid });
const optDate = z
  .union([z.literal(''), isoDate])
  .nullish()
  .transform((v) => v || null);
const localDateTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, MSG.fieldInvalid);
const optLocalDateTime = z
  .union([z.literal(''), localDateTime])
  .nullish()
  .transform((v) => v || null);
/** Decimal as text with up to 3 decimals; numbers are accepted and converted. */
const decimal = z
  .union([z.string(), z.number()], { message: MSG.fieldRequired })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,9}(\.\d{1,3})?$/, MSG.fieldInvalid));
const optDecimal = z
  .union([z.literal(''), z.string(), z.number()])
  .nullish()
  .transform((v) => (v === '' || v === null || v === undefined ? null : String(v).trim()))
  .pipe(
    z
      .string()
      .regex(/^\d{1,9}(\.\d{1,3})?$/, MSG.fieldInvalid)
      .nullable(),
  );
const id = z.number().int().positive().max(2_147_483_647);

/** Container sizes a plan orders (the FCL trade codes of rates; each has an ISO 6346 capacity row). */
export const CONSOL_SIZE_TYPES = FCL_CONTAINER_TYPES;
export const CONTAINER_OWNERSHIPS = ['COC', 'SOC'] as const;

/** Container size and quantity of a plan. */
export const ZConsolEquipment = z.object({
  size_type: z.enum(CONSOL_SIZE_TYPES, { message: MSG.fieldRequired }),
  qty: z.number({ message: MSG.fieldRequired }).int(MSG.fieldInvalid).min(1, MSG.fieldRequired).max(50),
});

/** One container of the load plan (001 §3 Container). `seq` identifies it within the plan. */
export const ZConsolContainer = z.object({
  seq: z.number().int().min(1).max(999),
  size_type: z.enum(CONSOL_SIZE_TYPES, { message: MSG.fieldRequired }),
  container_no: z
    .string()
    .max(20, MSG.fieldTooLong)
    .nullish()
    .transform((v) => (v?.trim() ? normalizeContainerNo(v) : null))
    .superRefine((v, ctx) => {
      const err = v ? containerNoError(v) : null;
      if (err) ctx.addIssue({ code: 'custom', message: err });
    })
    .describe('ISO 6346 container number with check digit'),
  seal_no: optText(30),
  ownership: z
    .enum(CONTAINER_OWNERSHIPS)
    .nullish()
    .transform((v) => v ?? 'COC'),
  carrier_booking_no: optText(40),
  vgm_kg: optDecimal,
  actual_kg: optDecimal.describe('Container actual KG (cargo + tare as weighed)'),
  cy_gate_in_at: optLocalDateTime,
  cfs_received_at: optLocalDateTime,
});
export type TConsolContainerInput = z.output<typeof ZConsolContainer>;

/** An allocation of (part of) an SO/PO line to a container (001 §3 SO allocations). */
export const ZConsolAllocation = z.object({
  so_no: z.string().trim().min(1, MSG.fieldRequired).max(40),
  container_seq: z.number().int().min(1).max(999),
  package_qty: z.number({ message: MSG.fieldRequired }).int(MSG.fieldInvalid).min(0).max(1e9),
  cbm: decimal,
  kg: decimal,
  loading_seq: z
    .number()
    .int()
    .min(1)
    .max(9999)
    .nullish()
    .transform((v) => v ?? null),
});
export type TConsolAllocationInput = z.output<typeof ZConsolAllocation>;

/** Everything a planner edits on a plan (every field of 001 §3 Consolidation). */
export const ZConsolFields = z.object({
  consol_type: z.enum(CONSOL_TYPES, { message: MSG.fieldRequired }),
  customer_party_id: id
    .nullish()
    .transform((v) => v ?? null)
    .describe('The agent, buyer or shipper (as the type says) who approves the plan'),
  contact_office: office,
  handling_office: office,
  hbl_office: optOffice,
  pol: locode,
  pod: locode,
  etd: optDate.describe('Planned ETD (the approved sailing sets it)'),
  reference: optText(60),
  agent_ref: optText(60),
  remarks: optText(2000),
  equipment: z.array(ZConsolEquipment).min(1, MSG.fieldRequired).max(10),
  so_nos: z.array(z.string().trim().min(1).max(40)).max(200).default([]),
  containers: z.array(ZConsolContainer).max(200).default([]),
  allocations: z.array(ZConsolAllocation).max(2000).default([]),
});
export type TConsolFields = z.output<typeof ZConsolFields>;
export type TConsolInput = z.input<typeof ZConsolFields>;
export const ZCreateConsol = ZConsolFields;
export const ZUpdateConsol = ZConsolFields.extend({ version: z.number().int() });

/** An SO of a plan with its cargo and how much of it is allocated. */
export const ZConsolSo = z.object({
  so_no: z.string(),
  po_no: z.string().nullable(),
  status: z.string(),
  shipper_name: z.string().nullable(),
  consignee_name: z.string().nullable(),
  pol: z.string(),
  pod: z.string(),
  etd: z.string(),
  package_qty: z.number().int(),
  cbm: z.string(),
  kg: z.string(),
  allocated_package_qty: z.number().int(),
  allocated_cbm: z.string(),
  allocated_kg: z.string(),
  amended_changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  amended_at: z.string().nullable(),
});
export type TConsolSo = z.output<typeof ZConsolSo>;

/** A container as answered, with its capacity (from the ISO 6346 reference table) and fill. */
export const ZConsolContainerOut = ZConsolContainer.extend({
  ownership: z.enum(CONTAINER_OWNERSHIPS),
  iso_code: z.string().nullable(),
  capacity_cbm: z.string().nullable(),
  max_payload_kg: z.string().nullable(),
  used_cbm: z.string(),
  used_kg: z.string(),
});

export const ZConsolProposal = z.object({
  proposal_id: z.number().int(),
  seq: z.number().int(),
  sailing_id: z.number().int(),
  rate_id: z.number().int().nullable(),
  carrier_code: z.string(),
  vessel_name: z.string(),
  voyage: z.string(),
  pol: z.string(),
  pod: z.string(),
  etd: z.string(),
  eta: z.string(),
  currency: z.string().nullable(),
  total_rate: z.string().nullable(),
  is_selected: z.boolean(),
  remarks: z.string().nullable(),
});
export type TConsolProposal = z.output<typeof ZConsolProposal>;

export const ZConsolidation = z.object({
  consol_no: z.string(),
  status: z.enum(CONSOL_STATUSES),
  status_changed_at: z.string(),
  consol_type: z.enum(CONSOL_TYPES),
  customer_party_id: z.number().int().nullable(),
  customer_party_code: z.string().nullable(),
  customer_party_name: z.string().nullable(),
  contact_office: z.string(),
  handling_office: z.string(),
  hbl_office: z.string().nullable(),
  pol: z.string(),
  pod: z.string(),
  etd: z.string().nullable(),
  reference: z.string().nullable(),
  agent_ref: z.string().nullable(),
  remarks: z.string().nullable(),
  approval_reason: z.string().nullable(),
  amended: z.boolean(),
  fully_allocated: z.boolean(),
  required_document_type: z.string(),
  equipment: z.array(z.object({ size_type: z.enum(CONSOL_SIZE_TYPES), qty: z.number().int() })),
  sos: z.array(ZConsolSo),
  containers: z.array(ZConsolContainerOut),
  allocations: z.array(
    ZConsolAllocation.extend({ cbm: z.string(), kg: z.string(), po_no: z.string().nullable() }),
  ),
  proposals: z.array(ZConsolProposal),
  allowed_actions: z.array(z.enum(CONSOL_ACTION_NAMES as [TConsolAction, ...TConsolAction[]])),
  editable: z.boolean(),
  version: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type TConsolidation = z.output<typeof ZConsolidation>;

export const ZConsolProposalInput = z.object({
  sailing_id: id,
  rate_id: id.nullish(),
  remarks: z.string().trim().max(500, MSG.fieldTooLong).nullish(),
});
export const ZConsolActionBody = z.object({
  version: z.number().int(),
  reason: z.string().trim().max(1000, MSG.fieldTooLong).nullish(),
  proposal_id: id.nullish().describe('approve: the proposed sailing chosen'),
  proposals: z.array(ZConsolProposalInput).max(10).nullish().describe('propose: the sailings offered'),
  so_no: z.string().max(40).nullish().describe('accept_amendment: one SO (default: all amended SOs)'),
});
export type TConsolActionBody = z.output<typeof ZConsolActionBody>;

/** The container capacities of the ISO 6346 reference table. */
export const ZContainerCapacity = z.object({
  size_type: z.string(),
  iso_code: z.string(),
  description: z.string(),
  capacity_cbm: z.string(),
  max_payload_kg: z.string(),
  source: z.string(),
});
export type TContainerCapacity = z.output<typeof ZContainerCapacity>;

// ---- Load plan ---------------------------------------------------------------------------------------

/** Auto-plan input: the plan's containers (with capacity) and its SOs' unallocated cargo. */
export interface AutoPlanContainer {
  seq: number;
  capacity_cbm: number;
  max_payload_kg: number;
}
export interface AutoPlanSo {
  so_no: string;
  package_qty: number;
  cbm: number;
  kg: number;
}
export interface AutoPlanLine {
  so_no: string;
  container_seq: number;
  package_qty: number;
  cbm: number;
  kg: number;
  loading_seq: number;
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Proposes an allocation (beyond the anchors; docs/consolidation.md "Auto-plan"): first-fit decreasing by CBM.
 * SOs are taken largest CBM first; each goes whole into the first container with room for both its CBM and
 * its KG (containers in order, so earlier ones fill up); an SO that fits nowhere whole is split by packages
 * over the containers with the most room, so it spans as few containers as possible. Quantities are split in
 * proportion to packages (the last part takes the remainder, so the parts add up exactly). Loading sequence:
 * per container, in the order allocated. Cargo that fits nowhere is left unallocated (`unallocated`).
 */
export function autoPlan(containers: AutoPlanContainer[], sos: AutoPlanSo[]) {
  // Fewest containers first: pack into the first k containers for the smallest k that takes all cargo,
  // starting at the CBM/KG lower bound. Keeping every SO whole costs about two extra boxes on 200 POs of
  // 1-21 CBM (bench), which is dearer than splitting the few SOs that close the last gaps.
  const totalCbm = sos.reduce((s, x) => s + x.cbm, 0);
  const totalKg = sos.reduce((s, x) => s + x.kg, 0);
  let cbmRoom = 0;
  let kgRoom = 0;
  let k = 0;
  while (k < containers.length && (cbmRoom < totalCbm - 1e-9 || kgRoom < totalKg - 1e-9)) {
    cbmRoom += containers[k].capacity_cbm;
    kgRoom += containers[k].max_payload_kg;
    k++;
  }
  for (; k < containers.length; k++) {
    const r = packInto(containers.slice(0, k), sos);
    if (!r.unallocated.length) return r;
  }
  return packInto(containers, sos);
}

/** First-fit decreasing into exactly these containers (see autoPlan). */
function packInto(containers: AutoPlanContainer[], sos: AutoPlanSo[]) {
  const room = containers.map((c) => ({ seq: c.seq, cbm: c.capacity_cbm, kg: c.max_payload_kg, n: 0 }));
  const lines: AutoPlanLine[] = [];
  const unallocated: AutoPlanSo[] = [];
  // Decreasing by the SO's larger share of a box (CBM or KG): heavy small SOs go early too, so boxes do not
  // reach their payload with room left that only heavy cargo could use.
  const refCbm = containers[0]?.capacity_cbm || 1;
  const refKg = containers[0]?.max_payload_kg || 1;
  const share = (x: AutoPlanSo) => Math.max(x.cbm / refCbm, x.kg / refKg);
  const order = [...sos].sort(
    (a, b) => share(b) - share(a) || b.cbm - a.cbm || b.kg - a.kg || a.so_no.localeCompare(b.so_no),
  );
  const put = (r: (typeof room)[number], so_no: string, package_qty: number, cbm: number, kg: number) => {
    r.cbm = r3(r.cbm - cbm);
    r.kg = r3(r.kg - kg);
    r.n += 1;
    lines.push({ so_no, container_seq: r.seq, package_qty, cbm: r3(cbm), kg: r3(kg), loading_seq: r.n });
  };
  for (const so of order) {
    const whole = room.find((r) => r.cbm >= so.cbm - 1e-9 && r.kg >= so.kg - 1e-9);
    if (whole) {
      put(whole, so.so_no, so.package_qty, so.cbm, so.kg);
      continue;
    }
    // Split by packages, biggest free room first, so the SO touches as few containers as possible.
    let pk = so.package_qty;
    let cbm = so.cbm;
    let kg = so.kg;
    const perPkgCbm = so.package_qty ? so.cbm / so.package_qty : so.cbm;
    const perPkgKg = so.package_qty ? so.kg / so.package_qty : so.kg;
    const byRoom = [...room].sort((a, b) => b.cbm - a.cbm);
    for (const r of byRoom) {
      if (pk <= 0) break;
      const fit = Math.min(
        pk,
        perPkgCbm > 0 ? Math.floor((r.cbm + 1e-9) / perPkgCbm) : pk,
        perPkgKg > 0 ? Math.floor((r.kg + 1e-9) / perPkgKg) : pk,
      );
      if (fit <= 0) continue;
      const last = fit === pk;
      const partCbm = last ? cbm : r3(perPkgCbm * fit);
      const partKg = last ? kg : r3(perPkgKg * fit);
      put(r, so.so_no, fit, partCbm, partKg);
      pk -= fit;
      cbm = r3(cbm - partCbm);
      kg = r3(kg - partKg);
    }
    if (pk > 0) unallocated.push({ so_no: so.so_no, package_qty: pk, cbm, kg });
  }
  const used = new Set(lines.map((l) => l.container_seq)).size;
  return { lines, unallocated, containersUsed: used };
}

/** The lower bound on containers for `totalCbm` in containers of `capacityCbm`: ⌈total / capacity⌉. */
export const containerLowerBound = (totalCbm: number, capacityCbm: number) =>
  capacityCbm > 0 ? Math.ceil(totalCbm / capacityCbm - 1e-9) : 0;

// ---- Lists -------------------------------------------------------------------------------------------

export const ZConsolListQuery = ZListQuery.extend({
  sort: z.enum(CONSOL_SORTABLE).optional(),
  filters: customFiltersParam('CONSOL_FILTER_FIELDS'),
  status: z.enum(CONSOL_STATUSES).optional(),
  pol: z.string().max(5).optional(),
  pod: z.string().max(5).optional(),
});
export type TConsolListQuery = z.output<typeof ZConsolListQuery>;
/** pending_consolidation_creation takes the booking list query. */
export const ZConsolSoListQuery = ZBookingListQuery;

export const ZConsolRow = z.object({
  consol_id: z.number().int(),
  consol_no: z.string(),
  status: z.enum(CONSOL_STATUSES),
  consol_type: z.enum(CONSOL_TYPES),
  customer_party_code: z.string().nullable(),
  customer_party_name: z.string().nullable(),
  contact_office: z.string(),
  handling_office: z.string(),
  pol: z.string(),
  pod: z.string(),
  etd: z.string().nullable(),
  so_nos: z.string().nullable().describe('SO numbers, comma-separated'),
  container_nos: z.string().nullable(),
  equipment: z.string().nullable().describe('e.g. 2x40HQ, 1x20GP'),
  amended: z.boolean(),
  amended_sos: z.string().nullable().describe('Amended SOs and the fields that changed'),
  fully_allocated: z.boolean(),
  ageing_since: z.string().nullable(),
  updated_at: z.string(),
});
export type TConsolRow = z.output<typeof ZConsolRow>;
export const ZConsolListResponse = listResponse(ZConsolRow);

export const ZConsolDashboard = z.object({
  lists: z.array(
    z.object({
      key: z.enum(CONSOL_LIST_KEYS as [TConsolListKey, ...TConsolListKey[]]),
      count: z.number().int(),
      countCapped: z.boolean(),
      yellow: z.number().int(),
      red: z.number().int(),
    }),
  ),
});
export type TConsolDashboard = z.output<typeof ZConsolDashboard>;

/** The plan an SO belongs to (booking detail "related consol" panel). */
export const ZRelatedConsol = z.object({
  consol_no: z.string(),
  status: z.enum(CONSOL_STATUSES),
  consol_type: z.enum(CONSOL_TYPES),
  pol: z.string(),
  pod: z.string(),
  etd: z.string().nullable(),
});
