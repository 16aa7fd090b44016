import {
  INVOICE_ACTIONS,
  INVOICE_CREATION_AGEING_DAYS,
  INVOICE_EDITABLE_STATUSES,
  INVOICE_MSG,
  INVOICE_READ_FUNC,
  INVOICE_STAGES,
  type InvoiceStageDef,
  invoiceAgeColour,
  invoiceTransition,
  isExternalProfile,
  MAX_EXPORT_ROWS,
  money,
  type TInvoiceActionRequest,
  type TInvoiceDraft,
  type TInvoiceInput,
  type TInvoiceListQuery,
  type TInvoiceType,
  type TListQuery,
} from '@portal/contracts';
import type { AppConfig } from '../../config';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, diffRows, listHistory, recordHistory } from '../../platform/audit/history';
import { historyActor } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx, Tx } from '../../platform/db/client';
import { AppError, forbidden, notFound, unprocessable } from '../../platform/errors/app-error';
import { assertExportSize } from '../../platform/export/excel';
import { idempotent } from '../../platform/http/idempotency';
import { rateOn } from '../exchange-rate';
import {
  type AllocatedNumber,
  numbersInUse,
  prepareNumber,
  SEQ_NUMBER_SKIPS_MAX,
  topUpFreeNumbers,
} from '../sequence';
import { presentInvoice } from './invoice.presenter';
import {
  type InvoiceInsert,
  type InvoiceLineRow,
  type InvoiceRow,
  invoiceRepository as repo,
} from './invoice.repository';
import { build, fail, searchTextOf } from './invoice-build';
import {
  type DerivedLog,
  refreshDerivedGrouped,
  rowVersionWanted,
  runInvoiceChangeHooks,
} from './invoice-change-hooks';
import { afterMove, beforeMove, hasAfterMoveHook } from './invoice-moves';
import { invoiceNumberLock } from './invoice-number.metrics';
import { printMoveValues } from './invoice-print.moves';
import { indexInvoices, indexNewInvoice, restatusIndexedInvoice } from './invoice-search.repository';
import { stageSql } from './invoice-stage.repository';
import { checkedStepOf, requireStepFields, runInvoiceStepChecks } from './invoice-step-checks';

export const INVOICE_ENTITY = 'invoice';
type InvoiceConfig = AppConfig['invoice'];

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Invoices are internal-only (docs/invoices.md): an external profile never reads one, whatever its role
 * holds; an internal one needs m_ar for receivables and m_ap for payables (002 §2).
 */
export function assertCanRead(actor: Actor, type: TInvoiceType | string) {
  if (isExternalProfile(actor.profile_type)) throw forbidden();
  if (!actor.funcs.has(INVOICE_READ_FUNC[type as TInvoiceType])) throw forbidden();
}

/** Whether the actor may read invoices at all (any side): charge codes, search. */
export function assertInvoiceUser(actor: Actor) {
  if (isExternalProfile(actor.profile_type)) throw forbidden();
  if (!actor.funcs.has('m_ar') && !actor.funcs.has('m_ap')) throw forbidden();
}

/** Fields prepare needs (002 §5 "where the flow needs them"): contracts' step table, checked on the stored row. */
async function requiredForPrepare(tx: DbOrTx, row: InvoiceRow) {
  const lines = await repo.lines(tx, row.inv_id);
  requireStepFields('prepare', { ...row, inv_type: row.inv_type as TInvoiceType, lines });
}

/** Header fields whose changes an edit records in the history. */
const TRACKED = [
  'kind',
  'account_code',
  'hbl_no',
  'mbl_no',
  'currency',
  'exchange_rate',
  'total_amount',
  'invoice_date',
  'gov_invoice_no',
  'sub_type',
  'ap_ref',
  'payment_ref',
  'group_no',
  'remarks',
  // An edit may change them too (the batch sub-type sets them; the money invariants' seed 20261127 found an
  // edit clearing the credit term without a word in the history).
  'with_credit_term',
  'tax_rate_code',
] as const;

/** A line's stored fields the history compares. */
const LINE_TRACKED = [
  'charge_code',
  'description',
  'reference',
  'job_no',
  'unit_price',
  'price_includes_tax',
  'quantity',
  'uom',
  'dr_cr',
  'tax_code',
  'tax_rate',
  'amount',
  'tax_amount',
  'total_amount',
] as const;

