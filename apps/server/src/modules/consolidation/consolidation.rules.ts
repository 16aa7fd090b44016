import {
  BOOKING_MSG,
  CONSOL_CUSTOMER_SIDE,
  CONSOL_MSG,
  MSG,
  type TConsolFields,
  type TFieldError,
  WEIGHT_CBM_TOLERANCE,
} from '@portal/contracts';
import type { CapacityRow, SoFacts } from './consolidation.repository';

/** Decimal text → thousandths (CBM and KG have 3 decimals), so sums are exact integers. */
export const milli = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? 0 : Math.round(Number(v) * 1000);
export const fromMilli = (n: number) => (n / 1000).toFixed(3);

/** SO statuses a plan takes: confirmed bookings (docs/decisions.md "Consolidation"). */
export const PLANNABLE_SO_STATUSES = ['CONFIRMED', 'RECOVERED'];
/** "Fully allocated" CBM/KG may differ from the SO by this much (thousandths): rounding of split lines. */
const FULL_TOLERANCE = 10;

/** The containers of a plan: as sent, or one per ordered unit of each size when none were sent. */
export function containersOf(v: TConsolFields) {
  if (v.containers.length) return v.containers;
  let seq = 0;
  return v.equipment.flatMap((e) =>
    Array.from({ length: e.qty }, () => ({
      seq: ++seq,
      size_type: e.size_type,
      container_no: null,
      seal_no: null,
      ownership: 'COC' as const,
      carrier_booking_no: null,
      vgm_kg: null,
      actual_kg: null,
      cy_gate_in_at: null,
      cfs_received_at: null,
    })),
  );
}

/** Per SO: what its allocations add up to, in thousandths (package qty as is). */
export function allocatedBySo(
  allocations: { so_no: string; package_qty: number; cbm: string; kg: string }[],
) {
  const by = new Map<string, { pk: number; cbm: number; kg: number }>();
  for (const a of allocations) {
    const t = by.get(a.so_no) ?? { pk: 0, cbm: 0, kg: 0 };
    t.pk += a.package_qty;
    t.cbm += milli(a.cbm);
    t.kg += milli(a.kg);
    by.set(a.so_no, t);
  }
  return by;
}

/** Whether every SO's package qty, CBM and KG are allocated. */
export function isFullyAllocated(
  sos: Pick<SoFacts, 'so_no' | 'package_qty' | 'cbm' | 'gross_weight'>[],
  allocations: { so_no: string; package_qty: number; cbm: string; kg: string }[],
) {
  if (!sos.length) return false;
  const by = allocatedBySo(allocations);
  return sos.every((s) => {
    const t = by.get(s.so_no);
    return (
      !!t &&
      t.pk === (s.package_qty ?? 0) &&
      Math.abs(t.cbm - milli(s.cbm)) <= FULL_TOLERANCE &&
      Math.abs(t.kg - milli(s.gross_weight)) <= FULL_TOLERANCE
    );
  });
}

/** An SO's own consolidation rules (001 §5): LCL, consolidatable, an LCL size, plan fields, not in another plan. */
export function soIssues(
  s: SoFacts,
  v: Pick<TConsolFields, 'pol' | 'pod' | 'consol_type' | 'customer_party_id'>,
  consolId: number | null,
  field: string,
): TFieldError[] {
  const out: TFieldError[] = [];
  const add = (msgKey: string, params?: Record<string, string | number>) =>
    out.push({ field, msgKey, params: { so_no: s.so_no, ...params } });
  if (s.in_consol_id !== null && s.in_consol_id !== consolId)
    add(CONSOL_MSG.soInOtherPlan, { consol_no: s.in_consol_no ?? '' });
  if (s.service_type !== 'LCL') add(CONSOL_MSG.soNotLcl);
  if (!s.is_consolidatable) add(CONSOL_MSG.soNotConsolidatable);
  if (s.lcl_sizes < 1) add(CONSOL_MSG.soNoLclSize);
  if (!PLANNABLE_SO_STATUSES.includes(s.status)) add(CONSOL_MSG.soNotConfirmed, { status: s.status });
  if (s.transport_mode !== 'SEA') add(CONSOL_MSG.soFieldMismatch, { field: 'transport_mode' });
  if (s.pol !== v.pol) add(CONSOL_MSG.soFieldMismatch, { field: 'pol' });
  if (s.pod !== v.pod) add(CONSOL_MSG.soFieldMismatch, { field: 'pod' });
  const cols = CONSOL_CUSTOMER_SIDE[v.consol_type].soColumns;
  if (v.customer_party_id && cols.length) {
    const onSo = cols.some((c) => s[c as keyof SoFacts] === v.customer_party_id);
    if (!onSo) add(CONSOL_MSG.soPartyMismatch, { field: cols.join('/') });
  }
  if (!s.package_qty || !milli(s.cbm) || !milli(s.gross_weight)) add(CONSOL_MSG.allocationZero);
  // Package qty, GW and CBM must match between the PO (the SO's cargo) and its container details.
  if (s.lines_package_qty !== null) {
    const tol = WEIGHT_CBM_TOLERANCE * 1000;
    if (
      s.lines_package_qty !== (s.package_qty ?? 0) ||
      Math.abs(milli(s.lines_kg) - milli(s.gross_weight)) > tol ||
      Math.abs(milli(s.lines_cbm) - milli(s.cbm)) > tol
    )
      add(CONSOL_MSG.soPoContainerMismatch);
  }
  return out;
}

