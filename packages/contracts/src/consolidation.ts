import { z } from 'zod';
import { ZBookingListQuery } from './booking';
import { ZProposalInput } from './booking-approval';
import { ZBookingRemark } from './booking-extras';
import {
  CONSOL_ACTION_NAMES,
  CONSOL_SIZE_TYPES,
  CONTAINER_OWNERSHIPS,
  type TConsolAction,
} from './consolidation-catalogue';
import { CONSOL_LIST_KEYS } from './consolidation-lists';
import {
  actionBody,
  decimalText,
  id,
  locode,
  optDate,
  optDecimalText,
  optId,
  optLocalDateTime,
  optText,
  optUpperCode,
  recordStamps,
  reqUpper,
  type SameType,
  sailingLaneOut,
  sailingOut,
} from './fields';
import { customFiltersParam, listDashboard, listResponse, ZListQuery } from './list';
import { MSG } from './msg-keys';
import { CONSOL_SORTABLE, CONSOL_STATUSES, CONSOL_TYPES } from './screen-catalogue';
import { zOptContainerNo } from './validators/container-number';

export * from './consolidation-catalogue';
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

// The lists live in their own module (no zod): the web app's route table imports them without this file.
export { CONSOL_LIST_KEYS, CONSOL_LISTS, type TConsolListKey } from './consolidation-lists';

// ---- Field schemas -----------------------------------------------------------------------------------

const office = reqUpper(10);
const optOffice = optUpperCode(10);
/** Decimal as text with up to 3 decimals; numbers are accepted and converted. */
const decimal = decimalText(9, 3, { message: MSG.fieldRequired });
const optDecimal = optDecimalText(9, 3);

/** Container size and quantity of a plan. */
export const ZConsolEquipment = z.object({
  size_type: z.enum(CONSOL_SIZE_TYPES, { message: MSG.fieldRequired }),
  qty: z.number({ message: MSG.fieldRequired }).int(MSG.fieldInvalid).min(1, MSG.fieldRequired).max(50),
});

