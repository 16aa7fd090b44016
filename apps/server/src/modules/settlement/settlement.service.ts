import {
  amountScaleIssue,
  EXCHANGE_RATE_MSG,
  INVOICE_READ_FUNC,
  isExternalProfile,
  money,
  PAYMENT_MARKERS,
  REF_LOCKED_STATUSES,
  SETTLEABLE_STATUSES,
  SETTLEMENT_KIND_OF,
  SETTLEMENT_MSG,
  type TInvoiceType,
  type TSettlement,
  type TSettlementResult,
  type ZCreateSettlementRequest,
  type ZOpenInvoicesQuery,
  type ZReverseSettlementRequest,
  type ZSettleGroupRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, recordHistory } from '../../platform/audit/history';
import { historyActor } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx, Tx } from '../../platform/db/client';
import { AppError, forbidden, notFound, unprocessable } from '../../platform/errors/app-error';
import { rateOn } from '../exchange-rate';
import { registerInvoiceMoveHook, runInvoiceChangeHooks } from '../invoice';
import {
  type AllocationInsert,
  type AllocationView,
  settlementRepository as repo,
  type SettleInvoiceRow,
  type SettleLineRow,
  type SettlementRow,
} from './settlement.repository';

type In<T extends z.ZodType> = z.output<T>;

/**
 * Reversing an invoice that settlements still settle is refused (409 msgSettlementInvoiceSettled naming them):
 * the reversal would cancel a receivable the customer has (partly) paid and leave the money allocated to a
 * reversed invoice. Reverse the settlements first. Registered on the invoice module's `reverse` move (its
 * `before` runs in the move's transaction with the invoice row locked, and a settlement locks the same row,
 * so a receipt cannot slip in between the check and the reversal).
 */
export function registerSettlementMoveChecks() {
  registerInvoiceMoveHook('reverse', {
    async before(tx, _actor, row) {
      const nos = await repo.activeNosOf(tx, row.inv_id);
      if (nos.length)
        throw new AppError(409, SETTLEMENT_MSG.invoiceSettled, {
          params: { invoiceNo: row.invoice_no, settlements: nos.join(', ') },
        });
      return {};
    },
  });
}
type Fields = Omit<In<typeof ZSettleGroupRequest>, 'amount'> & { amount?: string | null };
/** One invoice to settle; `version` is absent when settling a group (its confirmed amount guards it instead). */
interface InvoiceInput {
  inv_id: number;
  version?: number;
  amount?: string | null;
  lines?: { line_id: number; amount: string }[] | null;
}

/** Invoice history entries are the invoice module's (entity 'invoice'): settling shows in the invoice's history. */
const INVOICE_ENTITY = 'invoice';
const SETTLE_FUNC = 'inv_closing';

const fail = (msgKey: string, params?: Record<string, string | number>) =>
  new AppError(422, msgKey, { params });
const stale = (invoiceNo?: string) =>
  new AppError(409, SETTLEMENT_MSG.recordNotLatest, invoiceNo ? { params: { invoiceNo } } : {});
const neg = (v: string) => money.mul(v, -1);
const sign = (v: string) => money.compare(v, '0');

/** Invoices are internal-only; the side's read function (m_ar / m_ap) reads its settlements too. */
function assertCanRead(actor: Actor, type: string) {
  if (isExternalProfile(actor.profile_type)) throw forbidden();
  if (!actor.funcs.has(INVOICE_READ_FUNC[type as TInvoiceType])) throw forbidden();
}

/** The marker an invoice carries for its settled state (contracts PAYMENT_MARKERS). */
const markerOf = (settled: string, outstanding: string) =>
  sign(settled) === 0 ? null : sign(outstanding) === 0 ? PAYMENT_MARKERS.paid : PAYMENT_MARKERS.part;

/** Search text with a number appended once (the invoice's smart search finds it by payment ref). */
const withSearch = (text: string, value: string | null) =>
  value && !text.includes(value.toLowerCase()) ? `${text} ${value.toLowerCase()}` : text;

