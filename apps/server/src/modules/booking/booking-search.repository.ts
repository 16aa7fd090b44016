import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import {
  type IndexedDocument,
  indexDocuments,
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

/** Refills the booking rows of the index in batches of 2,000 orders (`npm run search:rebuild`). */
async function rebuildBookingNumbers(db: Db): Promise<number> {
  let after = 0;
  let total = 0;
  for (;;) {
    const rows = await load(db, sql`so.so_id > ${after}`, 2000);
    if (rows.length === 0) return total;
    await db.transaction((tx) => indexDocuments(tx, BOOKING_SEARCH_KIND, rows.map(documentOf)));
    total += rows.length;
    after = rows[rows.length - 1].so_id;
  }
}

registerSearchKind({
  kind: BOOKING_SEARCH_KIND,
  funcIds: ['booking'],
  externalAccess: 'own-parties',
  href: ({ displayNo }) => `/BMS/enhance_booking/shipping_order/${encodeURIComponent(displayNo)}`,
  order: 10,
  rebuild: rebuildBookingNumbers,
});