/** One container of the load plan (001 §3 Container). `seq` identifies it within the plan. */
export const ZConsolContainer = z.object({
  seq: z.number().int().min(1).max(999),
  size_type: z.enum(CONSOL_SIZE_TYPES, { message: MSG.fieldRequired }),
  container_no: zOptContainerNo,
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
  customer_party_id: optId.describe('The agent, buyer or shipper (as the type says) who approves the plan'),
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
const ZConsolContainerFieldsOut = z.object({
  seq: z.number().int(),
  size_type: z.enum(CONSOL_SIZE_TYPES),
  container_no: z.string().nullable().describe('ISO 6346 container number with check digit'),
  seal_no: z.string().nullable(),
  ownership: z.enum(CONTAINER_OWNERSHIPS),
  carrier_booking_no: z.string().nullable(),
  vgm_kg: z.string().nullable(),
  actual_kg: z.string().nullable().describe('Container actual KG (cargo + tare as weighed)'),
  cy_gate_in_at: z.string().nullable(),
  cfs_received_at: z.string().nullable(),
});
export const ZConsolContainerOut = ZConsolContainerFieldsOut.extend({
  iso_code: z.string().nullable(),
  capacity_cbm: z.string().nullable(),
  max_payload_kg: z.string().nullable(),
  used_cbm: z.string(),
  used_kg: z.string(),
});

/** An allocation as answered. */
const ZConsolAllocationFieldsOut = z.object({
  so_no: z.string(),
  container_seq: z.number().int(),
  package_qty: z.number().int(),
  cbm: z.string(),
  kg: z.string(),
  loading_seq: z.number().int().nullable(),
});
export const ZConsolAllocationOut = ZConsolAllocationFieldsOut.extend({ po_no: z.string().nullable() });

/** A plan's offices, ports, ETD and references as answered (the plan's fields and the plan share them). */
const consolHeadOut = {
  contact_office: z.string(),
  handling_office: z.string(),
  hbl_office: z.string().nullable(),
  pol: z.string(),
  pod: z.string(),
  etd: z.string().nullable(),
  reference: z.string().nullable(),
  agent_ref: z.string().nullable(),
  remarks: z.string().nullable(),
};
const ZConsolEquipmentOut = z.object({ size_type: z.enum(CONSOL_SIZE_TYPES), qty: z.number().int() });

/** The fields of a plan as answered (GET /Consolidation/{consol_no}/copy: a new plan's values). */
export const ZConsolFieldsOut = z.object({
  consol_type: z.enum(CONSOL_TYPES),
  customer_party_id: z.number().int().nullable(),
  ...consolHeadOut,
  equipment: z.array(ZConsolEquipmentOut),
  so_nos: z.array(z.string()),
  containers: z.array(ZConsolContainerFieldsOut),
  allocations: z.array(ZConsolAllocationFieldsOut),
});
true satisfies SameType<z.output<typeof ZConsolFieldsOut>, TConsolFields>;

export const ZConsolProposal = z.object({
  proposal_id: z.number().int(),
  seq: z.number().int(),
  sailing_id: z.number().int(),
  rate_id: z.number().int().nullable(),
  ...sailingLaneOut,
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
  ...consolHeadOut,
  approval_reason: z.string().nullable(),
  amended: z.boolean(),
  fully_allocated: z.boolean(),
  required_document_type: z.string(),
  equipment: z.array(ZConsolEquipmentOut),
  sos: z.array(ZConsolSo),
  containers: z.array(ZConsolContainerOut),
  allocations: z.array(ZConsolAllocationOut),
  proposals: z.array(ZConsolProposal),
  allowed_actions: z.array(z.enum(CONSOL_ACTION_NAMES as [TConsolAction, ...TConsolAction[]])),
  editable: z.boolean(),
  ...recordStamps,
});
export type TConsolidation = z.output<typeof ZConsolidation>;

/** A proposed sailing with its rate, as for a booking's approval. */
export const ZConsolProposalInput = ZProposalInput;
export const ZConsolActionBody = z.object({
  ...actionBody,
  proposal_id: id.nullish().describe('approve: the proposed sailing chosen'),
  proposals: z.array(ZConsolProposalInput).max(10).nullish().describe('propose: the sailings offered'),
  so_no: z.string().max(40).nullish().describe('accept_amendment: one SO (default: all amended SOs)'),
});
export type TConsolActionBody = z.output<typeof ZConsolActionBody>;

/** One shipping order's cargo on the pick list (GET /Consolidation/pick-cargo; decimal strings). */
export const ZConsolPickCargo = z.object({
  so_no: z.string(),
  package_qty: z.number().int(),
  cbm: z.string(),
  kg: z.string(),
});
export type TConsolPickCargo = z.output<typeof ZConsolPickCargo>;

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

// ---- Route parameters, the auto-plan and the sailings (were inline in consolidation.routes.ts) -----------

export const ZConsolNoParams = z.object({ consol_no: z.string().trim().min(1).max(40) });
export const ZConsolListParams = z.object({ listKey: z.string().max(60) });
export const ZConsolActionParams = ZConsolNoParams.extend({
  action: z.enum(CONSOL_ACTION_NAMES as [string, ...string[]]),
});
export const ZConsolRemarkParams = ZConsolNoParams.extend({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const ZConsolBySoParams = z.object({ so_no: z.string().trim().min(1).max(40) });

/** GET /Consolidation/pick-cargo: comma-separated SO numbers. */
export const ZConsolPickCargoQuery = z.object({
  so_nos: z
    .string()
    .max(4000)
    .transform((v) =>
      v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(40)).max(200)),
});

/** POST /Consolidation/auto-plan: the plan's SOs, sizes and (when planned already) containers. */
export const ZConsolAutoPlanBody = z.object({
  so_nos: z.array(z.string().trim().min(1).max(40)).max(200),
  equipment: z
    .array(z.object({ size_type: z.enum(CONSOL_SIZE_TYPES), qty: z.number().int().min(1).max(50) }))
    .min(1)
    .max(10),
  containers: z
    .array(z.object({ seq: z.number().int().min(1).max(999), size_type: z.enum(CONSOL_SIZE_TYPES) }))
    .max(200)
    .optional(),
});
export type TConsolAutoPlanBody = z.input<typeof ZConsolAutoPlanBody>;
const ZConsolAutoPlanLine = ZConsolAllocationFieldsOut.extend({ loading_seq: z.number().int() });
/** The auto-plan's answer: the allocations, the cargo that did not fit, the containers used. */
export const ZConsolAutoPlanAnswer = z.object({
  allocations: z.array(ZConsolAutoPlanLine),
  unallocated: z.array(ZConsolAutoPlanLine.omit({ container_seq: true, loading_seq: true })),
  containers_used: z.number().int(),
  ms: z.number(),
});
export type TConsolAutoPlanAnswer = z.output<typeof ZConsolAutoPlanAnswer>;

/** A sailing operations may propose for a plan, with the rates pricing its container sizes. */
export const ZConsolSailing = z.object({
  ...sailingOut,
  rates: z.array(
    z.object({
      rate_id: z.number().int(),
      carrier_code: z.string(),
      currency: z.string().nullable(),
      total_rate: z.string(),
    }),
  ),
});
export type TConsolSailing = z.output<typeof ZConsolSailing>;

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

export const ZConsolDashboard = listDashboard(CONSOL_LIST_KEYS);
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

/** The export's query: the list's filters and the language of the column headers. */
export const ZConsolExportQuery = ZConsolListQuery.extend({ lang: z.string().max(8).optional() });

// Arrays and acknowledgements the plan routes answer (the route files build no schema: issue 41).
export const ZContainerCapacityList = z.array(ZContainerCapacity);
export const ZConsolPickCargoList = z.array(ZConsolPickCargo);
export const ZConsolSailingList = z.array(ZConsolSailing);
export const ZConsolRemarkList = z.array(ZBookingRemark);
export const ZConsolRemarkRemoved = z.object({ ok: z.literal(true) });
