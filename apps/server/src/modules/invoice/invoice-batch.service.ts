import {
  EXPORT_MOVES,
  IMPORT_MOVES,
  INVOICE_BATCH_MSG,
  INVOICE_MSG,
  INVOICE_TRANSITIONS,
  JOB_INVOICING_STATES,
  money,
  REF_LOCKED_STATUSES,
  SUB_TYPE_EDITABLE_STATUSES,
  type TInvoiceAction,
  type TInvoiceStatus,
  type ZAccountingExportRequest,
  type ZApRefFromDocumentsRequest,
  type ZBatchApRefRequest,
  type ZBatchPaymentRefRequest,
  type ZBatchStatusRequest,
  type ZBatchSubTypeRequest,
  type ZImportDocumentRequest,
  type ZInvoiceGroupRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, recordHistory } from '../../platform/audit/history';
import { historyActor } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx, Tx } from '../../platform/db/client';
import { AppError, forbidden, notFound, unprocessable } from '../../platform/errors/app-error';
import type { FileStore } from '../../platform/files/file-store';
import { type InvoiceInsert, type InvoiceRow, invoiceRepository as repo } from './invoice.repository';
import { assertCanRead, INVOICE_ENTITY, invoiceService } from './invoice.service';
import { documentText, findApRef } from './invoice-ap-ref';
import { invoiceBatchRepository as batchRepo, type InvoiceGroupRow } from './invoice-batch.repository';
import { runInvoiceChangeHooks } from './invoice-change-hooks';
import { createExportBatch } from './invoice-export.service';
import { assertInvoicePeriodsOpen, createInterAccountDn } from './invoice-moves';
import { indexInvoices } from './invoice-search.repository';
import { runInvoiceImportChecks } from './invoice-step-checks';

/** A stored file's bytes (documents are small: the upload limit applies). */
async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(chunks);
}

type In<T extends z.ZodType> = z.output<T>;
interface Item {
  inv_id: number;
  version: number;
}

const wrongStatus = (r: InvoiceRow) =>
  new AppError(422, INVOICE_BATCH_MSG.batchWrongStatus, {
    params: { invoiceNo: r.invoice_no, status: r.status },
  });

/** The move a batch takes from the row's status (EXPORT_MOVES, IMPORT_MOVES) and the status it leads to. */
const batchMove = (r: InvoiceRow, moves: Partial<Record<TInvoiceStatus, TInvoiceAction>>) => {
  const action = moves[r.status];
  const to = action && INVOICE_TRANSITIONS[r.status][action];
  if (!action || !to) throw wrongStatus(r);
  return { action, to };
};

/**
 * Locks the batch's invoices (id order), refuses duplicates, unknown ids, a side the actor may not read
 * and a version that is no longer the one the user read (409 "Record not latest": nothing is saved).
 */
async function lockBatch(tx: Tx, actor: Actor, items: Item[]) {
  const ids = items.map((i) => i.inv_id);
  if (new Set(ids).size !== ids.length) throw unprocessable(INVOICE_BATCH_MSG.batchDuplicate);
  const rows = await batchRepo.lockMany(tx, ids);
  if (rows.length !== ids.length) throw notFound();
  for (const r of rows) {
    assertCanRead(actor, r.inv_type);
    const item = items.find((i) => i.inv_id === r.inv_id);
    if (item?.version !== r.version)
      throw new AppError(409, INVOICE_MSG.recordNotLatest, { params: { invoiceNo: r.invoice_no } });
  }
  return rows;
}

/** Writes one invoice of a batch (version checked again) and its history entry. */
async function write(
  tx: Tx,
  actor: Actor,
  row: InvoiceRow,
  values: Partial<InvoiceInsert>,
  history: {
    action: string;
    to?: TInvoiceStatus;
    reason?: string | null;
    track?: (keyof InvoiceRow & string)[];
  },
) {
  const updated = await repo.updateIfVersion(tx, row.inv_id, row.version, {
    ...values,
    ...(history.to ? { status: history.to, status_changed_at: new Date().toISOString() } : {}),
    updated_by: actorName(actor),
  });
  if (!updated) throw new AppError(409, INVOICE_MSG.recordNotLatest);
  await recordHistory(tx, {
    entityType: INVOICE_ENTITY,
    entityId: row.inv_id,
    action: history.action,
    fromStatus: row.status,
    toStatus: updated.status,
    reason: history.reason ?? null,
    changes: history.track
      ? diffFields(row as Record<string, unknown>, updated as Record<string, unknown>, history.track)
      : null,
    actor: historyActor(actor),
  });
  return updated;
}

