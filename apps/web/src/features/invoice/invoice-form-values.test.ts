import type { TInvoice, TInvoiceDraft } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  blankInvoice,
  emptyLine,
  formTotals,
  fromDraft,
  fromInvoice,
  type InvoiceFormValues,
  type LineValues,
  toRequest,
} from './invoice-form-values';

const line = (p: Partial<LineValues>): LineValues => ({
  charge_code: 'OFR',
  description: 'Ocean freight',
  uom: 'CTR',
  ...emptyLine(),
  ...p,
});
const form = (p: Partial<InvoiceFormValues>): InvoiceFormValues => ({ ...blankInvoice('AR'), ...p });

describe('invoice form: new forms', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-04T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('starts a blank invoice of its type dated today with one debit line of quantity 1', () => {
    const v = blankInvoice('AP');
    expect(v.kind).toBe('AP');
    expect(v.invoice_date).toBe('2026-03-04');
    expect(v.lines).toEqual([{ dr_cr: 'DR', quantity: '1', price_includes_tax: false, tax_rate: '0' }]);
    expect(v.with_credit_term).toBe(false);
  });

  it("takes a draft's account, jobs, currency and rate, dated today", () => {
    const d = {
      kind: 'AR',
      account_code: 'C001',
      job_nos: ['J1'],
      so_nos: ['SO1'],
      hbl_no: 'H1',
      is_overseas: true,
      sales_code: 'S1',
      currency: 'USD',
      exchange_rate: '7.8',
    } as TInvoiceDraft;
    const v = fromDraft(d);
    expect(v).toMatchObject({
      account_code: 'C001',
      job_nos: ['J1'],
      is_overseas: true,
      exchange_rate: '7.8',
    });
    expect(v.invoice_date).toBe('2026-03-04');
    expect(v.lines).toHaveLength(1);
  });
});

describe('invoice form: totals', () => {
  it('adds debit and subtracts credit lines, taxes exclusive prices and converts at the rate', () => {
    const totals = formTotals(
      form({
        currency: 'usd',
        exchange_rate: '7.8',
        lines: [
          line({ unit_price: '10', quantity: '3', tax_rate: '6' }),
          line({ unit_price: '5', quantity: '1', dr_cr: 'CR' }),
        ],
      }),
      'HKD',
    );
    expect(totals).toMatchObject({
      net_amount: '25.00',
      tax_amount: '1.80',
      total_amount: '26.80',
      base_total_amount: '209.04',
    });
  });

  it('takes the tax out of a tax-inclusive price', () => {
    const totals = formTotals(
      form({
        currency: 'HKD',
        lines: [line({ unit_price: '106', quantity: '1', tax_rate: '6', price_includes_tax: true })],
      }),
      'HKD',
    );
    expect(totals).toMatchObject({ net_amount: '100.00', tax_amount: '6.00', total_amount: '106.00' });
    // In the base currency without a rate the rate is 1.
    expect(totals?.base_total_amount).toBe('106.00');
  });

  it('has no totals while the currency, a price or a quantity is missing or not a number', () => {
    const ok = line({ unit_price: '1', quantity: '1' });
    expect(formTotals(form({ currency: '', lines: [ok] }), 'HKD')).toBeNull();
    expect(formTotals(form({ currency: 'HKD', lines: [] }), 'HKD')).toBeNull();
    expect(formTotals(form({ currency: 'HKD', lines: [ok, line({ unit_price: 'abc' })] }), 'HKD')).toBeNull();
    expect(
      formTotals(form({ currency: 'HKD', lines: [line({ unit_price: '1', quantity: '' })] }), 'HKD'),
    ).toBeNull();
  });

  it('converts at 0 in another currency without a rate', () => {
    const totals = formTotals(
      form({ currency: 'USD', lines: [line({ unit_price: '10', quantity: '1' })] }),
      'HKD',
    );
    expect(totals?.total_amount).toBe('10.00');
    expect(Number(totals?.base_total_amount)).toBe(0);
  });
});

describe('invoice form: the request', () => {
  it('sends trimmed texts or null, the lines with defaults and the total the user saw', () => {
    const body = toRequest(
      'AR',
      form({
        kind: 'AR',
        account_code: 'C001',
        currency: 'HKD',
        hbl_no: '  ',
        remarks: ' note ',
        sub_type: '',
        lines: [line({ unit_price: '12.5', quantity: '2', reference: ' ', tax_code: null, tax_rate: '' })],
      }),
      'HKD',
    );
    expect(body).toMatchObject({
      inv_type: 'AR',
      account_code: 'C001',
      hbl_no: null,
      remarks: 'note',
      sub_type: null,
      is_overseas: false,
      cheque_request: null,
      // An empty tax rate goes as 0 on the line, but like an unfinished line it leaves no total yet.
      total_amount: null,
    });
    expect(body.lines[0]).toEqual({
      charge_code: 'OFR',
      description: 'Ocean freight',
      reference: null,
      unit_price: '12.5',
      price_includes_tax: false,
      quantity: '2',
      uom: 'CTR',
      dr_cr: 'DR',
      tax_code: null,
      tax_rate: '0',
    });
  });

  it('sends the total of computable lines, and none while the form cannot compute one', () => {
    const lines = [line({ unit_price: '12.5', quantity: '2', tax_rate: '0' })];
    expect(toRequest('AR', form({ currency: 'HKD', lines }), 'HKD').total_amount).toBe('25.00');
    expect(toRequest('AR', form({ currency: '' }), 'HKD').total_amount).toBeNull();
  });

  it('sends the cheque request only with a cheque request (CR) kind', () => {
    const cheque = {
      available_date: '',
      free_to_combine: true,
      foreign_currency: 'USD',
      issued_to: ' Mr A ',
    };
    expect(toRequest('AP', form({ kind: 'CR', cheque_request: cheque }), 'HKD').cheque_request).toEqual({
      available_date: null,
      free_to_combine: true,
      foreign_currency: 'USD',
      cheque_currency: null,
      issued_to: 'Mr A',
    });
    expect(toRequest('AP', form({ kind: 'AP', cheque_request: cheque }), 'HKD').cheque_request).toBeNull();
  });

  it('reads a saved invoice back into the form with its lines', () => {
    const inv = {
      ...toRequest(
        'AR',
        form({ account_code: 'C9', currency: 'HKD', lines: [line({ unit_price: '1' })] }),
        'HKD',
      ),
      kind: 'AR',
      issue_party_code: null,
      lines: [
        {
          ...line({ unit_price: '1', quantity: '1' }),
          reference: null,
          tax_code: null,
          amount: '1.00',
          line_no: 1,
        },
      ],
    } as unknown as TInvoice;
    const v = fromInvoice(inv);
    expect(v.account_code).toBe('C9');
    expect(v.lines).toEqual([
      {
        charge_code: 'OFR',
        description: 'Ocean freight',
        reference: null,
        unit_price: '1',
        price_includes_tax: false,
        quantity: '1',
        uom: 'CTR',
        dr_cr: 'DR',
        tax_code: null,
        tax_rate: '0',
      },
    ]);
  });
});
