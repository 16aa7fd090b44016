import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import {
  type IndexedDocument,
  indexDocuments,
  normalisedNumberSql,
  registerSearchKind,
} from '../../platform/search/document-numbers';
import { BOOKING_PARTY_COLUMNS } from './booking-access.repository';

/** The kind under which shipping orders stand in the document-number index (docs/search.md). */
export const BOOKING_SEARCH_KIND = 'booking';

interface OrderNumbersRow extends Record<string, unknown> {
  so_id: number;
  so_no: string;
  job_no: string | null;
  hbl_no: string | null;
  po_no: string | null;
  master_so_no: string | null;
  status: string;
  etd: string | null;
  eta: string | null;
  customer: string | null;
  party_ids: (number | null)[];
  containers: { c: string | null; b: string | null }[];
}

/** The orders' numbers, display fields and parties, in so_id order (one statement for any number of orders). */
async function load(db: DbOrTx, where: SQL, limit?: number): Promise<OrderNumbersRow[]> {
  const partyArray = sql.raw(`array[${BOOKING_PARTY_COLUMNS.map((c) => `so.${c}`).join(', ')}]`);
  const { rows } = await db.execute<OrderNumbersRow>(sql`
    select so.so_id, so.so_no, so.job_no, so.hbl_no, so.po_no, so.master_so_no, so.status, so.etd, so.eta,
           c.short_name as customer, ${partyArray} as party_ids,
           coalesce((select json_agg(json_build_object('c', x.container_no, 'b', x.carrier_booking_no))
                       from so_containers x
                      where x.so_id = so.so_id
                        and (x.container_no is not null or x.carrier_booking_no is not null)), '[]'::json) as containers
      from shipping_orders so
      left join parties c on c.party_id = so.customer_id
     where ${where}
     order by so.so_id
     ${limit ? sql`limit ${limit}` : sql``}`);
  return rows;
}

function documentOf(r: OrderNumbersRow): IndexedDocument {
  return {
    id: r.so_id,
    displayNo: r.so_no,
    status: r.status,
    subtitle: r.customer,
    dates: { etd: r.etd, eta: r.eta },
    partyIds: r.party_ids,
    numbers: [
      { field: 'so_no', value: r.so_no },
      { field: 'job_no', value: r.job_no },
      { field: 'hbl_no', value: r.hbl_no },
      { field: 'po_no', value: r.po_no },
      { field: 'master_so_no', value: r.master_so_no },
      ...r.containers.flatMap((x) => [
        { field: 'container_no', value: x.c },
        { field: 'carrier_booking_no', value: x.b },
      ]),
    ],
  };
}

/**
 * Puts these orders' current numbers into the document-number index. Called inside the transaction of every
 * write that creates an order or changes its numbers, containers, status, dates or parties (create, update,
 * actions: job/HBL assignment, cancel, ...), after the write.
 */
export async function indexBookings(tx: DbOrTx, soIds: readonly number[]): Promise<void> {
  if (soIds.length === 0) return;
  const rows = await load(tx, sql`so.so_id = any(${sql.param([...soIds])}::int[])`);
  await indexDocuments(tx, BOOKING_SEARCH_KIND, rows.map(documentOf));
}

/**
 * Refills the booking rows of the index (`npm run search:rebuild`) set-based, in so_id ranges of 50,000 orders:
 * the same rows `indexBookings` writes (the search test compares both), at a million orders in minutes rather
 * than the hours a row-by-row rebuild would take.
 */
async function rebuildBookingNumbers(db: Db): Promise<number> {
  const { rows } = await db.execute<{ lo: number | null; hi: number | null; n: number }>(
    sql`select min(so_id) as lo, max(so_id) as hi, count(*)::int as n from shipping_orders`,
  );
  const { lo, hi, n } = rows[0];
  if (lo === null || hi === null) return 0;
  const partyArray = sql.raw(`array[${BOOKING_PARTY_COLUMNS.map((c) => `so.${c}`).join(', ')}]`);
  // The order's parties without nulls or repeats, in column order (as indexDocuments keeps them).
  const partyIds = sql`array(select p from unnest(${partyArray}) with ordinality u(p, i)
                              where p is not null group by p order by min(i))`;
  const row = (field: SQL, value: SQL) => sql`
    select ${BOOKING_SEARCH_KIND}, so.so_id::text, ${field}, btrim(${value}), ${normalisedNumberSql(sql`btrim(${value})`)},
           so.so_no, so.status, c.short_name, jsonb_build_object('etd', so.etd, 'eta', so.eta), ${partyIds}`;
  for (let from = lo; from <= hi; from += 50_000) {
    const range = sql`so.so_id >= ${from} and so.so_id < ${from + 50_000}`;
    await db.execute(sql`
      insert into document_numbers (kind, doc_id, field, number, number_norm, display_no, status, subtitle, dates, party_ids)
      select * from (
        ${row(sql`n.field`, sql`n.value`)}
          from shipping_orders so
          left join parties c on c.party_id = so.customer_id
          cross join lateral (values ('so_no', so.so_no), ('job_no', so.job_no), ('hbl_no', so.hbl_no),
                                     ('po_no', so.po_no), ('master_so_no', so.master_so_no)) n(field, value)
         where ${range}
        union all
        ${row(sql`n.field`, sql`n.value`)}
          from so_containers x
          join shipping_orders so on so.so_id = x.so_id
          left join parties c on c.party_id = so.customer_id
          cross join lateral (values ('container_no', x.container_no),
                                     ('carrier_booking_no', x.carrier_booking_no)) n(field, value)
         where ${range}
      ) r(kind, doc_id, field, number, number_norm, display_no, status, subtitle, dates, party_ids)
      where r.number_norm <> ''
      on conflict do nothing`);
  }
  return n;
}

registerSearchKind({
  kind: BOOKING_SEARCH_KIND,
  funcIds: ['booking'],
  externalAccess: 'own-parties',
  href: ({ displayNo }) => `/BMS/enhance_booking/shipping_order/${encodeURIComponent(displayNo)}`,
  order: 10,
  rebuild: rebuildBookingNumbers,
});