/** What an action writes besides the status (who and when; rejection reason; 002 §4 rollback). */
function actionValues(
  action: TInvoiceActionRequest['action'],
  by: string,
  reason: string | null,
): Partial<InvoiceInsert> {
  const now = new Date().toISOString();
  switch (action) {
    case 'prepare':
    case 'resubmit':
      return {
        prepared_by: by,
        prepared_at: now,
        reject_reason: null,
        approved_1_by: null,
        approved_1_at: null,
      };
    case 'unprepare':
      return { prepared_by: null, prepared_at: null };
    case 'approve_1':
      return { approved_1_by: by, approved_1_at: now };
    case 'approve_2':
      return { approved_2_by: by, approved_2_at: now };
    case 'reject_1':
    case 'reject_2':
      return { reject_reason: reason };
    default:
      // 002 §4: a rollback from Exported, Imported or Accounting Printed empties the government fields.
      return 'clearsGovernmentFields' in INVOICE_ACTIONS[action]
        ? { gov_invoice_no: null, invoice_date: null }
        : {};
  }
}

/** Invoice rules: create, edit, status moves, lists (002 §3–§6). */

export const invoiceService = {
  /** Everything the detail screen shows. */
  async load(db: DbOrTx, id: number) {
    const row = await repo.byId(db, id);
    if (!row) throw notFound();
    return invoiceService.withChildren(db, row);
  },

  /** An invoice row as just written (an update's `returning`) with its lines, jobs, cheque and parties. */
  async withChildren(db: DbOrTx, row: InvoiceRow) {
    const c = await repo.children(db, row.inv_id, row.party_id, row.issue_party_id);
    return { row, ...c };
  },

  async get(db: Db, actor: Actor, id: number) {
    const full = await invoiceService.load(db, id);
    assertCanRead(actor, full.row.inv_type);
    return full;
  },

  async history(db: Db, actor: Actor, id: number) {
    await invoiceService.get(db, actor, id);
    return listHistory(db, INVOICE_ENTITY, id);
  },

  /** A filled header for a new invoice of a job (newbyjob): nothing is saved. */
  async draftByJob(
    db: Db,
    config: InvoiceConfig,
    actor: Actor,
    o: { account_code: string; job_no: string; inv_type: TInvoiceType },
  ): Promise<TInvoiceDraft> {
    assertCanRead(actor, o.inv_type);
    const party = await repo.partyByCode(db, o.account_code);
    if (!party) throw notFound(INVOICE_MSG.accountNotFound);
    const orders = await repo.ordersOfJobs(db, [o.job_no]);
    if (!orders.length) throw notFound(INVOICE_MSG.jobNotFound);
    const office = orders[0].handling_office;
    const currency = party.bank_currency ?? config.baseCurrency;
    const rate = await rateOn(db, currency, config.baseCurrency, today()).catch(() => null);
    const officeCountry = await repo.officeCountry(db, office);
    return {
      inv_type: o.inv_type,
      kind: o.inv_type,
      account_code: party.party_code,
      account_name: party.full_name,
      job_nos: [o.job_no],
      so_nos: orders.map((x) => x.so_no),
      hbl_no: orders.find((x) => x.hbl_no)?.hbl_no ?? null,
      office_code: office,
      is_overseas: !!officeCountry && officeCountry !== party.country_code,
      sales_code: orders.find((x) => x.salesman)?.salesman ?? null,
      currency,
      base_currency: config.baseCurrency,
      exchange_rate: rate?.rate ?? null,
      etd: orders[0].etd,
    };
  },

  /**
   * Creates an invoice in New with its number from the sequence rules (INVOICE_AR / INVOICE_AP).
   *
   * The number is a free number of its rule and month (sequence.service takeConcurrent, issue 40): taking it
   * waits for no other create, and a rolled-back create puts it back for the next one. So it is taken first and
   * the rows are written with it (header, jobs, lines and cheque request in one statement), then the checks
   * (SOPMS, period close), the history and the search index rows; only the idempotency record and the commit
   * follow. The answer is built from what was written, not read back.
   *
   * The derived figures (GP, finance aggregates; invoice-change-hooks.ts) lock per job and aggregate rows
   * that every invoice of an office and day shares. With `derivedAfterCommit` they are left to the caller,
   * who runs `refreshDerivedGrouped` (invoice-change-hooks.ts) after the commit (the API does, before it answers); otherwise (seeds, tools)
   * they run here, before the number.
   */
  async create(
    tx: Tx,
    config: InvoiceConfig,
    actor: Actor,
    v: TInvoiceInput,
    opts: { derivedAfterCommit?: boolean } = {},
  ) {
    assertCanRead(actor, v.inv_type);
    const b = await build(tx, v, config);
    const by = actorName(actor);
    // A free number (sequence.service takeConcurrent, issue 40): taking it waits for no other create, so it is
    // taken first and the row is written with it (no provisional number to replace: that update re-indexed the
    // row in every invoice index); a rollback puts it back for the next create.
    const docType = v.inv_type === 'AR' ? 'INVOICE_AR' : 'INVOICE_AP';
    const takeNumber = await prepareNumber(tx, {
      docType,
      officeCode: b.header.office_code,
      concurrent: true,
    });
    const asked = performance.now();
    let allocated = await takeNumber();
    const numberTakenAt = performance.now();
    invoiceNumberLock.observe({ phase: 'wait' }, (numberTakenAt - asked) / 1000);
    // The row, its jobs, lines and cheque request in one statement; what the answer shows is built from what
    // was written (the stored row comes back), not read again. A number already used by an invoice the counter
    // did not number (imported, or numbered under another rule with the same format) writes nothing: that number
    // stays taken (it is in use: no gap) and the next one is tried, up to SEQ_NUMBER_SKIPS_MAX (sequence.service).
    let inserted: Awaited<ReturnType<typeof repo.insertWithChildren>>;
    for (let skipped = 0; ; skipped++) {
      inserted = await repo.insertWithChildren(
        tx,
        {
          ...b.header,
          invoice_no: allocated.number,
          status: 'NEW',
          search_text: searchTextOf(allocated.number, b),
          created_by: by,
          updated_by: by,
        },
        b,
      );
      if (inserted) break;
      if (skipped + 1 >= SEQ_NUMBER_SKIPS_MAX) throw numbersInUse(allocated.number);
      allocated = await takeNumber();
    }
    const { row, lineIds } = inserted;
    // SOPMS and other registered checks (invoice-step-checks.ts): a refusal rolls the create back.
    await runInvoiceStepChecks(tx, {
      actor,
      invId: row.inv_id,
      step: 'save',
      overrideReason: v.sopms_override_reason,
    });
    await recordHistory(tx, {
      entityType: INVOICE_ENTITY,
      entityId: row.inv_id,
      action: 'create',
      toStatus: 'NEW',
      actor: historyActor(actor),
    });
    if (!opts.derivedAfterCommit) await runInvoiceChangeHooks(tx, [row.inv_id]);
    // Its search index rows (written here, in the create's transaction).
    await indexNewInvoice(tx, { ...row, full_name: b.accountName });
    return {
      row,
      lines: b.lines.map(
        (l, i): InvoiceLineRow => ({
          ...l,
          id: lineIds[i],
          inv_id: row.inv_id,
          reference: l.reference ?? null,
          job_no: l.job_no ?? null,
          price_includes_tax: l.price_includes_tax ?? false,
          tax_code: l.tax_code ?? null,
          tax_rate: l.tax_rate ?? '0',
          settled_amount: '0',
        }),
      ),
      jobs: [...b.jobs]
        .sort((x, y) => (x.job_no < y.job_no ? -1 : x.job_no > y.job_no ? 1 : x.so_no < y.so_no ? -1 : 1))
        .map((j) => ({ ...j, inv_id: row.inv_id })),
      cheque: b.cheque
        ? {
            inv_id: row.inv_id,
            available_date: b.cheque.available_date ?? null,
            free_to_combine: b.cheque.free_to_combine ?? false,
            foreign_currency: b.cheque.foreign_currency ?? null,
            cheque_currency: b.cheque.cheque_currency ?? null,
            issued_to: b.cheque.issued_to ?? null,
          }
        : null,
      account: { party_code: b.header.account_code, full_name: b.accountName },
      issue: b.issueParty ?? undefined,
      /** performance.now() when the number was taken: the caller observes the hold at its commit. */
      numberTakenAt,
      /** The number's rule and period: the caller tops its free numbers up after the commit (topUpNumbers). */
      allocated,
    };
  },

  /**
   * POST /Invoice: `create` at most once per Idempotency-Key (`key`; a replay answers what the first call
   * answered and writes nothing). Once a new invoice is committed, the number's hold is observed, the GP and
   * finance figures follow before the answer (so the caller's next read sees them), and then free numbers are
   * topped up for the next creations of this rule and month (issue 40).
   */
  async createOnce(
    db: Db,
    config: InvoiceConfig,
    actor: Actor,
    v: TInvoiceInput,
    o: { key: string | null; log: DerivedLog },
  ) {
    // Set inside the transaction (the cast keeps TypeScript from narrowing it to undefined here).
    let created = undefined as
      | { id: number; numberTakenAt: number; allocated: { mst_seq_rule_id: number; period_key: string } }
      | undefined;
    const answer = await idempotent(
      db,
      { userUid: actor.user_uid, route: 'POST /Invoice', key: o.key, body: v },
      async (tx) => {
        const inv = await invoiceService.create(tx, config, actor, v, { derivedAfterCommit: true });
        created = { id: inv.row.inv_id, numberTakenAt: inv.numberTakenAt, allocated: inv.allocated };
        return { status: 201, body: presentInvoice(inv) };
      },
    );
    if (created && !answer.replayed) {
      invoiceNumberLock.observe({ phase: 'hold' }, (performance.now() - created.numberTakenAt) / 1000);
      // Never fails the committed create: a refresh's failures are logged inside, the sweep catches up.
      await refreshDerivedGrouped(db, created.id, o.log).catch((err) =>
        o.log.error(
          { err, invId: created?.id },
          'invoice derived figures not refreshed; the sweep will catch up',
        ),
      );
      await invoiceService.topUpNumbers(db, created.allocated, o.log);
    }
    return answer;
  },

  /**
   * After a create committed: keeps free numbers ready for the next creations of its rule and month
   * (sequence topUpFreeNumbers), so a burst of creations never locks the counter. A failure is logged only.
   */
  async topUpNumbers(
    db: Db,
    allocated: Pick<AllocatedNumber, 'mst_seq_rule_id' | 'period_key'>,
    log: { warn: (o: object, msg: string) => void },
  ) {
    try {
      await topUpFreeNumbers(db, allocated);
    } catch (err) {
      log.warn(
        { cause: (err as Error).message },
        'free invoice numbers not topped up; the next create allocates',
      );
    }
  },

  /** Saves an edit made on `version` (409 msgRecordNotLatest when someone saved since). */
  async update(
    db: Db,
    config: InvoiceConfig,
    actor: Actor,
    id: number,
    v: TInvoiceInput & { version: number },
  ) {
    return db.transaction(async (tx) => {
      const before = await repo.byId(tx, id, true);
      if (!before) throw notFound();
      assertCanRead(actor, before.inv_type);
      if (before.version !== v.version) throw new AppError(409, INVOICE_MSG.recordNotLatest);
      if (!INVOICE_EDITABLE_STATUSES.includes(before.status)) throw unprocessable(INVOICE_MSG.notEditable);
      if (v.inv_type !== before.inv_type) throw fail(INVOICE_MSG.kindWrongSide, 'inv_type');
      const b = await build(tx, v, config);
      const by = actorName(actor);
      const row = await repo.updateIfVersion(tx, id, v.version, {
        ...b.header,
        search_text: searchTextOf(before.invoice_no, b),
        updated_by: by,
      });
      if (!row) throw new AppError(409, INVOICE_MSG.recordNotLatest);
      const linesBefore = await repo.lines(tx, id);
      await repo.replaceChildren(tx, id, b);
      await runInvoiceStepChecks(tx, {
        actor,
        invId: id,
        step: 'save',
        overrideReason: v.sopms_override_reason,
      });
      // The stored header and lines before against after (issue 38: lines by position, `lines.0.amount`).
      const changes = {
        ...diffFields(before as Record<string, unknown>, row as Record<string, unknown>, [...TRACKED]),
        ...diffRows('lines', linesBefore, await repo.lines(tx, id), LINE_TRACKED),
      };
      await recordHistory(tx, {
        entityType: INVOICE_ENTITY,
        entityId: id,
        action: 'update',
        fromStatus: before.status,
        toStatus: row.status,
        changes,
        actor: historyActor(actor),
      });
      await indexInvoices(tx, [id]);
      await runInvoiceChangeHooks(tx, [id]);
      return invoiceService.load(tx, id);
    });
  },

  /**
   * One status move (002 §4) under a row lock: the right function (403 "You have no permission"), a move in
   * the transition table (422), the version read (409 "Change hasn't been saved..."), a reason where needed,
   * the fields the step needs; then the status, who/when, and the history entry.
   */
  async act(db: DbOrTx, actor: Actor, id: number, req: TInvoiceActionRequest) {
    return db.transaction(async (tx) => {
      const locked = await repo.lockForMove(tx, id);
      if (!locked) throw notFound();
      const { row } = locked;
      assertCanRead(actor, row.inv_type);
      const def = INVOICE_ACTIONS[req.action];
      if (!actor.funcs.has(def.funcId)) throw forbidden();
      // Someone else moved or saved it since it was read (a concurrent approval waits on the lock above).
      if (row.version !== req.version) throw new AppError(409, INVOICE_MSG.changeNotSaved);
      const to = def.built ? invoiceTransition(row.status, req.action, row.inv_type as TInvoiceType) : null;
      if (!to)
        throw new AppError(422, INVOICE_MSG.actionNotAllowed, {
          params: { action: req.action, status: row.status },
        });
      const reason = req.reason?.trim() || null;
      if (def.reason && !reason)
        throw unprocessable(INVOICE_MSG.reasonRequired, [
          { field: 'reason', msgKey: INVOICE_MSG.reasonRequired },
        ]);
      if (req.action === 'prepare' || req.action === 'resubmit') await requiredForPrepare(tx, row);
      // Print, release and accounting print: signatures, print log, printed_at (invoice-print.moves.ts).
      const printValues = await printMoveValues(tx, actor, row, req.action);
      // Checks and values of the moves after approval (export file, import fields; invoice-moves.ts).
      const moveValues = await beforeMove(tx, actor, row, req.action);
      // SOPMS on prepare and approvals (invoice-step-checks.ts), on the invoice as it stands.
      const step = checkedStepOf(req.action);
      if (step)
        await runInvoiceStepChecks(tx, { actor, invId: id, step, overrideReason: req.sopms_override_reason });
      const by = actorName(actor);
      // A move whose statuses leave a derived figure as it is, where that figure's hook carries its record across
      // (GP, finance): the row version before the move (invoice-change-hooks.ts InvoiceCarryHook), read with the lock.
      const rowVersionBefore = rowVersionWanted(row.status, to) ? locked.rowVersion : undefined;
      const updated = await repo.updateIfVersion(tx, id, req.version, {
        status: to,
        status_changed_at: new Date().toISOString(),
        ...actionValues(req.action, by, reason),
        ...printValues,
        ...moveValues,
        updated_by: by,
      });
      if (!updated) throw new AppError(409, INVOICE_MSG.changeNotSaved);
      await recordHistory(tx, {
        entityType: INVOICE_ENTITY,
        entityId: id,
        action: req.action,
        fromStatus: row.status,
        toStatus: to,
        reason,
        // What the move wrote besides the status (a rollback empties the government fields; an import sets them).
        changes: diffFields(row as Record<string, unknown>, updated as Record<string, unknown>, [...TRACKED]),
        actor: historyActor(actor),
      });
      // Reversal invoice, inter-account debit note (invoice-moves.ts), in this transaction.
      const touched = await afterMove(tx, actor, row, updated, req.action);
      // Nothing but this invoice written, by this move alone: the row it wrote is the invoice as it stands.
      const alone = !touched.length && !hasAfterMoveHook(req.action);
      if (!(alone && (await restatusIndexedInvoice(tx, row, updated))))
        await indexInvoices(tx, [id, ...touched]);
      // A move that touched no other invoice tells the hooks what it was: within the approval flow the GP and
      // finance figures stay as they are (invoice-change-hooks.ts APPROVAL_FLOW_STATUSES).
      await runInvoiceChangeHooks(
        tx,
        [id, ...touched],
        touched.length ? undefined : { from: row.status, to, rowVersionBefore },
      );
      return alone ? invoiceService.withChildren(tx, updated) : invoiceService.load(tx, id);
    });
  },

  /** The Search list (002 §2): only the sides the actor may read. */
  search(db: Db, actor: Actor, q: TInvoiceListQuery) {
    assertInvoiceUser(actor);
    const sides = (['AR', 'AP'] as const).filter((t) => actor.funcs.has(INVOICE_READ_FUNC[t]));
    const type = q.inv_type ?? (sides.length === 1 ? sides[0] : undefined);
    if (type && !sides.includes(type)) throw forbidden();
    return repo.page(db, { ...q, inv_type: type });
  },

  stageOf(type: TInvoiceType, name: string): InvoiceStageDef {
    const stage = INVOICE_STAGES[type].find((s) => s.name === name);
    if (!stage) throw notFound();
    return stage;
  },

  /** One stage list (apSearch/arSearch). */
  stageList(db: Db, actor: Actor, type: TInvoiceType, name: string, q: TListQuery) {
    if (isExternalProfile(actor.profile_type)) throw forbidden();
    const stage = invoiceService.stageOf(type, name);
    return { stage, page: repo.page(db, q, [stageSql(type, stage)]) };
  },

  /** Rows of the Search list or a stage list for an Excel export, refused beyond MAX_EXPORT_ROWS. */
  async exportRows(db: Db, actor: Actor, q: TInvoiceListQuery, stage?: { type: TInvoiceType; name: string }) {
    let extra: ReturnType<typeof stageSql>[] = [];
    let query: TInvoiceListQuery = q;
    if (stage) {
      if (isExternalProfile(actor.profile_type)) throw forbidden();
      extra = [stageSql(stage.type, invoiceService.stageOf(stage.type, stage.name))];
    } else {
      assertInvoiceUser(actor);
      const sides = (['AR', 'AP'] as const).filter((t) => actor.funcs.has(INVOICE_READ_FUNC[t]));
      query = { ...q, inv_type: q.inv_type ?? (sides.length === 1 ? sides[0] : undefined) };
      if (query.inv_type && !sides.includes(query.inv_type)) throw forbidden();
    }
    const rows = await repo.all(db, query, extra, MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    return rows;
  },

  /** P&L of the invoice's jobs (revenue AR, cost AP, net of tax, base currency). */
  async profit(db: Db, config: InvoiceConfig, actor: Actor, id: number) {
    const full = await invoiceService.get(db, actor, id);
    const jobs = [...new Set(full.jobs.map((j) => j.job_no))];
    const rows = await repo.jobProfit(db, jobs);
    return {
      base_currency: config.baseCurrency,
      jobs: jobs.map((job_no) => {
        const r = rows.find((x) => x.job_no === job_no);
        const revenue = money.round(r?.revenue ?? '0', config.baseCurrency);
        const cost = money.round(r?.cost ?? '0', config.baseCurrency);
        return { job_no, revenue, cost, profit: money.sub(revenue, cost), invoices: r?.invoices ?? 0 };
      }),
    };
  },

  /** Jobs with ETD passed and no invoice of the side yet (PendingCreation/Local, /Overseas), 002 §9 colours. */
  async pendingCreation(db: Db, actor: Actor, type: TInvoiceType, scope: 'Local' | 'Overseas') {
    if (isExternalProfile(actor.profile_type)) throw forbidden();
    const rows = await repo.pendingCreation(db, type, scope === 'Overseas', 500);
    const days = INVOICE_CREATION_AGEING_DAYS[type];
    return rows.map((r) => ({ ...r, age_colour: invoiceAgeColour(`${r.etd}T00:00:00Z`, days) }));
  },

  /** Dashboard cards: count, yellow and red of every stage of one side. */
  async dashboard(db: Db, actor: Actor, type: TInvoiceType) {
    assertCanRead(actor, type);
    const cards = await Promise.all(
      INVOICE_STAGES[type].map(async (s) => ({
        stage: s.name,
        ...(await repo.stageCounts(db, type, s)),
        ageing_days: s.ageing?.days ?? null,
      })),
    );
    return { inv_type: type, cards };
  },
};