/**
 * Every rule of 001 §5 Consolidation a save checks (the approval preconditions are checked by the actions):
 * each SO's own rules, containers (sizes with a capacity, numbers valid and unique), allocations (in the
 * plan, not zero, not beyond the SO, full package qty needs full CBM and KG) and each container's capacity.
 * Answers every problem with its field (so_nos.i, containers.i.container_no, allocations.i.cbm, ...).
 */
export function planIssues(args: {
  v: TConsolFields;
  consolId: number | null;
  facts: SoFacts[];
  visibleSoNos: Set<string>;
  capacities: CapacityRow[];
  takenContainerNos: Set<string>;
}): TFieldError[] {
  const { v, consolId, facts, capacities } = args;
  const out: TFieldError[] = [];
  const bySoNo = new Map(facts.map((f) => [f.so_no, f]));
  v.so_nos.forEach((no, i) => {
    const f = bySoNo.get(no);
    if (!f || !args.visibleSoNos.has(no)) {
      out.push({ field: `so_nos.${i}`, msgKey: BOOKING_MSG.notFound, params: { so_no: no } });
      return;
    }
    out.push(...soIssues(f, v, consolId, `so_nos.${i}`));
  });
  const cap = new Map(capacities.map((c) => [c.size_type, c]));
  v.equipment.forEach((e, i) => {
    if (!cap.has(e.size_type))
      out.push({
        field: `equipment.${i}.size_type`,
        msgKey: CONSOL_MSG.sizeNoCapacity,
        params: { size: e.size_type },
      });
  });
  const containers = containersOf(v);
  // The load plan's containers are the plan's sizes and quantities.
  const want = new Map<string, number>();
  for (const e of v.equipment) want.set(e.size_type, (want.get(e.size_type) ?? 0) + e.qty);
  const have = new Map<string, number>();
  for (const c of containers) have.set(c.size_type, (have.get(c.size_type) ?? 0) + 1);
  const sizes = new Set([...want.keys(), ...have.keys()]);
  if ([...sizes].some((s) => want.get(s) !== have.get(s)))
    out.push({ field: 'containers', msgKey: CONSOL_MSG.containerCountMismatch });
  const seqs = new Map<number, number>();
  const nos = new Map<string, number>();
  containers.forEach((c, i) => {
    if (seqs.has(c.seq)) out.push({ field: `containers.${i}.seq`, msgKey: MSG.fieldInvalid });
    seqs.set(c.seq, i);
    if (c.container_no) {
      if (nos.has(c.container_no) || args.takenContainerNos.has(c.container_no))
        out.push({
          field: `containers.${i}.container_no`,
          msgKey: CONSOL_MSG.containerNoDuplicate,
          params: { value: c.container_no },
        });
      nos.set(c.container_no, i);
    }
  });
  const inPlan = new Set(v.so_nos);
  const used = new Map<number, { cbm: number; kg: number }>();
  v.allocations.forEach((a, i) => {
    if (!inPlan.has(a.so_no))
      out.push({
        field: `allocations.${i}.so_no`,
        msgKey: CONSOL_MSG.soNotInPlan,
        params: { so_no: a.so_no },
      });
    if (!seqs.has(a.container_seq))
      out.push({ field: `allocations.${i}.container_seq`, msgKey: CONSOL_MSG.containerUnknown });
    if (a.package_qty <= 0)
      out.push({ field: `allocations.${i}.package_qty`, msgKey: CONSOL_MSG.allocationZero });
    if (milli(a.cbm) <= 0) out.push({ field: `allocations.${i}.cbm`, msgKey: CONSOL_MSG.allocationZero });
    if (milli(a.kg) <= 0) out.push({ field: `allocations.${i}.kg`, msgKey: CONSOL_MSG.allocationZero });
    const u = used.get(a.container_seq) ?? { cbm: 0, kg: 0 };
    u.cbm += milli(a.cbm);
    u.kg += milli(a.kg);
    used.set(a.container_seq, u);
  });
  const by = allocatedBySo(v.allocations);
  out.push(...omsIssues(v.so_nos, bySoNo, by, v.allocations.length > 0));
  for (const [soNo, t] of by) {
    const f = bySoNo.get(soNo);
    if (!f) continue;
    const i = v.allocations.findIndex((a) => a.so_no === soNo);
    const params = { so_no: soNo };
    if (
      t.pk > (f.package_qty ?? 0) ||
      t.cbm > milli(f.cbm) + FULL_TOLERANCE ||
      t.kg > milli(f.gross_weight) + FULL_TOLERANCE
    )
      out.push({ field: `allocations.${i}.package_qty`, msgKey: CONSOL_MSG.overAllocated, params });
    else if (
      t.pk === (f.package_qty ?? 0) &&
      (Math.abs(t.cbm - milli(f.cbm)) > FULL_TOLERANCE ||
        Math.abs(t.kg - milli(f.gross_weight)) > FULL_TOLERANCE)
    )
      out.push({ field: `allocations.${i}.cbm`, msgKey: CONSOL_MSG.partialCbmKg, params });
  }
  containers.forEach((c, i) => {
    const u = used.get(c.seq);
    const k = cap.get(c.size_type);
    if (!u || !k) return;
    if (u.cbm > milli(k.capacity_cbm) || u.kg > milli(k.max_payload_kg))
      out.push({
        field: `containers.${i}`,
        msgKey: CONSOL_MSG.overCapacity,
        params: {
          seq: c.seq,
          cbm: fromMilli(u.cbm),
          kg: fromMilli(u.kg),
          capacity_cbm: k.capacity_cbm,
          max_kg: k.max_payload_kg,
        },
      });
  });
  return out;
}

