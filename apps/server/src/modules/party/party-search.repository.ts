import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import {
  type IndexedDocument,
  indexDocuments,
  registerSearchKind,
} from '../../platform/search/document-numbers';

/** The kind under which parties stand in the document-number index (docs/search.md). */
export const PARTY_SEARCH_KIND = 'party';

interface PartyNumbersRow extends Record<string, unknown> {
  party_id: number;
  party_code: string;
  full_name: string;
  short_name: string;
  approval_status: string;
  city: string | null;
  country_code: string;
}

async function load(db: DbOrTx, where: SQL, limit?: number): Promise<PartyNumbersRow[]> {
  const { rows } = await db.execute<PartyNumbersRow>(sql`
    select party_id, party_code, full_name, short_name, approval_status, city, country_code
      from parties where ${where} order by party_id ${limit ? sql`limit ${limit}` : sql``}`);
  return rows;
}

/** A party is found by its code and its names; the party itself is its only party (external access). */
function documentOf(r: PartyNumbersRow): IndexedDocument {
  return {
    id: r.party_id,
    displayNo: r.party_code,
    status: r.approval_status,
    subtitle: [r.full_name, [r.city, r.country_code].filter(Boolean).join(', ')].join(' · '),
    partyIds: [r.party_id],
    numbers: [
      { field: 'party_code', value: r.party_code },
      { field: 'name', value: r.full_name },
      { field: 'short_name', value: r.short_name },
    ],
  };
}

/** Puts these parties' codes and names into the index; called in the transaction of each party write. */
export async function indexParties(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await load(tx, sql`party_id = any(${sql.param([...ids])}::int[])`);
  await indexDocuments(tx, PARTY_SEARCH_KIND, rows.map(documentOf));
}

async function rebuildPartyNumbers(db: Db): Promise<number> {
  let after = 0;
  let total = 0;
  for (;;) {
    const rows = await load(db, sql`party_id > ${after}`, 5000);
    if (rows.length === 0) return total;
    await db.transaction((tx) => indexDocuments(tx, PARTY_SEARCH_KIND, rows.map(documentOf)));
    total += rows.length;
    after = rows[rows.length - 1].party_id;
  }
}

registerSearchKind({
  kind: PARTY_SEARCH_KIND,
  funcIds: ['party'],
  externalAccess: 'own-parties',
  href: ({ id }) => `/BMS/party/party_maintenance/${id}`,
  order: 90,
  rebuild: rebuildPartyNumbers,
});
