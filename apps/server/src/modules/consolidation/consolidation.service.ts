// Over 600 lines: the plan's service keeps every move (create, update, copy, auto-plan, the approval steps and
// their pricing) with its checks, each in one transaction, beside the one presenter they all answer with; the
// carrier link (consolidation.carrier.ts), the DCSA writer and the lists already live apart.
import {
  autoPlan,
  CONSOL_ACTION_EVENT,
  CONSOL_ACTIONS,
  CONSOL_APPROVAL_DOC_DEFAULTS,
  CONSOL_CUSTOMER_SIDE,
  CONSOL_EDITABLE,
  CONSOL_MSG,
  CONSOL_TRANSITIONS,
  CONSOL_TYPES,
  isExternalProfile,
  MSG,
  money,
  type TConsolAction,
  type TConsolActionBody,
  type TConsolFields,
  type TConsolidation,
  type TConsolType,
  type TFieldError,
  type TRateQuoteRequest,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, diffRows, listHistory, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx, Tx } from '../../platform/db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import { notifyConsol } from '../../platform/notify/notify';
import { isVisibleBooking } from '../booking';
import { rateRepository } from '../rate';
import { proposedSailing } from '../sailing-schedule';
import { allocateNumber } from '../sequence';
import { queueConsolMail } from './consolidation.mail';
import {
  type CapacityRow,
  type PlanRow,
  type ProposalRow,
  consolRepository as repo,
} from './consolidation.repository';
import {
  allocatedBySo,
  containerFieldIssues,
  containersOf,
  fromMilli,
  isFullyAllocated,
  milli,
  omsIssues,
  planIssues,
} from './consolidation.rules';
import { reindexPlan } from './consolidation.search';
import { planCancelBlocker } from './consolidation-hooks';

/** Entity type of plans in the status history and documents (entity id: the consol#). */
export const CONSOL_ENTITY = 'consolidation';

/**
 * The document type approval needs per consol type: CONSOL_APPROVAL_DOC_TYPES ("AGENT=PL,BUYER=CI,...") over
 * the defaults of contracts (docs/decisions.md "Consolidation").
 */
export function requiredDocumentType(type: TConsolType): string {
  const conf = Object.fromEntries(
    (process.env.CONSOL_APPROVAL_DOC_TYPES ?? '')
      .split(',')
      .map((p) => p.split('=').map((s) => s.trim().toUpperCase()))
      .filter((p) => p.length === 2 && p[0] && p[1]),
  );
  return conf[type] ?? CONSOL_APPROVAL_DOC_DEFAULTS[type];
}

const who = (a: Actor) => ({ uid: a.user_uid, name: actorName(a) });
const isInternal = (a: Actor) => !isExternalProfile(a.profile_type);

/** Which side of the plan's approval the actor is on. */
async function sideOf(db: DbOrTx, actor: Actor, p: PlanRow): Promise<'internal' | 'customer' | 'none'> {
  if (isInternal(actor)) return 'internal';
  const side = CONSOL_CUSTOMER_SIDE[p.consol_type as TConsolType];
  if (!side.profiles.includes(actor.profile_type ?? '')) return 'none';
  return (await repo.ownsParty(db, actor, p.customer_party_id)) ? 'customer' : 'none';
}

async function planOrThrow(db: DbOrTx, actor: Actor, consolNo: string, lock = false) {
  const p = await repo.byNo(db, actor, consolNo, lock);
  if (!p) throw notFound(CONSOL_MSG.notFound);
  return p;
}

/** The actions the actor may take now: moves of CONSOL_TRANSITIONS for its side whose basics hold. */
function allowedActions(side: string, p: PlanRow, proposals: number, amended: boolean): TConsolAction[] {
  const moves = CONSOL_TRANSITIONS[p.status];
  return (Object.keys(moves) as TConsolAction[]).filter((a) => {
    if (CONSOL_ACTIONS[a].by !== side) return false;
    if (a === 'accept_amendment') return amended;
    if (a === 'request_approval' || a === 'consol_advice' || a === 'approve') return proposals > 0;
    return true;
  });
}

