import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { DEMO_ADMIN } from '../../platform/seed/demo-people';
import { parties } from '../party';
import { seedDemoTradelanes } from '../tradelane';
import { seedDemoWarehouses } from '../warehouse';
import { partyGroupMembers, partyGroups } from './party-group.tables';

/** Demo groups and the party codes (of seedDemoParties) they gather. */
const DEMO_GROUPS: { name: string; type: string; sub: string | null; codes: string[] }[] = [
  {
    name: 'Key Accounts Asia',
    type: 'CUSTOMER',
    sub: 'Key accounts',
    codes: ['HKCUS001', 'CNSZX001', 'HKSHP001'],
  },
  { name: 'European Agents', type: 'AGENT', sub: 'North Europe', codes: ['DEHAM001', 'NLRTM001'] },
  {
    name: 'US Consignees',
    type: 'CUSTOMER',
    sub: 'Transpacific',
    codes: ['USLAX001', 'USNYC001', 'USCHI001'],
  },
];

/** Seeds the demo party groups with those of their parties that exist; skips names that already exist. */
export async function seedDemoPartyGroups(db: DbOrTx) {
  const codes = DEMO_GROUPS.flatMap((g) => g.codes);
  const found = await db
    .select({ id: parties.party_id, code: parties.party_code })
    .from(parties)
    .where(inArray(parties.party_code, codes));
  const idOf = new Map(found.map((p) => [p.code, p.id]));
  for (const g of DEMO_GROUPS) {
    const [row] = await db
      .insert(partyGroups)
      .values({
        group_name: g.name,
        group_type: g.type,
        sub_group: g.sub,
        created_by: DEMO_ADMIN.login_id,
        updated_by: DEMO_ADMIN.login_id,
      })
      .onConflictDoNothing()
      .returning({ id: partyGroups.party_group_id });
    const members = g.codes.flatMap((c) => (idOf.has(c) ? [idOf.get(c) as number] : []));
    if (row && members.length) {
      await db
        .insert(partyGroupMembers)
        .values(members.map((party_id) => ({ party_group_id: row.id, party_id })));
    }
  }
}

/** Demo warehouses, trade lanes and party groups; call after seedDemoParties so groups get their members. */
export async function seedDemoMasterData(db: DbOrTx) {
  await seedDemoWarehouses(db);
  await seedDemoTradelanes(db);
  await seedDemoPartyGroups(db);
}
