import PDFDocument from 'pdfkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStatementPdf } from './statement.pdf';

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

describe('statement PDF numbers (issue 38)', () => {
  it('prints every amount with its currency digits', async () => {
    const text = await drawnText(() =>
      renderStatementPdf(
        {
          company: { name: 'Demo Freight Ltd', address: [], bank: [] },
          customer: {
            code: 'HKSHP001',
            name: 'Shipper',
            address: [],
            terms: null,
            credit_limit: '50000.0000',
          },
          as_of: '2026-11-26',
          base_currency: 'HKD',
          lines: [
            {
              invoice_no: 'ARHKG261100001',
              invoice_date: '2026-11-01',
              due_date: '2026-11-15',
              days_past_due: 11,
              currency: 'JPY',
              total_amount: '120000.0000',
              outstanding_amount: '60000.0000',
              job_nos: [],
            },
          ],
          buckets: {
            current: '0.0000',
            d1_30: '3120.0000',
            d31_60: '0',
            d61_90: '0',
            d90_plus: '0',
            total: '3120.0000',
          },
          by_currency: [{ currency: 'JPY', outstanding: '60000.0000' }],
        },
        'en',
      ),
    );
    expect(text).toContain('120,000');
    expect(text).toContain('60,000');
    expect(text).toContain('HKD 3,120.00');
    expect(text).toContain('JPY 60,000');
    expect(text.some((s) => s.includes('HKD 50,000.00'))).toBe(true);
    expect(text.filter((s) => /\d\.\d{4}\b/.test(s))).toEqual([]);
  });
});
