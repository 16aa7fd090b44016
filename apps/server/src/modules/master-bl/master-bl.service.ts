import {
  isExternalProfile,
  MBL_ACTION_EVENT,
  MBL_ACTIONS,
  MBL_EDITABLE,
  MBL_MSG,
  MBL_TRANSITIONS,
  MSG,
  type TFieldError,
  type TMasterBl,
  type TMblAction,
  type TMblActionBody,
  type TMblDraft,
  type TMblFields,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import {
  diffFields,
  diffRows,
  type FieldChanges,
  listHistory,
  recordHistory,
} from '../../platform/audit/history';
import type { Db, DbOrTx, Tx } from '../../platform/db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import { notifyMbl } from '../../platform/notify/notify';
import { allocateNumber } from '../sequence';
import { shippingInstructionsOf } from './master-bl.dcsa';
import { type MblRow, type MblSoFacts, mblRepository as repo } from './master-bl.repository';
import { reindexMbl } from './master-bl.search';

/** Entity type of master bills in the status history (entity id: the MBL#). */
export const MBL_ENTITY = 'master_bl';

const who = (a: Actor) => ({ uid: a.user_uid, name: actorName(a) });
const isoOut = (v: string) => new Date(v).toISOString();
const isInternal = (a: Actor) => !isExternalProfile(a.profile_type);
/** 001 §9: allocated versus entered GW or CBM may differ by at most 1. */
const TOLERANCE = '1';

async function mblOrThrow(db: DbOrTx, actor: Actor, mblNo: string, lock = false) {
  const m = await repo.byNo(db, actor, mblNo, lock);
  if (!m) throw notFound(MBL_MSG.notFound);
  return m;
}

const fail = (details: TFieldError[]) =>
  new AppError(422, details[0].msgKey, { params: details[0].params, details });

/** The fields a bill is saved with, from its row (the inverse of `checked`'s header). */
function fieldsOf(m: MblRow) {
  return {
    source: m.source as TMblFields['source'],
    handling_office: m.handling_office,
    carrier_mbl_no: m.carrier_mbl_no,
    mbl_type: m.mbl_type as TMblFields['mbl_type'],
    freight_term: m.freight_term as TMblFields['freight_term'],
    freight_currency: m.freight_currency,
    freight_amount: m.freight_amount,
    undg_no: m.undg_no,
    imdg_class: m.imdg_class,
    show_freight: m.show_freight,
    get_tel_fax: m.get_tel_fax,
    shipper_name: m.shipper_name,
    shipper_address: m.shipper_address,
    shipper_tel: m.shipper_tel,
    shipper_fax: m.shipper_fax,
    consignee_party_id: m.consignee_party_id,
    notify_party_id: m.notify_party_id,
    carrier_code: m.carrier_code,
    vessel_name: m.vessel_name,
    voyage: m.voyage,
    pol: m.pol,
    pod: m.pod,
    place_of_delivery: m.place_of_delivery,
    etd: m.etd,
    marks: m.marks,
    goods_description: m.goods_description,
  };
}

/** The stored state of a bill the history compares: its row, SO numbers and containers (in seq order). */
export interface MblState {
  row: MblRow;
  soNos: string[];
  containers: Awaited<ReturnType<typeof repo.containers>>;
}

/** A bill's stored state, read inside the write's transaction (before the write, and again after it). */
export async function mblState(tx: DbOrTx, row: MblRow): Promise<MblState> {
  const [soNos, containers] = await Promise.all([
    repo.soNos(tx, row.mbl_id),
    repo.containers(tx, row.mbl_id),
  ]);
  return { row, soNos, containers };
}

const MBL_AUDITED = Object.keys(fieldsOf({} as MblRow)) as (keyof ReturnType<typeof fieldsOf> & string)[];
const MBL_CONTAINER_AUDITED = [
  'size_type',
  'container_no',
  'seal_no',
  'package_qty',
  'gross_weight',
  'cbm',
] as const;

/**
 * What a write changed on a bill (issue 38: the audit trail records exactly the stored values that changed):
 * its fields, its SO list (as one text) and main SO, and each container's fields by position
 * (`containers.0.seal_no`), old → new, through the one diff of platform/audit.
 */
export async function mblChanges(tx: DbOrTx, before: MblState, after: MblState): Promise<FieldChanges> {
  const mainSo = async (s: MblState) => (s.row.main_so_id ? repo.soNoOfId(tx, s.row.main_so_id) : null);
  const [mainBefore, mainAfter] =
    before.row.main_so_id === after.row.main_so_id
      ? [null, null]
      : await Promise.all([mainSo(before), mainSo(after)]);
  return {
    ...diffFields(fieldsOf(before.row), fieldsOf(after.row), MBL_AUDITED),
    ...diffFields({ so_nos: before.soNos.join(', ') }, { so_nos: after.soNos.join(', ') }),
    ...diffFields({ main_so_no: mainBefore }, { main_so_no: mainAfter }),
    ...diffRows('containers', before.containers, after.containers, MBL_CONTAINER_AUDITED),
  };
}

/** Answers a bill: its fields, SOs (house bills), containers, totals and the actions allowed now. */
export async function presentMbl(db: DbOrTx, actor: Actor, m: MblRow): Promise<TMasterBl> {
  const soNos = await repo.soNos(db, m.mbl_id);
  const [facts, containers, totals, parties, mainSo, consolNo] = await Promise.all([
    repo.soFacts(db, soNos),
    repo.containers(db, m.mbl_id),
    repo.totals(db, soNos),
    repo.parties(db, [m.consignee_party_id, m.notify_party_id]),
    repo.soNoOfId(db, m.main_so_id),
    repo.consolNoOfId(db, m.consol_id),
  ]);
  const order = new Map(soNos.map((n, i) => [n, i]));
  facts.sort((a, b) => (order.get(a.so_no) ?? 0) - (order.get(b.so_no) ?? 0));
  const partyOut = (id: number | null) => {
    const p = id ? parties.get(id) : undefined;
    return p ? { party_id: p.party_id, party_code: p.party_code, name: p.full_name } : null;
  };
  const internal = isInternal(actor);
  const status = m.status;
  return {
    ...fieldsOf(m),
    mbl_no: m.mbl_no,
    consol_no: consolNo,
    so_nos: soNos,
    main_so_no: mainSo ?? '',
    status,
    status_changed_at: isoOut(m.status_changed_at),
    consignee: partyOut(m.consignee_party_id),
    notify: partyOut(m.notify_party_id),
    containers: containers.map((c) => ({
      seq: c.seq,
      size_type: c.size_type as TMblFields['containers'][number]['size_type'],
      container_no: c.container_no,
      seal_no: c.seal_no,
      package_qty: c.package_qty,
      gross_weight: c.gross_weight,
      cbm: c.cbm,
    })),
    sos: facts.map((f) => ({
      so_no: f.so_no,
      hbl_no: f.hbl_no,
      po_no: f.po_no,
      shipper_name: f.shipper_name,
      consignee_name: f.consignee_name,
      package_qty: f.package_qty ?? 0,
      package_unit: f.package_unit,
      gross_weight: f.gross_weight ?? '0',
      cbm: f.cbm ?? '0',
    })),
    totals: { ...totals, package_unit: totals.package_unit ?? 'PACKAGES' },
    allowed_actions: internal ? (Object.keys(MBL_TRANSITIONS[status]) as TMblAction[]) : [],
    editable: internal && MBL_EDITABLE.includes(status),
    version: m.version,
    created_at: isoOut(m.created_at),
    created_by: m.created_by,
    updated_at: isoOut(m.updated_at),
    updated_by: m.updated_by,
  };
}

/** Dangerous goods: UN number 4 digits, IMDG class 1-9 with an optional division; both or neither. */
export function dgIssues(v: Pick<TMblFields, 'undg_no' | 'imdg_class'>): TFieldError[] {
  const out: TFieldError[] = [];
  if (v.undg_no && !/^\d{4}$/.test(v.undg_no)) out.push({ field: 'undg_no', msgKey: MBL_MSG.undgInvalid });
  if (v.imdg_class && !/^[1-9](\.[1-6])?$/.test(v.imdg_class))
    out.push({ field: 'imdg_class', msgKey: MBL_MSG.imdgInvalid });
  if (!!v.undg_no !== !!v.imdg_class)
    out.push({ field: v.undg_no ? 'imdg_class' : 'undg_no', msgKey: MBL_MSG.dgIncomplete });
  return out;
}

/**
 * Checks a bill against every save rule (422 with all field errors; nothing saved) and answers what to
 * store: the SOs come from the plan (source CONSOL) or the list (FCL).
 */
async function checked(tx: DbOrTx, actor: Actor, v: TMblFields, mblId: number | null, keepConsolId?: number) {
  const details: TFieldError[] = [];
  let soNos = [...new Set(v.so_nos)];
  let consolId: number | null = null;
  if (v.source === 'CONSOL') {
    if (!v.consol_no) throw fail([{ field: 'consol_no', msgKey: MBL_MSG.consolRequired }]);
    // Only internal users create and edit bills (checked by the callers), and they see every plan.
    const plan = await repo.consolFacts(tx, v.consol_no, null);
    if (!plan) throw fail([{ field: 'consol_no', msgKey: 'msgConsolNotFound' }]);
    consolId = plan.consol_id;
    if (keepConsolId !== plan.consol_id) {
      if (plan.status !== 'APPROVED' && plan.status !== 'CONSOL_ADVICE')
        details.push({
          field: 'consol_no',
          msgKey: MBL_MSG.consolNotApproved,
          params: { status: plan.status },
        });
      if (plan.live_mbl_no)
        details.push({
          field: 'consol_no',
          msgKey: MBL_MSG.consolHasMbl,
          params: { mbl_no: plan.live_mbl_no },
        });
    }
    const planSos = await repo.consolSoNos(tx, plan.consol_id);
    soNos.forEach((n, i) => {
      if (!planSos.includes(n))
        details.push({ field: `so_nos.${i}`, msgKey: MBL_MSG.soNotInConsol, params: { so_no: n } });
    });
    soNos = planSos;
  }
  if (!soNos.length) details.push({ field: 'so_nos', msgKey: MSG.fieldRequired });
  const [facts, visible] = await Promise.all([
    repo.soFacts(tx, soNos, mblId),
    repo.visibleSoNos(tx, actor, soNos),
  ]);
  const byNo = new Map(facts.map((f) => [f.so_no, f]));
  const soIssues = (f: MblSoFacts | undefined, n: string, i: number) => {
    const field = `so_nos.${i}`;
    if (!f || !visible.has(n)) return [{ field, msgKey: MBL_MSG.soNotFound, params: { so_no: n } }];
    const out: TFieldError[] = [];
    if (f.status !== 'CONFIRMED' && f.status !== 'RECOVERED')
      out.push({ field, msgKey: MBL_MSG.soNotConfirmed, params: { so_no: n, status: f.status } });
    if (v.source === 'FCL' && f.service_type !== 'FCL')
      out.push({ field, msgKey: MBL_MSG.soNotFcl, params: { so_no: n } });
    for (const k of ['pol', 'pod'] as const) {
      if (f[k] !== v[k])
        out.push({ field, msgKey: MBL_MSG.soFieldMismatch, params: { so_no: n, field: k, value: f[k] } });
    }
    // An FCL bill is the carrier's bill for those SOs' containers: the SOs must sail with that carrier.
    if (v.source === 'FCL' && f.carrier_code && f.carrier_code !== v.carrier_code)
      out.push({
        field,
        msgKey: MBL_MSG.soFieldMismatch,
        params: { so_no: n, field: 'carrier_code', value: f.carrier_code },
      });
    if (f.in_mbl_no)
      out.push({ field, msgKey: MBL_MSG.soInOtherMbl, params: { so_no: n, mbl_no: f.in_mbl_no } });
    return out;
  };
  soNos.forEach((n, i) => {
    details.push(...soIssues(byNo.get(n), n, i));
  });
  if (!soNos.includes(v.main_so_no))
    details.push({ field: 'main_so_no', msgKey: MBL_MSG.mainSoNotIncluded, params: { so_no: v.main_so_no } });
  details.push(...dgIssues(v));
  if ((v.freight_amount === null) !== (v.freight_currency === null))
    details.push({ field: 'freight_amount', msgKey: MBL_MSG.freightAmountCurrency });
  const parties = await repo.parties(tx, [v.consignee_party_id, v.notify_party_id]);
  if (!parties.has(v.consignee_party_id))
    details.push({ field: 'consignee_party_id', msgKey: MBL_MSG.partyUnknown });
  if (v.notify_party_id && !parties.has(v.notify_party_id))
    details.push({ field: 'notify_party_id', msgKey: MBL_MSG.partyUnknown });
  if (v.carrier_mbl_no) {
    const taken = await repo.carrierNoTaken(tx, v.carrier_code, v.carrier_mbl_no, mblId);
    if (taken)
      details.push({
        field: 'carrier_mbl_no',
        msgKey: MBL_MSG.carrierNoDuplicate,
        params: { mbl_no: taken },
      });
  }
  const seen = new Map<string, number>();
  v.containers.forEach((c, i) => {
    if (!c.container_no) return;
    if (seen.has(c.container_no))
      details.push({ field: `containers.${i}.container_no`, msgKey: MBL_MSG.containerNoDuplicate });
    seen.set(c.container_no, i);
  });
  if (soNos.length && details.length === 0) {
    const totals = await repo.totals(tx, soNos);
    const pk = v.containers.reduce((s, c) => s + c.package_qty, 0);
    const [kg, cbm] = await Promise.all([
      repo.sumDecimals(
        tx,
        v.containers.map((c) => c.gross_weight),
      ),
      repo.sumDecimals(
        tx,
        v.containers.map((c) => c.cbm),
      ),
    ]);
    const [kgOk, cbmOk] = await Promise.all([
      repo.withinTolerance(tx, kg, totals.gross_weight, TOLERANCE),
      repo.withinTolerance(tx, cbm, totals.cbm, TOLERANCE),
    ]);
    const mismatch = (field: string, ours: string | number, sos: string | number) =>
      details.push({ field, msgKey: MBL_MSG.containerTotalsMismatch, params: { containers: ours, sos } });
    if (pk !== totals.package_qty) mismatch('containers', pk, totals.package_qty);
    else if (!kgOk) mismatch('containers', kg, totals.gross_weight);
    else if (!cbmOk) mismatch('containers', cbm, totals.cbm);
  }
  if (details.length) throw fail(details);
  const mainId = byNo.get(v.main_so_no)?.so_id as number;
  return {
    header: {
      ...headerOf(v),
      source: v.source,
      consol_id: consolId,
      main_so_id: mainId,
    },
    soIds: soNos.map((n) => byNo.get(n)?.so_id as number),
    containers: v.containers.map((c) => ({
      seq: c.seq,
      size_type: c.size_type,
      container_no: c.container_no,
      seal_no: c.seal_no,
      package_qty: c.package_qty,
      gross_weight: c.gross_weight,
      cbm: c.cbm,
    })),
  };
}

function headerOf(v: TMblFields) {
  return {
    handling_office: v.handling_office,
    carrier_mbl_no: v.carrier_mbl_no,
    mbl_type: v.mbl_type,
    freight_term: v.freight_term,
    freight_currency: v.freight_currency,
    freight_amount: v.freight_amount,
    undg_no: v.undg_no,
    imdg_class: v.imdg_class,
    show_freight: v.show_freight,
    get_tel_fax: v.get_tel_fax,
    shipper_name: v.shipper_name,
    shipper_address: v.shipper_address,
    shipper_tel: v.shipper_tel,
    shipper_fax: v.shipper_fax,
    consignee_party_id: v.consignee_party_id,
    notify_party_id: v.notify_party_id,
    carrier_code: v.carrier_code,
    vessel_name: v.vessel_name,
    voyage: v.voyage,
    pol: v.pol,
    pod: v.pod,
    place_of_delivery: v.place_of_delivery,
    etd: v.etd,
    marks: v.marks,
    goods_description: v.goods_description,
  };
}

/** Joins texts of the SOs (marks, goods) without repeating the same text. */
const joinDistinct = (values: (string | null)[]) =>
  [...new Set(values.map((x) => x?.trim()).filter((x): x is string => !!x))].join('\n');

/** Master bills: draft, create, edit, read, history and actions. */
export const mblService = {
  async get(db: DbOrTx, actor: Actor, mblNo: string) {
    return presentMbl(db, actor, await mblOrThrow(db, actor, mblNo));
  },

  /** The bill's DCSA Shipping Instructions (eBL 3.0), validated, with its MBL# for the file name. */
  async shippingInstructions(db: DbOrTx, actor: Actor, mblNo: string) {
    const m = await mblOrThrow(db, actor, mblNo);
    const bl = await presentMbl(db, actor, m);
    return { mbl_no: bl.mbl_no, si: await shippingInstructionsOf(db, m, bl) };
  },
  async history(db: DbOrTx, actor: Actor, mblNo: string) {
    await mblOrThrow(db, actor, mblNo);
    return listHistory(db, MBL_ENTITY, mblNo);
  },

  /**
   * A new bill prefilled from an approved plan (its SOs, containers with the allocated cargo, the selected
   * sailing and its price) or from FCL shipping orders (their container lines and sailing). Not saved.
   */
  async draft(db: DbOrTx, actor: Actor, q: { consol_no?: string; so_nos?: string }): Promise<TMblDraft> {
    let soNos: string[] = [];
    let containers: TMblDraft['containers'] = [];
    let plan: Awaited<ReturnType<typeof repo.consolFacts>> | undefined;
    if (!isInternal(actor)) throw forbidden(MSG.noPermission);
    if (q.consol_no) {
      plan = await repo.consolFacts(db, q.consol_no, null);
      if (!plan) throw notFound('msgConsolNotFound');
      soNos = await repo.consolSoNos(db, plan.consol_id);
      containers = (await repo.consolContainers(db, plan.consol_id)).map((c) => ({
        ...c,
        size_type: c.size_type as TMblFields['containers'][number]['size_type'],
      }));
    } else {
      soNos = [
        ...new Set(
          (q.so_nos ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      const lines = await repo.soContainerLines(db, soNos);
      containers = lines.map((l, i) => ({
        seq: i + 1,
        size_type: l.size_type as TMblFields['containers'][number]['size_type'],
        container_no: l.container_no,
        seal_no: l.seal_no,
        package_qty: l.package_qty ?? 0,
        gross_weight: l.gross_weight ?? '0',
        cbm: l.cbm ?? '0',
      }));
    }
    const visible = await repo.visibleSoNos(db, actor, soNos);
    const facts = (await repo.soFacts(db, soNos)).filter((f) => visible.has(f.so_no));
    if (!facts.length && !plan) throw notFound(MBL_MSG.soNotFound);
    const order = new Map(soNos.map((n, i) => [n, i]));
    facts.sort((a, b) => (order.get(a.so_no) ?? 0) - (order.get(b.so_no) ?? 0));
    const main = facts[0];
    const office = plan?.handling_office ?? main?.handling_office ?? '';
    const officeRow = office ? await repo.office(db, office) : undefined;
    // The destination agent: the plan's customer when it is an agent plan, else the SO's agent.
    const agentId =
      (plan && (plan.consol_type === 'AGENT' || plan.consol_type === 'LCL_COLOAD')
        ? plan.customer_party_id
        : null) ??
      main?.release_agent_id ??
      main?.nomination_agent_id ??
      main?.consignee_id ??
      null;
    const dg = facts.find((f) => f.un_no);
    return {
      source: plan ? 'CONSOL' : 'FCL',
      consol_no: plan?.consol_no ?? null,
      so_nos: facts.map((f) => f.so_no),
      main_so_no: main?.so_no ?? '',
      handling_office: office,
      carrier_mbl_no: null,
      mbl_type: 'ORIGINAL',
      freight_term: (main?.freight_term as TMblFields['freight_term']) ?? 'PREPAID',
      freight_currency: plan?.total_rate ? plan.currency : null,
      freight_amount: plan?.total_rate ? Number(plan.total_rate).toFixed(2) : null,
      undg_no: dg?.un_no ?? null,
      imdg_class: null,
      show_freight: false,
      get_tel_fax: false,
      shipper_name: officeRow?.full_name ?? office,
      shipper_address: officeRow ? officeRow.country_code : null,
      shipper_tel: null,
      shipper_fax: null,
      consignee_party_id: agentId as number,
      notify_party_id: null,
      carrier_code: plan?.carrier_code ?? main?.carrier_code ?? '',
      vessel_name: plan?.vessel_name ?? main?.vessel_name ?? '',
      voyage: plan?.voyage ?? main?.voyage ?? '',
      pol: plan?.pol ?? main?.pol ?? '',
      pod: plan?.pod ?? main?.pod ?? '',
      place_of_delivery: main?.pld ?? null,
      etd: plan?.proposal_etd ?? plan?.etd ?? main?.etd ?? null,
      marks: joinDistinct(facts.map((f) => f.marks)) || null,
      goods_description: joinDistinct(facts.map((f) => f.goods_description)) || null,
      containers,
    };
  },

  /** A new bill (DRAFT); MBL# from the MBL sequence rule of the handling office. */
  async create(tx: Tx, actor: Actor, v: TMblFields): Promise<TMasterBl> {
    if (!isInternal(actor)) throw forbidden(MSG.noPermission);
    const c = await checked(tx, actor, v, null);
    const inUse = (n: string) => repo.numberInUse(tx, n);
    const { number } = await allocateNumber(tx, { docType: 'MBL', officeCode: v.handling_office, inUse });
    const row = await repo.insert(tx, {
      ...c.header,
      mbl_no: number,
      status: 'DRAFT',
      created_by: actorName(actor),
      updated_by: actorName(actor),
    });
    await repo.replaceChildren(tx, row.mbl_id, c.soIds, c.containers);
    await recordHistory(tx, {
      entityType: MBL_ENTITY,
      entityId: number,
      action: 'create',
      toStatus: 'DRAFT',
      actor: who(actor),
    });
    await reindexMbl(tx, row.mbl_id);
    await notifyMbl(tx, MBL_ACTION_EVENT.create, row, actor.user_uid);
    return presentMbl(tx, actor, row);
  },

  /** Saves an edit made on `version` (409 when stale; 422 when not a draft). */
  async update(tx: Tx, actor: Actor, mblNo: string, input: TMblFields & { version: number }) {
    const { version, ...v } = input;
    if (!isInternal(actor)) throw forbidden(MSG.noPermission);
    const before = await mblOrThrow(tx, actor, mblNo, true);
    if (before.version !== version) throw conflict();
    if (!MBL_EDITABLE.includes(before.status))
      throw new AppError(422, MBL_MSG.notEditable, { params: { status: before.status } });
    const c = await checked(tx, actor, v, before.mbl_id, before.consol_id ?? undefined);
    const was = await mblState(tx, before);
    const row = await repo.updateIfVersion(tx, before.mbl_id, version, {
      ...c.header,
      updated_by: actorName(actor),
    });
    if (!row) throw conflict();
    await repo.replaceChildren(tx, row.mbl_id, c.soIds, c.containers);
    const changes = await mblChanges(tx, was, await mblState(tx, row));
    await recordHistory(tx, {
      entityType: MBL_ENTITY,
      entityId: mblNo,
      action: 'update',
      fromStatus: before.status,
      toStatus: before.status,
      changes,
      actor: who(actor),
    });
    await reindexMbl(tx, row.mbl_id);
    return presentMbl(tx, actor, row);
  },

  /**
   * Takes `action`: visible (404) → internal (403) → version (409) → MBL_TRANSITIONS (422) → reason (400) →
   * the action's rules (422); the move, its history entry and the search index in one transaction.
   */
  async act(db: Db, actor: Actor, mblNo: string, action: TMblAction, body: TMblActionBody) {
    await db.transaction(async (tx) => {
      const m = await mblOrThrow(tx, actor, mblNo, true);
      if (!isInternal(actor)) throw forbidden(MSG.noPermission);
      if (m.version !== body.version) throw conflict();
      const from = m.status;
      const to = MBL_TRANSITIONS[from][action];
      if (!to) throw new AppError(422, MBL_MSG.actionNotAllowed, { params: { action, status: from } });
      const reason = body.reason?.trim() || null;
      if (MBL_ACTIONS[action].reason && !reason)
        throw badRequest([{ field: 'reason', msgKey: MBL_MSG.reasonRequired }], MBL_MSG.reasonRequired);
      if (action === 'issue') {
        const details: TFieldError[] = [];
        if (!m.carrier_mbl_no) details.push({ field: 'carrier_mbl_no', msgKey: MBL_MSG.carrierNoRequired });
        (await repo.containers(tx, m.mbl_id)).forEach((c, i) => {
          if (!c.container_no || !c.seal_no)
            details.push({ field: `containers.${i}.container_no`, msgKey: MBL_MSG.containerFieldsRequired });
        });
        if (details.length) throw fail(details);
      }
      if (action === 'cancel') await repo.setSosLive(tx, m.mbl_id, false);
      if (action === 'recover') {
        // The SOs come back only if no other live bill took them meanwhile (and the plan has no other bill).
        const soNos = await repo.soNos(tx, m.mbl_id);
        const taken = (await repo.soFacts(tx, soNos, m.mbl_id)).filter((f) => f.in_mbl_no);
        if (taken.length)
          throw fail(
            taken.map((f) => ({
              field: `so_nos.${soNos.indexOf(f.so_no)}`,
              msgKey: MBL_MSG.soInOtherMbl,
              params: { so_no: f.so_no, mbl_no: f.in_mbl_no ?? '' },
            })),
          );
        if (m.consol_id) {
          const consolNo = await repo.consolNoOfId(tx, m.consol_id);
          const plan = consolNo ? await repo.consolFacts(tx, consolNo, null) : undefined;
          if (plan?.live_mbl_no)
            throw fail([
              { field: 'consol_no', msgKey: MBL_MSG.consolHasMbl, params: { mbl_no: plan.live_mbl_no } },
            ]);
        }
        await repo.setSosLive(tx, m.mbl_id, true);
      }
      const row = await repo.updateIfVersion(tx, m.mbl_id, m.version, {
        status: to,
        status_changed_at: new Date().toISOString(),
        status_reason: reason,
        updated_by: actorName(actor),
      });
      if (!row) throw conflict();
      await recordHistory(tx, {
        entityType: MBL_ENTITY,
        entityId: mblNo,
        action,
        fromStatus: from,
        toStatus: to,
        reason,
        actor: who(actor),
      });
      await reindexMbl(tx, m.mbl_id);
      await notifyMbl(tx, MBL_ACTION_EVENT[action], row, actor.user_uid);
    });
    return mblService.get(db, actor, mblNo);
  },
};