const result = (
  rows: InvoiceRow[],
  warnings: { inv_id: number | null; file_name: string | null; msgKey: string }[] = [],
) => ({
  count: rows.length,
  rows: rows.map((r) => ({
    inv_id: r.inv_id,
    invoice_no: r.invoice_no,
    version: r.version,
    status: r.status,
  })),
  warnings,
});

/** Search text with a changed number (AP ref, payment ref, group no., government no.) appended once. */
const withSearch = (r: InvoiceRow, ...values: (string | null | undefined)[]) => {
  const extra = values.filter((v): v is string => !!v && !r.search_text.includes(v.toLowerCase()));
  return extra.length ? `${r.search_text} ${extra.join(' ')}`.toLowerCase() : r.search_text;
};

const requireFunc = (actor: Actor, funcId: string) => {
  if (!actor.funcs.has(funcId)) throw forbidden();
};

/** Batch modals, accounting export, import document, grouping and job lists (002 §2). */
export const invoiceBatchService = {
  /** Batch update AP Ref (payables only; not on deleted or closed invoices). */
  async apRef(db: Db, actor: Actor, req: In<typeof ZBatchApRefRequest>) {
    return db.transaction(async (tx) => {
      const rows = await lockBatch(tx, actor, req.rows);
      const out: InvoiceRow[] = [];
      for (const r of rows) {
        if (r.inv_type !== 'AP') throw unprocessable(INVOICE_BATCH_MSG.apRefPayableOnly);
        if ((REF_LOCKED_STATUSES as readonly string[]).includes(r.status)) throw wrongStatus(r);
        const ap_ref = req.rows.find((x) => x.inv_id === r.inv_id)?.ap_ref ?? null;
        out.push(
          await write(
            tx,
            actor,
            r,
            { ap_ref, search_text: withSearch(r, ap_ref) },
            { action: 'batch_ap_ref', track: ['ap_ref'] },
          ),
        );
      }
      await indexInvoices(
        tx,
        rows.map((r) => r.inv_id),
      );
      return result(out);
    });
  },

  /**
   * Batch upload document (002 §2): the AP ref of each payable from the text of its latest uploaded
   * document; an invoice whose document gives none keeps its AP ref and gets a msgApRefNotRecognised
   * warning ("update it manually").
   */
  async apRefFromDocuments(
    db: Db,
    store: FileStore,
    actor: Actor,
    req: In<typeof ZApRefFromDocumentsRequest>,
  ) {
    return db.transaction(async (tx) => {
      const rows = await lockBatch(tx, actor, req.rows);
      const out: InvoiceRow[] = [];
      const warnings: { inv_id: number | null; file_name: string | null; msgKey: string }[] = [];
      for (const r of rows) {
        if (r.inv_type !== 'AP') throw unprocessable(INVOICE_BATCH_MSG.apRefPayableOnly);
        if ((REF_LOCKED_STATUSES as readonly string[]).includes(r.status)) throw wrongStatus(r);
        const doc = await batchRepo.latestDocument(tx, r.inv_id);
        const ref = doc
          ? findApRef(documentText(await readAll(store.read(doc.sha256)), doc.content_type))
          : null;
        if (!ref) {
          warnings.push({
            inv_id: r.inv_id,
            file_name: doc?.file_name ?? null,
            msgKey: INVOICE_BATCH_MSG.apRefNotRecognised,
          });
          continue;
        }
        out.push(
          await write(
            tx,
            actor,
            r,
            { ap_ref: ref, search_text: withSearch(r, ref) },
            {
              action: 'ap_ref_from_document',
              reason: doc?.file_name,
              track: ['ap_ref'],
            },
          ),
        );
      }
      await indexInvoices(
        tx,
        rows.map((r) => r.inv_id),
      );
      return result(out, warnings);
    });
  },

  /** Batch update Payment Ref: one reference for every selected invoice. */
  async paymentRef(db: Db, actor: Actor, req: In<typeof ZBatchPaymentRefRequest>) {
    return db.transaction(async (tx) => {
      const rows = await lockBatch(tx, actor, req.rows);
      const out: InvoiceRow[] = [];
      for (const r of rows) {
        if ((REF_LOCKED_STATUSES as readonly string[]).includes(r.status)) throw wrongStatus(r);
        out.push(
          await write(
            tx,
            actor,
            r,
            { payment_ref: req.payment_ref, search_text: withSearch(r, req.payment_ref) },
            { action: 'batch_payment_ref', track: ['payment_ref'] },
          ),
        );
      }
      return result(out);
    });
  },

  /** Update sub-type and tax rate code (until the accounting print). */
  async subType(db: Db, actor: Actor, req: In<typeof ZBatchSubTypeRequest>) {
    return db.transaction(async (tx) => {
      const rows = await lockBatch(tx, actor, req.rows);
      // The sub-type and tax rate code are the month's tax reporting: not into a closed month (issue 38).
      await assertInvoicePeriodsOpen(
        tx,
        rows.map((r) => r.inv_id),
      );
      const out: InvoiceRow[] = [];
      for (const r of rows) {
        if (!(SUB_TYPE_EDITABLE_STATUSES as readonly string[]).includes(r.status)) throw wrongStatus(r);
        out.push(
          await write(
            tx,
            actor,
            r,
            {
              sub_type: req.sub_type,
              with_credit_term: req.with_credit_term,
              tax_rate_code: req.tax_rate_code ?? null,
            },
            { action: 'batch_sub_type', track: ['sub_type', 'with_credit_term', 'tax_rate_code'] },
          ),
        );
      }
      return result(out);
    });
  },

  /** Status update modal: the same move for every selected invoice, all or nothing (each as a single move). */
  async status(db: Db, actor: Actor, req: In<typeof ZBatchStatusRequest>) {
    return db.transaction(async (tx) => {
      await lockBatch(tx, actor, req.rows);
      const out: InvoiceRow[] = [];
      for (const item of [...req.rows].sort((a, b) => a.inv_id - b.inv_id)) {
        const full = await invoiceService.act(tx, actor, item.inv_id, {
          action: req.action,
          version: item.version,
          reason: req.reason,
        });
        out.push(full.row);
      }
      return result(out);
    });
  },

  /**
   * Accounting export of the selected invoices (Accounting Printed → Exported; Approved (Reversal) →
   * Exported (Reversal)): one journal file for all (invoice-export.service.ts), kept as an export batch.
   */
  async accountingExport(db: Db, actor: Actor, req: In<typeof ZAccountingExportRequest>) {
    requireFunc(actor, 'inv_closing');
    return db.transaction(async (tx) => {
      const rows = await lockBatch(tx, actor, req.rows);
      for (const r of rows) batchMove(r, EXPORT_MOVES);
      const by = actorName(actor);
      const batch = await createExportBatch(tx, by, rows, (r) => r.status === 'APPROVED_REVERSAL');
      const out: InvoiceRow[] = [];
      for (const r of rows) {
        const { action, to } = batchMove(r, EXPORT_MOVES);
        out.push(
          await write(tx, actor, r, { export_file: batch.file_name }, { action, to, reason: batch.batch_no }),
        );
      }
      await indexInvoices(
        tx,
        rows.map((r) => r.inv_id),
      );
      return { batch, result: result(out) };
    });
  },

  /** Import document: the government invoice no. and date of each exported invoice, → Imported. */
  async importDocument(db: Db, actor: Actor, req: In<typeof ZImportDocumentRequest>) {
    requireFunc(actor, 'inv_closing');
    return db.transaction(async (tx) => {
      const rows = await lockBatch(tx, actor, req.rows);
      const out: InvoiceRow[] = [];
      for (const r of rows) {
        const { action, to } = batchMove(r, IMPORT_MOVES);
        const input = req.rows.find((x) => x.inv_id === r.inv_id);
        if (!input) throw notFound();
        out.push(
          await write(
            tx,
            actor,
            r,
            {
              gov_invoice_no: input.gov_invoice_no,
              invoice_date: input.invoice_date,
              search_text: withSearch(r, input.gov_invoice_no),
            },
            { action, to, track: ['gov_invoice_no', 'invoice_date'] },
          ),
        );
      }
      // Registered import checks (period close refuses a date inside a closed month), after the dates are written.
      await runInvoiceImportChecks(tx, { actor, invIds: rows.map((r) => r.inv_id) });
      await indexInvoices(
        tx,
        rows.map((r) => r.inv_id),
      );
      return result(out);
    });
  },

  /**
   * Batch payment / batch tax-invoice grouping: one group no. for invoices of one side, account and
   * currency that are in no group yet (002 §2).
   */
  async group(db: Db, actor: Actor, req: In<typeof ZInvoiceGroupRequest>) {
    return db.transaction(async (tx) => {
      const rows = await lockBatch(tx, actor, req.rows);
      const first = rows[0];
      for (const r of rows) {
        if ((REF_LOCKED_STATUSES as readonly string[]).includes(r.status)) throw wrongStatus(r);
        if (r.group_no)
          throw new AppError(422, INVOICE_BATCH_MSG.alreadyGrouped, {
            params: { invoiceNo: r.invoice_no, groupNo: r.group_no },
          });
        if (
          r.inv_type !== first.inv_type ||
          r.account_code !== first.account_code ||
          r.currency !== first.currency
        )
          throw unprocessable(INVOICE_BATCH_MSG.groupMixed);
      }
      const { id, no } = await batchRepo.nextNo(tx, 'group', req.kind === 'PAYMENT' ? 'PG' : 'TG');
      const group = await batchRepo.insertGroup(tx, {
        group_id: id,
        group_no: no,
        kind: req.kind,
        inv_type: first.inv_type,
        account_code: first.account_code,
        currency: first.currency,
        total_amount: money.sum(rows.map((r) => r.total_amount)),
        base_total_amount: money.sum(rows.map((r) => r.base_total_amount)),
        invoice_count: rows.length,
        invoice_nos: rows.map((r) => r.invoice_no),
        remarks: req.remarks ?? null,
        created_by: actorName(actor),
      });
      const out: InvoiceRow[] = [];
      for (const r of rows)
        out.push(
          await write(
            tx,
            actor,
            r,
            { group_no: no, search_text: withSearch(r, no) },
            { action: `group_${req.kind.toLowerCase()}`, track: ['group_no'] },
          ),
        );
      await indexInvoices(
        tx,
        rows.map((r) => r.inv_id),
      );
      return { group: presentGroup(group), result: result(out) };
    });
  },

  /** Dissolves a group: its invoices lose the group no.; the group stays in the history. */
  async ungroup(db: Db, actor: Actor, groupNo: string) {
    return db.transaction(async (tx) => {
      const group = await batchRepo.groupByNo(tx, groupNo, true);
      if (!group) throw notFound();
      if (group.status !== 'ACTIVE') throw notFound();
      const members = await batchRepo.invoicesOfGroup(tx, groupNo);
      const rows = members.length ? await lockBatch(tx, actor, members) : [];
      for (const r of rows)
        await write(
          tx,
          actor,
          r,
          { group_no: null },
          { action: 'ungroup', reason: groupNo, track: ['group_no'] },
        );
      await batchRepo.dissolveGroup(tx, group.group_id, actorName(actor));
      await indexInvoices(
        tx,
        rows.map((r) => r.inv_id),
      );
      return presentGroup({ ...group, status: 'DISSOLVED' });
    });
  },

  /** Current groups and the history of the recent 2 months (002 §9). */
  async groups(db: Db, actor: Actor, kind?: string) {
    if (!actor.funcs.has('m_ar') && !actor.funcs.has('m_ap')) throw forbidden();
    const since = new Date();
    since.setMonth(since.getMonth() - 2);
    const { current, history } = await batchRepo.groups(db, since.toISOString(), kind);
    const readable = (g: InvoiceGroupRow) => actor.funcs.has(g.inv_type === 'AR' ? 'm_ar' : 'm_ap');
    return {
      current: current.filter(readable).map(presentGroup),
      history: history.filter(readable).map(presentGroup),
    };
  },

  /** An export batch's file, downloadable again. */
  async exportFile(db: DbOrTx, actor: Actor, batchNo: string) {
    requireFunc(actor, 'inv_closing');
    const batch = await batchRepo.exportBatch(db, batchNo);
    if (!batch) throw notFound();
    return batch;
  },

  recentExports: (db: DbOrTx) => batchRepo.recentExportBatches(db, 50),

  /** The inter-account debit note through More Actions, while the invoice is Prepared. */
  async interAccountDn(db: Db, actor: Actor, id: number, version: number) {
    requireFunc(actor, 'inv_edit');
    return db.transaction(async (tx) => {
      const row = await repo.byId(tx, id, true);
      if (!row) throw notFound();
      assertCanRead(actor, row.inv_type);
      if (row.version !== version) throw new AppError(409, INVOICE_MSG.recordNotLatest);
      if (row.status !== 'PREPARED')
        throw new AppError(422, INVOICE_MSG.actionNotAllowed, {
          params: { action: 'inter_account_dn', status: row.status },
        });
      const dnId = await createInterAccountDn(tx, actor, row);
      await indexInvoices(tx, [dnId]);
      // Like every other invoice write: the finance aggregates and GP follow the new DN in this transaction.
      await runInvoiceChangeHooks(tx, [dnId]);
      return invoiceService.load(tx, dnId);
    });
  },

  /** Invoices linked to this one (its reversal, its inter-account DN, or the invoice it came from). */
  async links(db: Db, actor: Actor, id: number) {
    await invoiceService.get(db, actor, id);
    const { rows } = await batchRepo.linksOf(db, id);
    return rows;
  },

  /** JobSearch (every job with its invoice counts) and BlankJob (jobs without charges). */
  async jobs(db: Db, actor: Actor, o: { q?: string; limit: number; blank: boolean }) {
    if (!actor.funcs.has('m_ar') && !actor.funcs.has('m_ap') && !actor.funcs.has('m_ap_blank_job'))
      throw forbidden();
    const rows = await batchRepo.jobs(db, o);
    return rows.map(({ open_count, unposted_count, gp_locked, ...r }) => ({
      ...r,
      // 002 §4 job invoicing state: Outstanding while an invoice is missing or open, Completed once both
      // sides are approved, Completed-GP Locked once every invoice is posted (GP can no longer change) or a
      // period close locked the job (no new invoice can be made on it until the period is reopened).
      invoicing_state: gp_locked
        ? JOB_INVOICING_STATES[2]
        : r.ar_count === 0 || r.ap_count === 0 || open_count > 0
          ? JOB_INVOICING_STATES[0]
          : unposted_count > 0
            ? JOB_INVOICING_STATES[1]
            : JOB_INVOICING_STATES[2],
    }));
  },
};

export function presentGroup(g: InvoiceGroupRow) {
  return {
    group_no: g.group_no,
    kind: g.kind as 'PAYMENT' | 'TAX_INVOICE',
    inv_type: g.inv_type as 'AR' | 'AP',
    account_code: g.account_code,
    currency: g.currency,
    total_amount: money.round(g.total_amount, g.currency),
    base_total_amount: money.round(g.base_total_amount, { scale: 2 }),
    invoice_count: g.invoice_count,
    invoice_nos: g.invoice_nos,
    remarks: g.remarks,
    status: g.status as 'ACTIVE' | 'DISSOLVED',
    created_by: g.created_by,
    created_at: g.created_at,
    dissolved_by: g.dissolved_by,
    dissolved_at: g.dissolved_at,
  };
}
