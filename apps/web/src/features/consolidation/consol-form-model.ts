import { CONSOL_SIZE_TYPES, type TBooking, type TConsolInput, type TConsolidation } from '@portal/contracts';

// The consolidation plan's form model: the form's values, to and from the API's plan, and the rules the
// detail page applies on them (containers for the ordered sizes, a plan from picked SOs, fill sums).

export type Equipment = { size_type: string; qty: number };
export type Container = {
  seq: number;
  size_type: string;
  container_no?: string | null;
  seal_no?: string | null;
  ownership?: string | null;
  carrier_booking_no?: string | null;
  vgm_kg?: string | null;
  actual_kg?: string | null;
  cy_gate_in_at?: string | null;
  cfs_received_at?: string | null;
};
export type Allocation = {
  so_no: string;
  container_seq: number;
  package_qty: number;
  cbm: string;
  kg: string;
  loading_seq?: number | null;
};
export interface ConsolFormValues {
  consol_type?: string;
  customer_party_id?: string | null;
  contact_office?: string;
  handling_office?: string;
  hbl_office?: string | null;
  pol?: string;
  pod?: string;
  etd?: string | null;
  reference?: string | null;
  agent_ref?: string | null;
  remarks?: string | null;
  equipment: Equipment[];
  so_nos: string[];
  containers: Container[];
  allocations: Allocation[];
}

const blank = (v: string | null | undefined) => (v === undefined || v === '' ? null : v);

/** The form's picture of a plan (or of a copy's prefill). */
export function toForm(p: TConsolidation | TConsolInput | null): ConsolFormValues {
  if (!p)
    return {
      consol_type: 'AGENT',
      equipment: [{ size_type: '40HQ', qty: 1 }],
      so_nos: [],
      containers: [],
      allocations: [],
    };
  return {
    consol_type: p.consol_type,
    customer_party_id: p.customer_party_id ? String(p.customer_party_id) : null,
    contact_office: p.contact_office,
    handling_office: p.handling_office,
    hbl_office: p.hbl_office ?? null,
    pol: p.pol,
    pod: p.pod,
    etd: p.etd ?? null,
    reference: p.reference ?? null,
    agent_ref: p.agent_ref ?? null,
    remarks: p.remarks ?? null,
    equipment: (p.equipment ?? []).map((e) => ({ size_type: e.size_type, qty: e.qty })),
    so_nos: 'sos' in p ? p.sos.map((s) => s.so_no) : (p.so_nos ?? []),
    containers: ((p.containers ?? []) as Container[]).map((c) => ({
      seq: c.seq,
      size_type: c.size_type,
      container_no: c.container_no ?? null,
      seal_no: c.seal_no ?? null,
      ownership: c.ownership ?? 'COC',
      carrier_booking_no: c.carrier_booking_no ?? null,
      vgm_kg: c.vgm_kg ?? null,
      actual_kg: c.actual_kg ?? null,
      cy_gate_in_at: c.cy_gate_in_at ?? null,
      cfs_received_at: c.cfs_received_at ?? null,
    })),
    allocations: ((p.allocations ?? []) as Allocation[]).map((a) => ({
      so_no: a.so_no,
      container_seq: a.container_seq,
      package_qty: a.package_qty,
      cbm: String(a.cbm),
      kg: String(a.kg),
      loading_seq: a.loading_seq ?? null,
    })),
  };
}

/** The body of a save from the form. */
export function toBody(v: ConsolFormValues): TConsolInput {
  return {
    consol_type: v.consol_type as TConsolInput['consol_type'],
    customer_party_id: v.customer_party_id ? Number(v.customer_party_id) : null,
    contact_office: v.contact_office ?? '',
    handling_office: v.handling_office ?? '',
    hbl_office: blank(v.hbl_office),
    pol: v.pol ?? '',
    pod: v.pod ?? '',
    etd: blank(v.etd),
    reference: blank(v.reference),
    agent_ref: blank(v.agent_ref),
    remarks: blank(v.remarks),
    equipment: (v.equipment ?? []) as TConsolInput['equipment'],
    so_nos: (v.so_nos ?? []).map((s) => s.trim()).filter(Boolean),
    containers: (v.containers ?? []).map((c) => ({
      ...c,
      size_type: c.size_type as TConsolInput['equipment'][number]['size_type'],
      ownership: (c.ownership ?? 'COC') as 'COC' | 'SOC',
      container_no: blank(c.container_no),
      seal_no: blank(c.seal_no),
      carrier_booking_no: blank(c.carrier_booking_no),
      vgm_kg: blank(c.vgm_kg),
      actual_kg: blank(c.actual_kg),
      cy_gate_in_at: blank(c.cy_gate_in_at),
      cfs_received_at: blank(c.cfs_received_at),
    })),
    allocations: (v.allocations ?? []).map((a) => ({ ...a, loading_seq: a.loading_seq ?? null })),
  };
}