interface Planned {
  inv: SettleInvoiceRow;
  lines: { line: SettleLineRow; amount: string }[];
}

/**
 * What settles on each line of one invoice: the lines and amounts given; else `amount` spread over the lines
 * that go the invoice's way (DR for an invoice, CR for a credit note) in line order; else all that is
 * outstanding. Refuses an amount over a line's or the invoice's outstanding (nothing is written yet).
 */
function plan(inv: SettleInvoiceRow, lines: SettleLineRow[], input: InvoiceInput): Planned {
  const cur = inv.currency;
  const scale = (v: string) => {
    if (amountScaleIssue(v.replace(/^-/, ''), cur)) throw fail(SETTLEMENT_MSG.amountScale);
  };
  const over = (lineNo: number, outstanding: string) =>
    fail(lineNo ? SETTLEMENT_MSG.overLineOutstanding : SETTLEMENT_MSG.overOutstanding, {
      invoiceNo: inv.invoice_no,
      lineNo,
      outstanding: money.round(outstanding, cur),
    });
  let picked: { line: SettleLineRow; amount: string }[];
  if (input.lines?.length) {
    const seen = new Set<number>();
    picked = input.lines.map((l) => {
      const line = lines.find((x) => x.id === l.line_id);
      if (!line) throw fail(SETTLEMENT_MSG.lineUnknown, { invoiceNo: inv.invoice_no });
      if (seen.has(l.line_id)) throw fail(SETTLEMENT_MSG.duplicate);
      seen.add(l.line_id);
      scale(l.amount);
      if (money.compare(l.amount, line.outstanding_amount) > 0)
        throw over(line.line_no, line.outstanding_amount);
      return { line, amount: l.amount };
    });
  } else if (input.amount != null && money.compare(input.amount, inv.outstanding_amount) !== 0) {
    scale(input.amount);
    const out = inv.outstanding_amount;
    // Partial: same direction as what is outstanding, and no more of it.
    if (sign(input.amount) !== 0 && sign(input.amount) !== sign(out)) throw over(0, out);
    const abs = sign(input.amount) < 0 ? neg(input.amount) : input.amount;
    if (money.compare(abs, sign(out) < 0 ? neg(out) : out) > 0) throw over(0, out);
    const way = sign(out) < 0 ? 'CR' : 'DR';
    let left = abs;
    picked = [];
    for (const line of lines) {
      if (sign(left) === 0) break;
      if (line.dr_cr !== way || sign(line.outstanding_amount) <= 0) continue;
      const take = money.min([left, line.outstanding_amount]) as string;
      picked.push({ line, amount: take });
      left = money.sub(left, take);
    }
  } else {
    // The whole outstanding: every line's.
    picked = lines
      .filter((l) => sign(l.outstanding_amount) > 0)
      .map((line) => ({ line, amount: line.outstanding_amount }));
  }
  picked = picked.filter((p) => sign(p.amount) > 0);
  if (!picked.length) throw fail(SETTLEMENT_MSG.nothingToSettle, { invoiceNo: inv.invoice_no });
  // The invoice as a whole: what stays outstanding lies between nothing and its total (same sign).
  const effect = money.sum(picked.map((p) => (p.line.dr_cr === 'CR' ? neg(p.amount) : p.amount)));
  const after = money.sub(inv.outstanding_amount, effect);
  const total = inv.total_amount;
  const within =
    sign(total) >= 0
      ? sign(after) >= 0 && money.compare(after, total) <= 0
      : sign(after) <= 0 && money.compare(after, total) >= 0;
  if (!within) throw over(0, inv.outstanding_amount);
  return { inv, lines: picked };
}

