/**
 * Test helper: the fields of a valid new party (POST /Party, an active Hong Kong shipper), `over` replacing any.
 * Not used by the product.
 */
export const newPartyBody = (over: Record<string, unknown> & { party_code: string; full_name: string }) => ({
  party_type: 'SHIPPER',
  short_name: 'Test Shipper',
  status: 'A',
  address1: '1 Test Road',
  city: 'Hong Kong',
  country_code: 'HK',
  tel: '+85228271234',
  address_type: 'BUSINESS',
  contact_type: 'PRIMARY',
  ledger_code: 'L9000',
  tax_id: 'HK12345678',
  credit_limit: '0',
  requester_remarks: 'New customer from the trade fair',
  ...over,
});