const localOut = (v: string | null) => (v ? v.slice(0, 16).replace(' ', 'T') : null);
const isoOut = (v: string) => new Date(v).toISOString();

async function present(db: DbOrTx, actor: Actor, p: PlanRow): Promise<TConsolidation> {
  const [equipment, containers, allocations, proposals, facts, marks, party] = await Promise.all([
    repo.equipment(db, p.consol_id),
    repo.containers(db, p.consol_id),
    repo.allocations(db, p.consol_id),
    repo.proposals(db, p.consol_id),
    repo.soFactsByPlan(db, p.consol_id),
    repo.planSos(db, p.consol_id),
    repo.party(db, p.customer_party_id),
  ]);
  const caps = new Map(
    (await repo.capacities(db, [...new Set(containers.map((c) => c.size_type))])).map((c) => [
      c.size_type,
      c,
    ]),
  );
  const markOf = new Map(marks.map((m) => [m.so_id, m]));
  const allocOut = allocations.map((a) => ({
    so_no: a.so_no,
    po_no: a.po_no,
    container_seq: a.container_seq,
    package_qty: a.package_qty,
    cbm: a.cbm,
    kg: a.kg,
    loading_seq: a.loading_seq,
  }));
  const side = await sideOf(db, actor, p);
  const sums = new Map<number, { cbm: number; kg: number }>();
  for (const a of allocations) {
    const s = sums.get(a.container_seq) ?? { cbm: 0, kg: 0 };
    s.cbm += milli(a.cbm);
    s.kg += milli(a.kg);
    sums.set(a.container_seq, s);
  }
  const bySo = new Map<string, { pk: number; cbm: number; kg: number }>();
  for (const a of allocations) {
    const s = bySo.get(a.so_no) ?? { pk: 0, cbm: 0, kg: 0 };
    s.pk += a.package_qty;
    s.cbm += milli(a.cbm);
    s.kg += milli(a.kg);
    bySo.set(a.so_no, s);
  }
  return {
    consol_no: p.consol_no,
    status: p.status,
    status_changed_at: isoOut(p.status_changed_at),
    consol_type: p.consol_type as TConsolType,
    customer_party_id: p.customer_party_id,
    customer_party_code: party?.party_code ?? null,
    customer_party_name: party?.full_name ?? null,
    contact_office: p.contact_office,
    handling_office: p.handling_office,
    hbl_office: p.hbl_office,
    pol: p.pol,
    pod: p.pod,
    etd: p.etd,
    reference: p.reference,
    agent_ref: p.agent_ref,
    remarks: p.remarks,
    approval_reason: p.approval_reason,
    amended: p.amended_at !== null,
    fully_allocated: p.fully_allocated,
    required_document_type: requiredDocumentType(p.consol_type as TConsolType),
    equipment: equipment.map((e) => ({
      size_type: e.size_type as TConsolFields['equipment'][number]['size_type'],
      qty: e.qty,
    })),
    sos: facts.map((f) => {
      const m = markOf.get(f.so_id);
      const s = bySo.get(f.so_no) ?? { pk: 0, cbm: 0, kg: 0 };
      return {
        so_no: f.so_no,
        po_no: f.po_no,
        status: f.status,
        shipper_name: f.shipper_name,
        consignee_name: f.consignee_name,
        pol: f.pol,
        pod: f.pod,
        etd: f.etd,
        package_qty: f.package_qty ?? 0,
        cbm: fromMilli(milli(f.cbm)),
        kg: fromMilli(milli(f.gross_weight)),
        allocated_package_qty: s.pk,
        allocated_cbm: fromMilli(s.cbm),
        allocated_kg: fromMilli(s.kg),
        amended_changes: m?.amended_changes ?? null,
        amended_at: m?.amended_at ? isoOut(m.amended_at) : null,
      };
    }),
    containers: containers.map((c) => {
      const k = caps.get(c.size_type);
      const u = sums.get(c.seq) ?? { cbm: 0, kg: 0 };
      return {
        seq: c.seq,
        size_type: c.size_type as TConsolFields['equipment'][number]['size_type'],
        container_no: c.container_no,
        seal_no: c.seal_no,
        ownership: c.ownership as 'COC' | 'SOC',
        carrier_booking_no: c.carrier_booking_no,
        vgm_kg: c.vgm_kg,
        actual_kg: c.actual_kg,
        cy_gate_in_at: localOut(c.cy_gate_in_at),
        cfs_received_at: localOut(c.cfs_received_at),
        iso_code: k?.iso_code ?? null,
        capacity_cbm: k?.capacity_cbm ?? null,
        max_payload_kg: k?.max_payload_kg ?? null,
        used_cbm: fromMilli(u.cbm),
        used_kg: fromMilli(u.kg),
      };
    }),
    allocations: allocOut,
    proposals: proposals.map((x) => ({
      proposal_id: x.proposal_id,
      seq: x.seq,
      sailing_id: x.sailing_id,
      rate_id: x.rate_id,
      carrier_code: x.carrier_code,
      vessel_name: x.vessel_name,
      voyage: x.voyage,
      pol: x.pol,
      pod: x.pod,
      etd: x.etd,
      eta: x.eta,
      currency: x.currency,
      total_rate: x.total_rate === null ? null : money.round(x.total_rate, x.currency),
      is_selected: x.is_selected,
      remarks: x.remarks,
    })),
    allowed_actions: allowedActions(side, p, proposals.length, p.amended_at !== null),
    editable: side === 'internal' && CONSOL_EDITABLE.includes(p.status),
    version: p.version,
    created_at: isoOut(p.created_at),
    created_by: p.created_by,
    updated_at: isoOut(p.updated_at),
    updated_by: p.updated_by,
  };
}