/**
 * OMS shipments (001 §5): never in a plan with shipments of another type (each OMS SO of a mixed plan answers
 * msgConsolOmsMixed), and fully allocated: once the load plan has allocations (a plan is drafted before its
 * containers are filled) and before approval (`requireFull`), each OMS SO's package qty, CBM and KG are all
 * allocated.
 */
export function omsIssues(
  soNos: string[],
  bySoNo: Map<string, Pick<SoFacts, 'so_no' | 'shipment_type' | 'package_qty' | 'cbm' | 'gross_weight'>>,
  allocated: Map<string, { pk: number; cbm: number; kg: number }>,
  requireFull: boolean,
): TFieldError[] {
  const out: TFieldError[] = [];
  const facts = soNos.map((no) => bySoNo.get(no));
  const oms = facts.filter((f) => f?.shipment_type === 'OMS').length;
  const mixed = oms > 0 && oms < facts.filter((f) => !!f).length;
  facts.forEach((f, i) => {
    if (!f || f.shipment_type !== 'OMS') return;
    const field = `so_nos.${i}`;
    const params = { so_no: f.so_no };
    if (mixed) out.push({ field, msgKey: CONSOL_MSG.omsMixed, params });
    if (!requireFull) return;
    const t = allocated.get(f.so_no) ?? { pk: 0, cbm: 0, kg: 0 };
    if (
      t.pk !== (f.package_qty ?? 0) ||
      Math.abs(t.cbm - milli(f.cbm)) > FULL_TOLERANCE ||
      Math.abs(t.kg - milli(f.gross_weight)) > FULL_TOLERANCE
    )
      out.push({ field, msgKey: CONSOL_MSG.omsNotFullyAllocated, params });
  });
  return out;
}

/** Seal no., carrier booking no. and actual KG of every container (001 §5), needed before approval. */
export function containerFieldIssues(
  containers: { seal_no: string | null; carrier_booking_no: string | null; actual_kg: string | null }[],
): TFieldError[] {
  const out: TFieldError[] = [];
  containers.forEach((c, i) => {
    for (const f of ['seal_no', 'carrier_booking_no', 'actual_kg'] as const) {
      if (!c[f]) out.push({ field: `containers.${i}.${f}`, msgKey: CONSOL_MSG.containerFieldsRequired });
    }
  });
  return out;
}