function presentAllocation(a: AllocationView, base: string, cur: string) {
  const signed = a.dr_cr === 'CR' ? neg(a.amount) : a.amount;
  return {
    inv_id: a.inv_id,
    invoice_no: a.invoice_no,
    line_id: a.line_id,
    line_no: a.line_no,
    charge_code: a.charge_code,
    dr_cr: a.dr_cr as 'DR' | 'CR',
    amount: money.round(a.amount, cur),
    signed_amount: money.round(signed, cur),
    invoice_rate: a.invoice_rate,
    invoice_base_amount: money.round(a.invoice_base_amount, base),
    base_amount: money.round(a.base_amount, base),
    exchange_difference: money.round(a.exchange_difference, base),
  };
}

export function presentSettlement(s: SettlementRow, allocations: AllocationView[]): TSettlement {
  const base = s.base_currency;
  return {
    settlement_id: s.settlement_id,
    settlement_no: s.settlement_no,
    kind: s.kind as 'RECEIPT' | 'PAYMENT',
    inv_type: s.inv_type as TInvoiceType,
    account_code: s.account_code,
    settlement_date: s.settlement_date,
    method: s.method as TSettlement['method'],
    bank_ref: s.bank_ref,
    group_no: s.group_no,
    currency: s.currency,
    base_currency: base,
    exchange_rate: s.exchange_rate,
    amount: money.round(s.amount, s.currency),
    base_amount: money.round(s.base_amount, base),
    invoice_base_amount: money.round(s.invoice_base_amount, base),
    exchange_difference: money.round(s.exchange_difference, base),
    remarks: s.remarks,
    reversed: s.reversed,
    reversed_at: s.reversed_at ? new Date(s.reversed_at).toISOString() : null,
    reversed_by: s.reversed_by,
    reverse_reason: s.reverse_reason,
    created_by: s.created_by,
    created_at: new Date(s.created_at).toISOString(),
    version: s.version,
    allocations: allocations
      .filter((a) => a.settlement_id === s.settlement_id)
      .map((a) => presentAllocation(a, base, s.currency)),
  };
}

const presentInvoiceState = (r: SettleInvoiceRow) => ({
  inv_id: r.inv_id,
  invoice_no: r.invoice_no,
  version: r.version,
  settled_amount: money.round(r.settled_amount, r.currency),
  outstanding_amount: money.round(r.outstanding_amount, r.currency),
  payment_ref: r.payment_ref,
  payment_marker: r.payment_marker,
});

/** Writes an invoice's new settled state (version checked again) and its history entry. */
async function writeInvoice(
  tx: Tx,
  actor: Actor,
  row: SettleInvoiceRow,
  settled: string,
  paymentRef: string | null,
  history: { action: string; reason: string },
) {
  const outstanding = money.sub(row.total_amount, settled);
  const updated = await repo.updateInvoice(tx, row.inv_id, row.version, {
    settled_amount: settled,
    outstanding_amount: outstanding,
    payment_ref: paymentRef,
    payment_marker: markerOf(settled, outstanding),
    search_text: withSearch(row.search_text, paymentRef),
    updated_by: actorName(actor),
  });
  if (!updated) throw stale(row.invoice_no);
  await recordHistory(tx, {
    entityType: INVOICE_ENTITY,
    entityId: row.inv_id,
    action: history.action,
    fromStatus: row.status,
    toStatus: updated.status,
    reason: history.reason,
    changes: diffFields(row as Record<string, unknown>, updated as Record<string, unknown>, [
      'settled_amount',
      'outstanding_amount',
      'payment_ref',
      'payment_marker',
    ]),
    actor: historyActor(actor),
  });
  // Figures derived from invoices (the finance dashboard's open items) follow the outstanding in this
  // transaction (invoice change hooks, docs/finance.md "Aggregates").
  await runInvoiceChangeHooks(tx, [row.inv_id]);
  return updated;
}

/**
 * Records one receipt or payment (all or nothing): checks every invoice (posted, same side, account, currency
 * and base currency, version the user read), plans the line amounts, converts at the day's rate and at the
 * invoice's, then writes the settlement, its allocations and the invoices' and lines' settled/outstanding.
 */