/** Checks a plan's input against every save rule (422 with the field errors) and answers what to store. */
async function checked(tx: DbOrTx, actor: Actor, v: TConsolFields, consolId: number | null) {
  const soNos = [...new Set(v.so_nos)];
  const input = { ...v, so_nos: soNos };
  const [facts, visibleSoNos, capacities] = await Promise.all([
    repo.soFacts(tx, soNos),
    repo.visibleSoNos(tx, actor, soNos),
    repo.capacities(tx, [...new Set(input.equipment.map((e) => e.size_type))]),
  ]);
  const containers = containersOf(input);
  const taken = await repo.containerNosInOtherPlans(
    tx,
    consolId,
    containers.flatMap((c) => (c.container_no ? [c.container_no] : [])),
  );
  const issues = planIssues({
    v: input,
    consolId,
    facts,
    visibleSoNos,
    capacities,
    takenContainerNos: taken,
  });
  if (issues.length) throw new AppError(422, issues[0].msgKey, { params: issues[0].params, details: issues });
  const idOf = new Map(facts.map((f) => [f.so_no, f.so_id]));
  const ordered = soNos.map((n) => facts.find((f) => f.so_no === n)).filter((f) => !!f);
  return {
    header: {
      consol_type: input.consol_type,
      customer_party_id: input.customer_party_id,
      contact_office: input.contact_office,
      handling_office: input.handling_office,
      hbl_office: input.hbl_office,
      pol: input.pol,
      pod: input.pod,
      etd: input.etd,
      reference: input.reference,
      agent_ref: input.agent_ref,
      remarks: input.remarks,
      fully_allocated: isFullyAllocated(ordered, input.allocations),
    },
    children: {
      equipment: input.equipment,
      soIds: ordered.map((f) => f.so_id),
      containers: containers.map((c) => ({
        seq: c.seq,
        size_type: c.size_type,
        container_no: c.container_no,
        seal_no: c.seal_no,
        ownership: c.ownership,
        carrier_booking_no: c.carrier_booking_no,
        vgm_kg: c.vgm_kg,
        actual_kg: c.actual_kg,
        cy_gate_in_at: c.cy_gate_in_at,
        cfs_received_at: c.cfs_received_at,
      })),
      allocations: input.allocations.map((a) => ({
        so_id: idOf.get(a.so_no) as number,
        container_seq: a.container_seq,
        package_qty: a.package_qty,
        cbm: a.cbm,
        kg: a.kg,
        loading_seq: a.loading_seq,
      })),
    },
  };
}

