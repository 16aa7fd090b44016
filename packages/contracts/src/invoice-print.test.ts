import { describe, expect, it } from 'vitest';
import { INVOICE_PRINT_DEFAULTS, ZInvoiceMergeRequest, ZInvoicePrintOptions } from './invoice-print';

describe('INVOICE_PRINT_DEFAULTS', () => {
  it('equals the defaults of ZInvoicePrintOptions', () => {
    expect(ZInvoicePrintOptions.parse({})).toEqual(INVOICE_PRINT_DEFAULTS);
  });

  it('is what a merge request without options prints with', () => {
    expect(ZInvoiceMergeRequest.parse({ inv_ids: [1] }).options).toEqual(INVOICE_PRINT_DEFAULTS);
  });
});