async function settle(
  tx: Tx,
  actor: Actor,
  fields: Fields,
  inputs: InvoiceInput[],
  groupNo: string | null,
): Promise<TSettlementResult> {
  if (!actor.funcs.has(SETTLE_FUNC)) throw forbidden();
  const ids = inputs.map((i) => i.inv_id);
  if (new Set(ids).size !== ids.length) throw fail(SETTLEMENT_MSG.duplicate);
  const rows = await repo.lockInvoices(tx, ids);
  if (rows.length !== ids.length) throw notFound();
  const first = rows[0];
  for (const r of rows) {
    assertCanRead(actor, r.inv_type);
    const input = inputs.find((i) => i.inv_id === r.inv_id);
    if (input?.version !== undefined && input.version !== r.version) throw stale(r.invoice_no);
  }
  for (const r of rows) {
    if (!SETTLEABLE_STATUSES.includes(r.status))
      throw fail(SETTLEMENT_MSG.notPosted, { invoiceNo: r.invoice_no, status: r.status });
    if (r.currency !== fields.currency)
      throw fail(SETTLEMENT_MSG.currencyMismatch, { invoiceNo: r.invoice_no, currency: r.currency });
    if (
      r.inv_type !== first.inv_type ||
      r.account_code !== first.account_code ||
      r.base_currency !== first.base_currency
    )
      throw fail(SETTLEMENT_MSG.mixedInvoices);
  }
  // A reversed invoice and its reversal owe nothing, also once closed (Closed is settleable for late payments).
  const reversal = await repo.inReversal(tx, ids);
  for (const r of rows)
    if (reversal.has(r.inv_id))
      throw fail(SETTLEMENT_MSG.notPosted, {
        invoiceNo: r.invoice_no,
        status: reversal.get(r.inv_id) as string,
      });
  const base = first.base_currency;
  let rate: string;
  if (fields.exchange_rate) {
    if (fields.currency === base && money.compare(fields.exchange_rate, '1') !== 0)
      throw fail(EXCHANGE_RATE_MSG.mustBeOne);
    rate = fields.exchange_rate;
  } else {
    rate = (await rateOn(tx, fields.currency, base, fields.settlement_date)).rate;
  }

  const allLines = await repo.lockLines(tx, ids);
  const plans = rows.map((r) =>
    plan(
      r,
      allLines.filter((l) => l.inv_id === r.inv_id),
      inputs.find((i) => i.inv_id === r.inv_id) as InvoiceInput,
    ),
  );
  const allocations: Omit<AllocationInsert, 'settlement_id'>[] = plans.flatMap((p) =>
    p.lines.map(({ line, amount }) => {
      const signed = line.dr_cr === 'CR' ? neg(amount) : amount;
      const invoiceBase = money.round(money.mul(signed, p.inv.exchange_rate), base);
      const atRate = money.round(money.mul(signed, rate), base);
      return {
        inv_id: p.inv.inv_id,
        line_id: line.id,
        line_no: line.line_no,
        dr_cr: line.dr_cr,
        amount,
        invoice_rate: p.inv.exchange_rate,
        invoice_base_amount: invoiceBase,
        base_amount: atRate,
        exchange_difference: money.sub(atRate, invoiceBase),
      };
    }),
  );
  const signedOf = (a: { dr_cr: string; amount: string }) => (a.dr_cr === 'CR' ? neg(a.amount) : a.amount);
  const total = money.sum(allocations.map(signedOf));
  if (fields.amount != null && money.compare(fields.amount, total) !== 0)
    throw fail(SETTLEMENT_MSG.amountMismatch, { expected: money.round(total, fields.currency) });

  const id = await repo.nextId(tx);
  const kind = SETTLEMENT_KIND_OF[first.inv_type as TInvoiceType];
  const settlementNo = `${kind === 'RECEIPT' ? 'RC' : 'PY'}${String(id).padStart(8, '0')}`;
  const by = actorName(actor);
  const settlement = await repo.insert(
    tx,
    {
      settlement_id: id,
      settlement_no: settlementNo,
      kind,
      inv_type: first.inv_type,
      party_id: first.party_id,
      account_code: first.account_code,
      settlement_date: fields.settlement_date,
      method: fields.method,
      bank_ref: fields.bank_ref ?? null,
      group_no: groupNo,
      currency: fields.currency,
      base_currency: base,
      exchange_rate: rate,
      amount: total,
      base_amount: money.sum(allocations.map((a) => a.base_amount)),
      invoice_base_amount: money.sum(allocations.map((a) => a.invoice_base_amount)),
      exchange_difference: money.sum(allocations.map((a) => a.exchange_difference)),
      remarks: fields.remarks ?? null,
      created_by: by,
    },
    allocations,
  );

  // The payment ref the batch sets (docs/settlement.md): a ref already given (batch Payment Ref) is kept.
  const ref = fields.bank_ref ?? groupNo ?? settlementNo;
  const out = [];
  for (const p of plans) {
    for (const { line, amount } of p.lines)
      await repo.updateLine(
        tx,
        line.id,
        money.add(line.settled_amount, amount),
        money.sub(line.outstanding_amount, amount),
      );
    const effect = money.sum(p.lines.map(({ line, amount }) => signedOf({ dr_cr: line.dr_cr, amount })));
    out.push(
      await writeInvoice(
        tx,
        actor,
        p.inv,
        money.add(p.inv.settled_amount, effect),
        // A closed invoice's references no longer change (REF_LOCKED_STATUSES).
        p.inv.payment_ref ?? (REF_LOCKED_STATUSES.includes(p.inv.status as 'CLOSED') ? null : ref),
        { action: kind === 'RECEIPT' ? 'settle_receipt' : 'settle_payment', reason: settlementNo },
      ),
    );
  }
  const views = await repo.allocations(tx, [settlement.settlement_id]);
  return { settlement: presentSettlement(settlement, views), invoices: out.map(presentInvoiceState) };
}