/** A plan's stored children the history compares (issue 38): SO list, equipment, containers, allocations. */
async function planChildren(tx: DbOrTx, id: number) {
  const [soNos, equipment, containers, allocations] = await Promise.all([
    repo.soFactsByPlan(tx, id).then((f) => f.map((x) => x.so_no)),
    repo.equipment(tx, id),
    repo.containers(tx, id),
    repo.allocations(tx, id),
  ]);
  return { soNos, equipment, containers, allocations };
}
const PLAN_CONTAINER_AUDITED = [
  'size_type',
  'container_no',
  'seal_no',
  'ownership',
  'carrier_booking_no',
  'vgm_kg',
  'actual_kg',
  'cy_gate_in_at',
  'cfs_received_at',
] as const;
const PLAN_ALLOCATION_AUDITED = [
  'so_no',
  'container_seq',
  'package_qty',
  'cbm',
  'kg',
  'loading_seq',
] as const;

/** Consolidation plans: create, edit, copy, read, history, actions and the auto-plan. */
export const consolService = {
  async get(db: DbOrTx, actor: Actor, consolNo: string) {
    return present(db, actor, await planOrThrow(db, actor, consolNo));
  },

  async history(db: DbOrTx, actor: Actor, consolNo: string) {
    await planOrThrow(db, actor, consolNo);
    return listHistory(db, CONSOL_ENTITY, consolNo);
  },

  /** The container capacities (the reference table) as answered. */
  capacities: async (db: DbOrTx) => (await repo.capacities(db)).map(presentCapacity),

  /** The plan an SO is on, when the user may see the SO (undefined otherwise or when it is on none). */
  async planOfSo(db: DbOrTx, actor: Actor, soNo: string) {
    return (await isVisibleBooking(db, actor, soNo)) ? repo.planOfSo(db, soNo) : undefined;
  },

  /** A new plan (status PLAN); consol# from the CONSOL sequence rule of the handling office. */
  async create(tx: Tx, actor: Actor, v: TConsolFields): Promise<TConsolidation> {
    const c = await checked(tx, actor, v, null);
    const { number } = await allocateNumber(tx, { docType: 'CONSOL', officeCode: v.handling_office });
    const row = await repo.insert(tx, {
      ...c.header,
      consol_no: number,
      status: 'PLAN',
      created_by: actorName(actor),
      updated_by: actorName(actor),
    });
    await repo.replaceChildren(tx, row.consol_id, c.children);
    await recordHistory(tx, {
      entityType: CONSOL_ENTITY,
      entityId: number,
      action: 'create',
      toStatus: 'PLAN',
      actor: who(actor),
    });
    await reindexPlan(tx, row.consol_id);
    return present(tx, actor, row);
  },

  /** Saves an edit made on `version` (409 when stale; 422 when the status does not allow editing). */
  async update(tx: Tx, actor: Actor, consolNo: string, input: TConsolFields & { version: number }) {
    const { version, ...v } = input;
    const before = await planOrThrow(tx, actor, consolNo, true);
    if (before.version !== version) throw conflict();
    if (!CONSOL_EDITABLE.includes(before.status))
      throw new AppError(422, CONSOL_MSG.notEditable, { params: { status: before.status } });
    const c = await checked(tx, actor, v, before.consol_id);
    const was = await planChildren(tx, before.consol_id);
    const row = await repo.updateIfVersion(tx, before.consol_id, version, {
      ...c.header,
      updated_by: actorName(actor),
    });
    if (!row) throw conflict();
    await repo.replaceChildren(tx, row.consol_id, c.children);
    // A removed SO takes its amendment with it: the plan stays amended only while an amended SO remains.
    const stillAmended = await repo.clearAmendments(tx, row.consol_id, -1);
    const final =
      row.amended_at && !stillAmended
        ? ((await repo.updateIfVersion(tx, row.consol_id, row.version, { amended_at: null })) ?? row)
        : row;
    const now = await planChildren(tx, row.consol_id);
    const changes = {
      ...diffFields(before, final, Object.keys(c.header) as (keyof typeof c.header & string)[]),
      ...diffFields({ so_nos: was.soNos }, { so_nos: now.soNos }),
      ...diffRows('equipment', was.equipment, now.equipment, ['size_type', 'qty']),
      ...diffRows('containers', was.containers, now.containers, PLAN_CONTAINER_AUDITED),
      ...diffRows('allocations', was.allocations, now.allocations, PLAN_ALLOCATION_AUDITED),
    };
    await recordHistory(tx, {
      entityType: CONSOL_ENTITY,
      entityId: consolNo,
      action: 'update',
      fromStatus: before.status,
      toStatus: before.status,
      changes,
      actor: who(actor),
    });
    await reindexPlan(tx, row.consol_id);
    return present(tx, actor, final);
  },

  /** A new plan prefilled from an existing one: header and sizes, without SOs, containers or references. */
  async copy(db: DbOrTx, actor: Actor, consolNo: string): Promise<TConsolFields> {
    const p = await planOrThrow(db, actor, consolNo);
    const equipment = await repo.equipment(db, p.consol_id);
    return {
      consol_type: p.consol_type as TConsolType,
      customer_party_id: p.customer_party_id,
      contact_office: p.contact_office,
      handling_office: p.handling_office,
      hbl_office: p.hbl_office,
      pol: p.pol,
      pod: p.pod,
      etd: null,
      reference: null,
      agent_ref: null,
      remarks: p.remarks,
      equipment: equipment as TConsolFields['equipment'],
      so_nos: [],
      containers: [],
      allocations: [],
    };
  },

  /**
   * Sailings operations may propose for a plan: active sailings on its POL → POD from today, each with the
   * rates of the sailing's own carrier that price every container size of the plan on the sailing's ETD,
   * cheapest first (issue 39: another carrier's rate cannot price a sailing; the propose step refuses it too).
   */
  async sailings(db: DbOrTx, actor: Actor, consolNo: string) {
    const p = await planOrThrow(db, actor, consolNo);
    const mix = (await repo.equipment(db, p.consol_id)).map((e) => ({
      container_type: e.size_type,
      qty: e.qty,
    }));
    const list = await repo.laneSailings(db, p.pol, p.pod, new Date().toISOString().slice(0, 10), 20);
    const out = [];
    for (const s of list) {
      const quoted = await rateRepository.quote(db, {
        pol: p.pol,
        pod: p.pod,
        on_date: s.etd,
        containers: mix as TRateQuoteRequest['containers'],
      });
      const rates = await rateRepository.byIds(
        db,
        quoted.map((q) => q.rate_id),
      );
      const byId = new Map(rates.map((r) => [r.rate_id, r]));
      const own = quoted.filter((q) => byId.get(q.rate_id)?.carrier_code === s.carrier_code);
      out.push({
        sailing_id: s.sailing_schedule_id,
        carrier_code: s.carrier_code,
        vessel_name: s.vessel_name,
        voyage: s.voyage,
        etd: s.etd,
        eta: s.eta,
        rates: own.map((q) => ({
          rate_id: q.rate_id,
          carrier_code: byId.get(q.rate_id)?.carrier_code ?? '',
          currency: byId.get(q.rate_id)?.currency ?? null,
          total_rate: q.total_rate,
        })),
      });
    }
    return out;
  },

  /**
   * The cargo of shipping orders a planner picks for a plan (pending_consolidation_creation's pick list, issue
   * 39): packages, CBM and gross weight per SO, of the SOs the actor may see; unknown or unseen SOs are left out.
   */
  async pickCargo(db: DbOrTx, actor: Actor, soNos: string[]) {
    const wanted = [...new Set(soNos)];
    if (!wanted.length) return [];
    const [facts, visible] = await Promise.all([
      repo.soFacts(db, wanted),
      repo.visibleSoNos(db, actor, wanted),
    ]);
    return facts
      .filter((f) => visible.has(f.so_no))
      .map((f) => ({
        so_no: f.so_no,
        package_qty: f.package_qty ?? 0,
        cbm: fromMilli(milli(f.cbm)),
        kg: fromMilli(milli(f.gross_weight)),
      }));
  },

  /**
   * Proposes an allocation of the SOs to the containers (not saved): first-fit decreasing by CBM with the
   * capacities of the reference table (contracts autoPlan).
   */
  async autoPlan(
    db: DbOrTx,
    actor: Actor,
    body: {
      so_nos: string[];
      equipment: { size_type: string; qty: number }[];
      containers?: { seq: number; size_type: string }[];
    },
  ) {
    const soNos = [...new Set(body.so_nos)];
    const [facts, visible] = await Promise.all([
      repo.soFacts(db, soNos),
      repo.visibleSoNos(db, actor, soNos),
    ]);
    const sizes = [...new Set(body.equipment.map((e) => e.size_type))];
    const caps = new Map((await repo.capacities(db, sizes)).map((c) => [c.size_type, c]));
    let seq = 0;
    const containers = body.containers?.length
      ? body.containers
      : body.equipment.flatMap((e) =>
          Array.from({ length: e.qty }, () => ({ seq: ++seq, size_type: e.size_type })),
        );
    const planned = containers.flatMap((c) => {
      const k = caps.get(c.size_type);
      return k
        ? [{ seq: c.seq, capacity_cbm: Number(k.capacity_cbm), max_payload_kg: Number(k.max_payload_kg) }]
        : [];
    });
    const sos = facts
      .filter((f) => visible.has(f.so_no))
      .map((f) => ({
        so_no: f.so_no,
        package_qty: f.package_qty ?? 0,
        cbm: Number(f.cbm ?? 0),
        kg: Number(f.gross_weight ?? 0),
      }));
    const started = performance.now();
    const r = autoPlan(planned, sos);
    return {
      allocations: r.lines.map((l) => ({ ...l, cbm: l.cbm.toFixed(3), kg: l.kg.toFixed(3) })),
      unallocated: r.unallocated.map((u) => ({ ...u, cbm: u.cbm.toFixed(3), kg: u.kg.toFixed(3) })),
      containers_used: r.containersUsed,
      ms: Math.round((performance.now() - started) * 100) / 100,
    };
  },

  /**
   * Takes `action` on plan `consolNo`: visible (404) → side (403) → version (409) → CONSOL_TRANSITIONS (422
   * msgConsolActionNotAllowed) → reason (400) → the action's rules (422); then the move, one history entry,
   * the version bump, the search index and the e-mail to the other side, all in one transaction.
   */
  async act(
    db: Db,
    actor: Actor,
    consolNo: string,
    action: TConsolAction,
    body: TConsolActionBody,
    baseUrl: string,
  ) {
    await db.transaction(async (tx) => {
      const p = await planOrThrow(tx, actor, consolNo, true);
      const side = await sideOf(tx, actor, p);
      const by = CONSOL_ACTIONS[action].by;
      if (by === 'internal' && side !== 'internal') throw forbidden(MSG.noPermission);
      if (by === 'customer' && side !== 'customer') throw forbidden(CONSOL_MSG.notCustomer);
      if (p.version !== body.version) throw conflict();
      const from = p.status;
      const moves = CONSOL_TRANSITIONS[from];
      if (!(action in moves))
        throw new AppError(422, CONSOL_MSG.actionNotAllowed, { params: { action, status: from } });
      const reason = body.reason?.trim() || null;
      if (CONSOL_ACTIONS[action].reason && !reason)
        throw badRequest([{ field: 'reason', msgKey: CONSOL_MSG.reasonRequired }], CONSOL_MSG.reasonRequired);
      const set = await stepOf(tx, actor, p, action, body);
      const target = moves[action];
      const to = target === undefined || target === null ? from : target;
      const row = await repo.updateIfVersion(tx, p.consol_id, p.version, {
        ...set,
        status: to,
        ...(to !== from && { status_changed_at: new Date().toISOString() }),
        ...(action !== 'accept_amendment' && { approval_reason: reason }),
        updated_by: actorName(actor),
      });
      if (!row) throw conflict();
      await recordHistory(tx, {
        entityType: CONSOL_ENTITY,
        entityId: consolNo,
        action,
        fromStatus: from,
        toStatus: to,
        reason,
        actor: who(actor),
      });
      await reindexPlan(tx, p.consol_id);
      // The notification centre's event (issue 39): one outbox row, dispatched only if the move commits.
      await notifyConsol(tx, CONSOL_ACTION_EVENT[action], row, actor.user_uid);
      if (action !== 'accept_amendment' && action !== 'propose' && action !== 'recover') {
        const toSide = by === 'customer' ? 'operations' : 'customer';
        await queueConsolMail(tx, {
          plan: row,
          action,
          to: toSide,
          status: to,
          reason,
          actorName: actorName(actor),
          baseUrl,
        });
      }
    });
    return consolService.get(db, actor, consolNo);
  },
};

