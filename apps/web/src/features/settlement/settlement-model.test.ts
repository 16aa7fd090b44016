import type { TSettlement } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  amountToSettle,
  gainOrLoss,
  isPaymentGroup,
  outstandingAfter,
  type RecordInput,
  recordRequest,
  shareOf,
} from './settlement-model';

const inv = {
  inv_id: 9,
  version: 4,
  currency: 'USD',
  outstanding_amount: '300.00',
  group_no: null as string | null,
  lines: [
    { id: 1, dr_cr: 'DR' as const },
    { id: 2, dr_cr: 'DR' as const },
    { id: 3, dr_cr: 'CR' as const },
  ],
};

const input = (over: Partial<RecordInput> = {}): RecordInput => ({
  mode: 'full',
  settlement_date: '2026-11-01',
  method: 'BANK_TRANSFER',
  bankRef: '',
  rate: '',
  amount: '',
  lineAmounts: {},
  groupOutstanding: '0',
  ...over,
});

describe('settlement record dialog', () => {
  it('settles the whole outstanding by default, leaving nothing', () => {
    expect(amountToSettle(inv, input())).toBe('300.00');
    expect(outstandingAfter(inv, input())).toBe('0');
  });

  it('settles a typed amount, counting 0 until it is a number', () => {
    expect(amountToSettle(inv, input({ mode: 'amount', amount: ' 120.5 ' }))).toBe('120.5');
    expect(outstandingAfter(inv, input({ mode: 'amount', amount: '120.5' }))).toBe('179.5');
    for (const typed of ['', '-', '1e3', '1,5', '12.'])
      expect(amountToSettle(inv, input({ mode: 'amount', amount: typed }))).toBe('0');
  });

  it('adds the typed line amounts, a credit line taken off and text not yet a number counted 0', () => {
    const r = input({ mode: 'lines', lineAmounts: { 1: '100', 2: 'x', 3: '30.25' } });
    expect(amountToSettle(inv, r)).toBe('69.75');
    expect(outstandingAfter(inv, r)).toBe('230.25');
  });

  it("settles a payment group's outstanding and leaves nothing on this invoice", () => {
    const r = input({ mode: 'group', groupOutstanding: '950.00' });
    expect(amountToSettle(inv, r)).toBe('950.00');
    expect(outstandingAfter(inv, r)).toBe('0');
  });

  it('sends one invoice with the typed amount, the reference trimmed and an empty rate as the day’s', () => {
    const req = recordRequest(inv, input({ mode: 'amount', amount: ' 50 ', bankRef: ' CHQ 1 ', rate: ' ' }));
    expect(req).toEqual({
      kind: 'invoice',
      body: {
        settlement_date: '2026-11-01',
        method: 'BANK_TRANSFER',
        bank_ref: 'CHQ 1',
        currency: 'USD',
        exchange_rate: null,
        amount: '50',
        invoices: [{ inv_id: 9, version: 4, amount: '50', lines: null }],
      },
    });
  });

  it('sends only the lines typed with a positive number', () => {
    const req = recordRequest(
      inv,
      input({ mode: 'lines', rate: '7.8', lineAmounts: { 1: '100', 2: '0', 3: '20' } }),
    );
    expect(req.kind).toBe('invoice');
    if (req.kind !== 'invoice') return;
    expect(req.body.exchange_rate).toBe('7.8');
    expect(req.body.amount).toBe('80');
    expect(req.body.invoices[0].lines).toEqual([
      { line_id: 1, amount: '100' },
      { line_id: 3, amount: '20' },
    ]);
    expect(recordRequest(inv, input()).body).toMatchObject({
      amount: '300.00',
      invoices: [{ amount: null, lines: null }],
    });
  });

  it('settles the group through its own call only when the invoice is in one', () => {
    const grouped = { ...inv, group_no: 'PG2611001' };
    expect(recordRequest(grouped, input({ mode: 'group', groupOutstanding: '950.00' }))).toMatchObject({
      kind: 'group',
      body: { group_no: 'PG2611001', amount: '950.00', currency: 'USD' },
    });
    expect(recordRequest(inv, input({ mode: 'group', groupOutstanding: '950.00' })).kind).toBe('invoice');
  });

  it('knows batch payment groups (PG…) from tax-invoice groups (TG…)', () => {
    expect(isPaymentGroup('PG2611001')).toBe(true);
    expect(isPaymentGroup('TG2611001')).toBe(false);
    expect(isPaymentGroup(null)).toBe(false);
  });
});

describe('settlement list', () => {
  it("sums this invoice's share of a settlement of several invoices", () => {
    const s = {
      allocations: [
        { inv_id: 9, signed_amount: '100.00', base_amount: '780.00', exchange_difference: '2.00' },
        { inv_id: 8, signed_amount: '999.00', base_amount: '1.00', exchange_difference: '1.00' },
        { inv_id: 9, signed_amount: '-20.00', base_amount: '-156.00', exchange_difference: '-0.50' },
      ],
    } as unknown as TSettlement;
    const share = shareOf(s, 9);
    expect(share.allocations).toHaveLength(2);
    expect(share).toMatchObject({ amount: '80', base: '624', difference: '1.5' });
  });

  it('names a receipt that brings more base currency, or a payment that costs less, a gain', () => {
    expect(gainOrLoss('AR', '2.00')).toBe('gain');
    expect(gainOrLoss('AR', '-2.00')).toBe('loss');
    expect(gainOrLoss('AP', '-2.00')).toBe('gain');
    expect(gainOrLoss('AP', '2.00')).toBe('loss');
    expect(gainOrLoss('AR', '0.00')).toBeNull();
  });
});
