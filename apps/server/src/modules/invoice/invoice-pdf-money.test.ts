import { ZInvoicePrintOptions } from '@portal/contracts';
import PDFDocument from 'pdfkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type InvoicePdfData, renderInvoicesPdf } from './invoice.pdf';

/**
 * Issue 38: the numbers an invoice and a statement PDF print. The text is what the renderer hands pdfkit to
 * draw (the fonts are embedded CID subsets, so the file's content streams hold glyph ids, not characters).
 */
async function drawnText(render: () => Promise<Buffer>): Promise<string[]> {
  const spy = vi.spyOn(PDFDocument.prototype, 'text');
  const pdf = await render();
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  return spy.mock.calls.map((c) => String(c[0]));
}
afterEach(() => vi.restoreAllMocks());

const line = (over: Partial<InvoicePdfData['lines'][number]>): InvoicePdfData['lines'][number] => ({
  charge_code: 'OFR',
  description: 'Ocean freight',
  reference: null,
  quantity: '1.0000',
  uom: 'BL',
  unit_price: '2500.0000',
  dr_cr: 'DR',
  tax_code: null,
  tax_rate: '0.0000',
  amount: '2500.0000',
  tax_amount: '0.0000',
  total_amount: '2500.0000',
  ...over,
});

const invoice = (currency: string, lines: InvoicePdfData['lines'], totals: InvoicePdfData['totals']) =>
  ({
    invoice_no: 'ARHKG261100001',
    inv_type: 'AR',
    kind: 'DN',
    status: 'APPROVED_2',
    sub_type: null,
    invoice_date: '2026-11-20',
    currency,
    base_currency: 'HKD',
    exchange_rate: '7.8',
    company: { name: 'Demo Freight Ltd', address: [], bank: [], office: 'HKG' },
    bill_to: { code: 'HKSHP001', name: 'Shipper', address: [], tax_id: null, email: null },
    issue_party: null,
    payment_terms: null,
    job_nos: [],
    so_nos: [],
    hbl_no: null,
    mbl_no: null,
    ap_ref: null,
    gov_invoice_no: null,
    sales_code: null,
    remarks: null,
    lines,
    totals,
    cheque: null,
    signers: [],
    accounting_printed: null,
  }) satisfies InvoicePdfData;

describe('invoice PDF numbers (issue 38)', () => {
  it('prints amounts with the currency digits, unit prices with their precision and the rate with 6', async () => {
    const opts = ZInvoicePrintOptions.parse({ show_tax: true, show_base_currency: true });
    const text = await drawnText(() =>
      renderInvoicesPdf(
        [
          invoice(
            'USD',
            [
              line({}),
              line({
                charge_code: 'THC',
                unit_price: '1200.5000',
                amount: '1200.5000',
                tax_rate: '6.0000',
                tax_amount: '72.0300',
                total_amount: '1272.5300',
              }),
              line({ charge_code: 'CFS', unit_price: '0.1234', quantity: '100.0000', amount: '12.3400' }),
            ],
            { net: '3712.8400', tax: '72.0300', total: '3784.8700', base_total: '29521.9860' },
          ),
        ],
        opts,
      ),
    );
    // Before issue 38: "2,500.0000" beside "2,500" and "1,200.5".
    expect(text.filter((s) => /\d\.\d{4}$/.test(s) && !s.startsWith('0.1234'))).toEqual([]);
    expect(text).toContain('2,500.00');
    expect(text).toContain('1,200.50');
    expect(text).toContain('72.03');
    expect(text).toContain('1,272.53');
    expect(text).toContain('0.1234');
    expect(text).toContain('3,784.87');
    expect(text).toContain('29,521.99');
    expect(text.some((s) => s.includes('HKD @ 7.800000'))).toBe(true);
  });

  it('a JPY invoice prints whole yen; a BHD one three decimals', async () => {
    const opts = ZInvoicePrintOptions.parse({ show_tax: false, show_base_currency: false });
    const jpy = await drawnText(() =>
      renderInvoicesPdf(
        [invoice('JPY', [line({})], { net: '2500.0000', tax: '0', total: '2500.0000', base_total: '130' })],
        opts,
      ),
    );
    expect(jpy.filter((s) => s === '2,500').length).toBeGreaterThanOrEqual(3);
    expect(jpy.some((s) => s.startsWith('2,500.'))).toBe(false);
    vi.restoreAllMocks();
    const bhd = await drawnText(() =>
      renderInvoicesPdf(
        [
          invoice('BHD', [line({ total_amount: '12.3450' })], {
            net: '0',
            tax: '0',
            total: '12.3450',
            base_total: '0',
          }),
        ],
        opts,
      ),
    );
    expect(bhd).toContain('12.345');
    expect(bhd).not.toContain('12.3450');
  });
});