/** The approval preconditions of 001 §5: no pending amendment, a customer, a rate, the document, container data. */
async function assertApprovalReady(
  tx: DbOrTx,
  p: PlanRow,
  proposals: ProposalRow[],
  needContainers: boolean,
) {
  if (p.amended_at) throw new AppError(422, CONSOL_MSG.amendmentPending);
  if (!proposals.length) throw new AppError(422, CONSOL_MSG.noProposal);
  const details: TFieldError[] = [];
  if (!p.customer_party_id)
    details.push({ field: 'customer_party_id', msgKey: CONSOL_MSG.customerPartyRequired });
  proposals.forEach((x, i) => {
    if (!x.rate_id) details.push({ field: `proposals.${i}.rate_id`, msgKey: CONSOL_MSG.rateRequired });
  });
  const docType = requiredDocumentType(p.consol_type as TConsolType);
  if (!(await repo.hasDocument(tx, p.consol_no, docType)))
    details.push({ field: 'documents', msgKey: CONSOL_MSG.documentRequired, params: { type: docType } });
  if (needContainers) details.push(...containerFieldIssues(await repo.containers(tx, p.consol_id)));
  // OMS shipments must be fully allocated before the plan goes to the customer (001 §5).
  const facts = await repo.soFactsByPlan(tx, p.consol_id);
  if (facts.some((f) => f.shipment_type === 'OMS'))
    details.push(
      ...omsIssues(
        facts.map((f) => f.so_no),
        new Map(facts.map((f) => [f.so_no, f])),
        allocatedBySo(await repo.allocations(tx, p.consol_id)),
        true,
      ),
    );
  if (details.length) throw new AppError(422, details[0].msgKey, { params: details[0].params, details });
}

