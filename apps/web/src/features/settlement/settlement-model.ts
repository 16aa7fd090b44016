import {
  money,
  type SETTLEMENT_METHODS,
  type TCreateSettlementRequest,
  type TInvoice,
  type TSettleGroupRequest,
  type TSettlement,
  type TSettlementAllocation,
} from '@portal/contracts';

/**
 * The settlement tab's logic without React: what a recording settles, what stays outstanding, the request it
 * sends, and an earlier settlement's share of this invoice (docs/settlement.md).
 */

export const signOf = (v: string) => money.compare(v, '0');

/** Batch payment groups are numbered PG… by the grouping (invoice-batch), tax-invoice groups TG…. */
export const isPaymentGroup = (groupNo: string | null): groupNo is string => !!groupNo?.startsWith('PG');

/** This invoice's share of a settlement (a settlement may settle several invoices). */
export function shareOf(s: TSettlement, invId: number) {
  const mine = s.allocations.filter((a) => a.inv_id === invId);
  const sum = (pick: (a: TSettlementAllocation) => string) => money.sum(mine.map(pick));
  return {
    allocations: mine,
    amount: sum((a) => a.signed_amount),
    base: sum((a) => a.base_amount),
    difference: sum((a) => a.exchange_difference),
  };
}

/** A receipt's gain (more base currency than booked) or a payment's (less paid); null when there is none. */
export function gainOrLoss(invType: TInvoice['inv_type'], difference: string): 'gain' | 'loss' | null {
  const d = signOf(difference);
  if (d === 0) return null;
  return (invType === 'AR' ? d > 0 : d < 0) ? 'gain' : 'loss';
}

/** The whole outstanding, an amount spread over the lines, chosen lines, or the invoice's payment group. */
export type SettleMode = 'full' | 'amount' | 'lines' | 'group';

/** What the user typed in the record dialog (amounts as typed text). */
export interface RecordInput {
  mode: SettleMode;
  settlement_date: string;
  method: (typeof SETTLEMENT_METHODS)[number];
  bankRef: string;
  rate: string;
  amount: string;
  /** Typed amount per line id (positive text; a CR line's is taken off). */
  lineAmounts: Record<number, string>;
  /** The open amount of the payment group's invoices together (mode 'group'). */
  groupOutstanding: string;
}

/** A typed amount the dialog counts: a plain decimal number, signed or not. */
export const isAmountText = (v: string) => /^-?\d+(\.\d+)?$/.test(v.trim());

type Inv = Pick<TInvoice, 'inv_id' | 'version' | 'currency' | 'outstanding_amount' | 'group_no'> & {
  lines: Pick<TInvoice['lines'][number], 'id' | 'dr_cr'>[];
};

/**
 * The amount this recording settles, as the dialog shows it: the outstanding, the group's outstanding, the
 * typed amount ('0' while it is not a number), or the sum of the typed line amounts (a CR line's negative;
 * lines not yet a number count 0).
 */
export function amountToSettle(inv: Inv, r: RecordInput): string {
  switch (r.mode) {
    case 'full':
      return inv.outstanding_amount;
    case 'group':
      return r.groupOutstanding;
    case 'amount':
      return isAmountText(r.amount) ? r.amount.trim() : '0';
    case 'lines':
      return money.sum(
        inv.lines.map((l) => {
          const v = r.lineAmounts[l.id]?.trim() ?? '';
          if (!isAmountText(v)) return '0';
          return l.dr_cr === 'CR' ? money.mul(v, -1) : v;
        }),
      );
  }
}

/** What stays outstanding after it (a group settles in full). */
export function outstandingAfter(inv: Inv, r: RecordInput): string {
  return r.mode === 'group' ? '0' : money.sub(inv.outstanding_amount, amountToSettle(inv, r));
}

/**
 * The request the dialog sends: the group's (POST /Settlement/group/:no) when settling the payment group,
 * else one invoice's with the typed amount or the lines typed with a positive number.
 */
export function recordRequest(
  inv: Inv,
  r: RecordInput,
):
  | { kind: 'group'; body: TSettleGroupRequest & { group_no: string } }
  | { kind: 'invoice'; body: TCreateSettlementRequest } {
  const fields = {
    settlement_date: r.settlement_date,
    method: r.method,
    bank_ref: r.bankRef.trim() || null,
    currency: inv.currency,
    exchange_rate: r.rate.trim() || null,
  };
  if (r.mode === 'group' && inv.group_no)
    return { kind: 'group', body: { ...fields, group_no: inv.group_no, amount: r.groupOutstanding } };
  const typed = (id: number) => r.lineAmounts[id] ?? '';
  return {
    kind: 'invoice',
    body: {
      ...fields,
      amount: amountToSettle(inv, r),
      invoices: [
        {
          inv_id: inv.inv_id,
          version: inv.version,
          amount: r.mode === 'amount' ? r.amount.trim() : null,
          lines:
            r.mode === 'lines'
              ? inv.lines
                  .filter((l) => isAmountText(typed(l.id)) && signOf(typed(l.id)) > 0)
                  .map((l) => ({ line_id: l.id, amount: typed(l.id).trim() }))
              : null,
        },
      ],
    },
  };
}
