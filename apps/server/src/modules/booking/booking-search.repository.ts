import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
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
           coalesce((select json_agg(json_build_object('c', x.container_no, 'b', x.carrier_booking_no)
                                       order by x.line_no, x.id)
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
 * The order's parties without nulls or repeats, in column order (as indexDocuments keeps them), as one
 * expression: a column is kept unless it is null or equal to an earlier one (no subquery per order).
 */
function partyIdsSql(alias: string): SQL {
  const cols = BOOKING_PARTY_COLUMNS.map((c) => `${alias}.${c}`);
  const kept = cols.map((c, i) =>
    i === 0
      ? c
      : `case when coalesce(${c} = any(array[${cols.slice(0, i).join(', ')}]), false) then null else ${c} end`,
  );
  return sql.raw(`array_remove(array[${kept.join(', ')}], null)`);
}

/**
 * Refills the booking rows of the index (`npm run search:rebuild`) set-wise, in two statements: the orders'
 * own numbers, then their containers' numbers. The same rows `indexBookings` writes (the search test compares
 * both): a number repeated on two containers of an order (a carrier booking no. on every container) is kept
 * once, from the first container line, as `rowsOf` keeps the first. The display fields are computed once per
 * order (`offset 0` keeps PostgreSQL from inlining them into every number row).
 */
async function rebuildBookingNumbers(db: DbOrTx): Promise<number> {
  const orders = sql`(select so.so_id, so.so_no, so.job_no, so.hbl_no, so.po_no, so.master_so_no, so.status,
                             c.short_name as customer, jsonb_build_object('etd', so.etd, 'eta', so.eta) as dates,
                             ${partyIdsSql('so')} as party_ids
                        from shipping_orders so
                        left join parties c on c.party_id = so.customer_id
                      offset 0) s`;
  const numbers = (values: SQL) => sql`cross join lateral (
      select v.field, v.number, ${normalisedNumberSql(sql`v.number`)} as norm from (values ${values}) v(field, number)) n`;
  await db.execute(sql`
    insert into document_numbers (kind, doc_id, field, number, number_norm, display_no, status, subtitle, dates, party_ids)
    select ${BOOKING_SEARCH_KIND}, s.so_id::text, n.field, n.number, n.norm, s.so_no, s.status, s.customer, s.dates, s.party_ids
      from ${orders}
      ${numbers(sql`('so_no', btrim(s.so_no)), ('job_no', btrim(s.job_no)), ('hbl_no', btrim(s.hbl_no)),
                    ('po_no', btrim(s.po_no)), ('master_so_no', btrim(s.master_so_no))`)}
     where n.norm <> ''
    on conflict do nothing`);
  await db.execute(sql`
    insert into document_numbers (kind, doc_id, field, number, number_norm, display_no, status, subtitle, dates, party_ids)
    select ${BOOKING_SEARCH_KIND}, s.so_id::text, d.field, d.number, d.norm, s.so_no, s.status, s.customer, s.dates, s.party_ids
      from (select distinct on (x.so_id, n.field, n.norm) x.so_id, n.field, n.number, n.norm
              from so_containers x
              ${numbers(sql`('container_no', btrim(x.container_no)), ('carrier_booking_no', btrim(x.carrier_booking_no))`)}
             where n.norm <> ''
             order by x.so_id, n.field, n.norm, x.line_no, x.id) d
      join ${orders} on s.so_id = d.so_id
    on conflict do nothing`);
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from shipping_orders`);
  return rows[0].n;
}

registerSearchKind({
  kind: BOOKING_SEARCH_KIND,
  funcIds: ['booking'],
  externalAccess: 'own-parties',
  href: ({ displayNo }) => `/BMS/enhance_booking/shipping_order/${encodeURIComponent(displayNo)}`,
  order: 10,
  rebuild: rebuildBookingNumbers,
});