/** Prices the proposed sailings with the plan's container sizes (001 §5 Rates and sailings). */
async function priceProposals(tx: DbOrTx, p: PlanRow, input: NonNullable<TConsolActionBody['proposals']>) {
  const mix = (await repo.equipment(tx, p.consol_id)).map((e) => ({
    container_type: e.size_type,
    qty: e.qty,
  }));
  const details: TFieldError[] = [];
  const out: Parameters<typeof repo.replaceProposals>[2] = [];
  for (const [i, x] of input.entries()) {
    const s = await repo.activeSailing(tx, x.sailing_id);
    if (!s) {
      details.push({ field: `proposals.${i}.sailing_id`, msgKey: MSG.fieldInvalid });
      continue;
    }
    if (s.pol !== p.pol || s.pod !== p.pod) {
      details.push({ field: `proposals.${i}.sailing_id`, msgKey: CONSOL_MSG.sailingPortsMismatch });
      continue;
    }
    let rate: { rate_id: number; total_rate: string; currency: string | null } | undefined;
    if (x.rate_id) {
      const quoted = await rateRepository.quote(tx, {
        pol: p.pol,
        pod: p.pod,
        on_date: s.etd,
        containers: mix as TRateQuoteRequest['containers'],
      });
      const q = quoted.find((r) => r.rate_id === x.rate_id);
      if (!q) {
        details.push({ field: `proposals.${i}.rate_id`, msgKey: CONSOL_MSG.rateSizesMismatch });
        continue;
      }
      const [r] = await rateRepository.byIds(tx, [q.rate_id]);
      if (r?.carrier_code !== s.carrier_code) {
        details.push({
          field: `proposals.${i}.rate_id`,
          msgKey: CONSOL_MSG.rateCarrierMismatch,
          params: { carrier: s.carrier_code },
        });
        continue;
      }
      rate = { rate_id: q.rate_id, total_rate: q.total_rate, currency: r?.currency ?? null };
    }
    out.push({
      ...proposedSailing(s),
      rate_id: rate?.rate_id ?? null,
      currency: rate?.currency ?? null,
      total_rate: rate?.total_rate ?? null,
      remarks: x.remarks?.trim() || null,
    });
  }
  if (details.length) throw new AppError(422, details[0].msgKey, { details });
  return out;
}

