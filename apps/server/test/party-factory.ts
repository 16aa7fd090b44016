import { eq } from 'drizzle-orm';
import { parties } from '../src/modules/party';
import type { DbOrTx } from '../src/platform/db/client';

/** Test helper: a demo party's id by its code (throws when the demo data lacks it). */
export async function partyIdOf(db: DbOrTx, code: string): Promise<number> {
  const [p] = await db.select({ id: parties.party_id }).from(parties).where(eq(parties.party_code, code));
  if (!p) throw new Error(`no demo party ${code}`);
  return p.id;
}

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