/** Containers for the sizes and quantities ordered: existing ones kept in order, new ones numbered on. */
export function syncContainers(equipment: Equipment[], containers: Container[]): Container[] {
  const out: Container[] = [];
  let next = Math.max(0, ...containers.map((c) => c.seq)) + 1;
  for (const e of equipment) {
    if (!e?.size_type) continue;
    const have = containers.filter((c) => c.size_type === e.size_type && !out.includes(c));
    const keep = have.slice(0, Math.max(0, e.qty || 0));
    out.push(...keep);
    for (let i = keep.length; i < (e.qty || 0); i++)
      out.push({ seq: next++, size_type: e.size_type, ownership: 'COC' });
  }
  return out.sort((a, b) => a.seq - b.seq);
}

/** The SO numbers a plan starts from (`?so_nos=A,B` from the pick list). */
export function sosFromQuery(search: string): string[] {
  return (new URLSearchParams(search).get('so_nos') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The container size and number chosen on the pick list (`?size=40HQ&qty=2`): a known size, 1 to 50. */
export function equipmentFromQuery(search: string): Equipment | null {
  const q = new URLSearchParams(search);
  const size = q.get('size') ?? '';
  const qty = Number(q.get('qty'));
  return (CONSOL_SIZE_TYPES as readonly string[]).includes(size) &&
    Number.isInteger(qty) &&
    qty >= 1 &&
    qty <= 50
    ? { size_type: size, qty }
    : null;
}

/** A new plan's first values: the copied or saved plan, else the picked SOs and size, with their containers. */
export function startValues(
  initial: TConsolidation | TConsolInput | null,
  fromSos: string[],
  fromEquipment: Equipment | null,
): ConsolFormValues {
  const v = toForm(initial);
  if (fromSos.length) v.so_nos = fromSos;
  if (fromEquipment) v.equipment = [fromEquipment];
  if (!v.containers.length) v.containers = syncContainers(v.equipment, []);
  return v;
}

/** What a plan started from picked SOs takes from the first SO: its lane, offices and agent. */
export function prefillFromSo(
  so: Pick<TBooking, 'pol' | 'pod' | 'handling_office' | 'nomination_agent_id' | 'release_agent_id'>,
): Partial<ConsolFormValues> {
  return {
    pol: so.pol,
    pod: so.pod,
    contact_office: so.handling_office,
    handling_office: so.handling_office,
    customer_party_id: so.nomination_agent_id
      ? String(so.nomination_agent_id)
      : so.release_agent_id
        ? String(so.release_agent_id)
        : null,
  };
}

/** The containers after a change of the ordered sizes, and the allocations whose container is still there. */
export function afterEquipmentChange(
  v: ConsolFormValues,
): Pick<ConsolFormValues, 'containers' | 'allocations'> {
  const boxes = syncContainers(v.equipment ?? [], v.containers ?? []);
  const seqs = new Set(boxes.map((b) => b.seq));
  return {
    containers: boxes,
    allocations: (v.allocations ?? []).filter((a) => seqs.has(a.container_seq)),
  };
}

/** The auto-plan's question: the plan's SOs, sizes and containers. */
export function autoPlanBody(v: ConsolFormValues) {
  return {
    so_nos: v.so_nos.filter(Boolean),
    equipment: v.equipment,
    containers: v.containers.map((c) => ({ seq: c.seq, size_type: c.size_type })),
  };
}

/** What is allocated to one container: the sums of its allocations' cbm and kg. */
export function containerLoad(allocations: readonly (Allocation | undefined)[] | undefined, seq: number) {
  const used = (allocations ?? []).filter((a): a is Allocation => a?.container_seq === seq);
  return {
    cbm: used.reduce((s, a) => s + Number(a.cbm || 0), 0),
    kg: used.reduce((s, a) => s + Number(a.kg || 0), 0),
  };
}

/** The choices of an allocation's container: `#seq size` and the container number once known. */
export const boxOptionsOf = (containers: readonly Container[] | undefined) =>
  (containers ?? []).map((c) => ({
    value: c.seq,
    label: `#${c.seq} ${c.size_type}${c.container_no ? ` ${c.container_no}` : ''}`,
  }));

/** The choices of an allocation's SO: the plan's SO numbers as typed so far. */
export const soOptionsOf = (soNos: readonly string[] | undefined) =>
  (soNos ?? []).filter(Boolean).map((s) => ({ value: s, label: s }));