/** The action's own rules and the plan columns it sets besides the status. */
async function stepOf(
  tx: Tx,
  actor: Actor,
  p: PlanRow,
  action: TConsolAction,
  body: TConsolActionBody,
): Promise<Partial<PlanRow>> {
  const proposals = await repo.proposals(tx, p.consol_id);
  switch (action) {
    case 'propose': {
      if (!body.proposals?.length) throw badRequest([{ field: 'proposals', msgKey: MSG.fieldRequired }]);
      if (!(await repo.planSos(tx, p.consol_id)).length) throw new AppError(422, CONSOL_MSG.soRequired);
      await repo.replaceProposals(
        tx,
        p.consol_id,
        await priceProposals(tx, p, body.proposals),
        actorName(actor),
      );
      return {};
    }
    case 'request_approval':
      await assertApprovalReady(tx, p, proposals, true);
      return {};
    case 'consol_advice': {
      if (proposals.length > 1)
        throw new AppError(422, CONSOL_MSG.adviceOneSailing, { params: { count: proposals.length } });
      await assertApprovalReady(tx, p, proposals, true);
      await repo.selectProposal(tx, p.consol_id, proposals[0].proposal_id);
      return { etd: proposals[0].etd };
    }
    case 'approve': {
      const chosen = body.proposal_id
        ? proposals.find((x) => x.proposal_id === body.proposal_id)
        : proposals.length === 1
          ? proposals[0]
          : undefined;
      if (!chosen)
        throw new AppError(422, CONSOL_MSG.proposalUnknown, {
          details: [{ field: 'proposal_id', msgKey: CONSOL_MSG.proposalUnknown }],
        });
      await assertApprovalReady(tx, p, [chosen], false);
      await repo.selectProposal(tx, p.consol_id, chosen.proposal_id);
      return { etd: chosen.etd };
    }
    case 'reject':
      await repo.selectProposal(tx, p.consol_id, -1);
      return {};
    case 'cancel': {
      // A plan whose master B/L is still live cannot go: the bill would point at a cancelled plan's SOs.
      const blocker = await planCancelBlocker(tx, p.consol_id);
      if (blocker) throw new AppError(409, CONSOL_MSG.cancelLiveMbl, { params: blocker });
      await repo.releaseSos(tx, p.consol_id);
      return { amended_at: null, fully_allocated: false };
    }
    case 'recover':
      return {};
    case 'accept_amendment': {
      if (!p.amended_at) throw new AppError(422, CONSOL_MSG.noAmendment);
      let soId: number | null = null;
      if (body.so_no) {
        const [f] = await repo.soFacts(tx, [body.so_no]);
        if (!f || f.in_consol_id !== p.consol_id)
          throw new AppError(422, CONSOL_MSG.soNotInPlan, { params: { so_no: body.so_no } });
        soId = f.so_id;
      }
      const still = await repo.clearAmendments(tx, p.consol_id, soId);
      // Accepting takes the SOs' new cargo: the allocation is re-measured against it.
      const facts = await repo.soFactsByPlan(tx, p.consol_id);
      const allocations = (await repo.allocations(tx, p.consol_id)).map((a) => ({ ...a }));
      return {
        amended_at: still ? p.amended_at : null,
        fully_allocated: isFullyAllocated(facts, allocations),
      };
    }
  }
}

/** Capacity rows (the reference table) as answered. */
export const presentCapacity = (c: CapacityRow) => ({
  size_type: c.size_type,
  iso_code: c.iso_code,
  description: c.description,
  capacity_cbm: c.capacity_cbm,
  max_payload_kg: c.max_payload_kg,
  source: c.source,
});

export const CONSOL_TYPE_NAMES = CONSOL_TYPES;