/** Receipts and payments against posted invoices (docs/settlement.md). */
export const settlementService = {
  create: (db: Db, actor: Actor, req: In<typeof ZCreateSettlementRequest>) =>
    db.transaction((tx) => settle(tx, actor, req, req.invoices, null)),

  /**
   * Settles a batch payment group (issue 14's grouping) in full: every member with something outstanding;
   * the group no. becomes the payment ref of members without one. `amount` must be the group's outstanding
   * the user saw (a member settled or changed meanwhile answers msgSettlementAmountMismatch).
   */
  settleGroup: (db: Db, actor: Actor, groupNo: string, req: In<typeof ZSettleGroupRequest>) =>
    db.transaction(async (tx) => {
      if (!actor.funcs.has(SETTLE_FUNC)) throw forbidden();
      const group = await repo.paymentGroup(tx, groupNo);
      if (!group) throw notFound();
      if (group.kind !== 'PAYMENT' || group.status !== 'ACTIVE') throw fail(SETTLEMENT_MSG.groupNotPayable);
      const rows = group.invIds.length ? await repo.lockInvoices(tx, group.invIds) : [];
      const open = rows.filter((r) => sign(r.outstanding_amount) !== 0);
      if (!open.length) throw fail(SETTLEMENT_MSG.groupNotPayable);
      return settle(
        tx,
        actor,
        req,
        open.map((r) => ({ inv_id: r.inv_id })),
        group.group_no,
      );
    }),

  /**
   * Reverses a settlement (with a reason): its allocations come off the lines and invoices, which become
   * outstanding again; the settlement stays, flagged. Twice answers 409 msgSettlementAlreadyReversed.
   */
  reverse: (db: Db, actor: Actor, id: number, req: In<typeof ZReverseSettlementRequest>) =>
    db.transaction(async (tx) => {
      if (!actor.funcs.has(SETTLE_FUNC)) throw forbidden();
      const s = await repo.byId(tx, id, true);
      if (!s) throw notFound();
      assertCanRead(actor, s.inv_type);
      if (s.reversed)
        throw new AppError(409, SETTLEMENT_MSG.alreadyReversed, { params: { no: s.settlement_no } });
      if (s.version !== req.version) throw stale();
      const ids = await repo.invoiceIdsOf(tx, id);
      const rows = await repo.lockInvoices(tx, ids);
      const lines = await repo.lockLines(tx, ids);
      const allocs = await repo.allocations(tx, [id]);
      const ref = s.bank_ref ?? s.group_no ?? s.settlement_no;
      const out = [];
      for (const r of rows) {
        const mine = allocs.filter((a) => a.inv_id === r.inv_id);
        for (const a of mine) {
          const line = lines.find((l) => l.id === a.line_id) as SettleLineRow;
          await repo.updateLine(
            tx,
            line.id,
            money.sub(line.settled_amount, a.amount),
            money.add(line.outstanding_amount, a.amount),
          );
        }
        const effect = money.sum(mine.map((a) => (a.dr_cr === 'CR' ? neg(a.amount) : a.amount)));
        // The ref this settlement gave goes with it, unless another settlement still stands behind it.
        const keepRef =
          r.payment_ref !== ref ||
          REF_LOCKED_STATUSES.includes(r.status as 'CLOSED') ||
          (await repo.otherActive(tx, r.inv_id, id));
        out.push(
          await writeInvoice(
            tx,
            actor,
            r,
            money.sub(r.settled_amount, effect),
            keepRef ? r.payment_ref : null,
            {
              action: 'settlement_reversed',
              reason: `${s.settlement_no}: ${req.reason}`,
            },
          ),
        );
      }
      const reversed = await repo.markReversed(tx, id, s.version, actorName(actor), req.reason);
      if (!reversed) throw stale();
      return { settlement: presentSettlement(reversed, allocs), invoices: out.map(presentInvoiceState) };
    }),

  async get(db: DbOrTx, actor: Actor, id: number) {
    const s = await repo.byId(db, id);
    if (!s) throw notFound();
    assertCanRead(actor, s.inv_type);
    return presentSettlement(s, await repo.allocations(db, [id]));
  },

  /** Settlements of an invoice (its Settlement panel) or of a payment group, newest first. */
  async list(db: DbOrTx, actor: Actor, q: { inv_id?: number; group_no?: string; limit: number }) {
    let rows: SettlementRow[];
    if (q.inv_id) {
      const [inv] = await repo.invoicesByIds(db, [q.inv_id]);
      if (!inv) throw notFound();
      assertCanRead(actor, inv.inv_type);
      rows = await repo.ofInvoice(db, q.inv_id, q.limit);
    } else if (q.group_no) {
      rows = await repo.ofGroup(db, q.group_no, q.limit);
    } else throw unprocessable(SETTLEMENT_MSG.nothingToSettle);
    rows = rows.filter((s) => {
      try {
        assertCanRead(actor, s.inv_type);
        return true;
      } catch {
        return false;
      }
    });
    const allocs = await repo.allocations(
      db,
      rows.map((s) => s.settlement_id),
    );
    return rows.map((s) => presentSettlement(s, allocs));
  },

  /** Posted invoices of an account with something outstanding (the Settlement screen). */
  async openInvoices(db: DbOrTx, actor: Actor, q: In<typeof ZOpenInvoicesQuery>) {
    assertCanRead(actor, q.inv_type);
    const rows = await repo.openInvoices(db, { ...q, statuses: SETTLEABLE_STATUSES });
    return rows.map((r) => ({
      inv_id: r.inv_id,
      invoice_no: r.invoice_no,
      inv_type: r.inv_type as TInvoiceType,
      kind: r.kind,
      account_code: r.account_code,
      currency: r.currency,
      exchange_rate: r.exchange_rate,
      invoice_date: r.invoice_date,
      posted_at: r.posted_at ? new Date(r.posted_at).toISOString() : null,
      total_amount: money.round(r.total_amount, r.currency),
      settled_amount: money.round(r.settled_amount, r.currency),
      outstanding_amount: money.round(r.outstanding_amount, r.currency),
      group_no: r.group_no,
      payment_ref: r.payment_ref,
      version: r.version,
    }));
  },
};
