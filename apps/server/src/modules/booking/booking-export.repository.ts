import type { TBookingRow } from '@portal/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client';
import { type AmongSet, selectKeysAmong } from '../../platform/db/rendered-select';
import { parties } from '../party';
import { shippingOrders as so, soContainers } from './booking.tables';

/** One exported booking row: only the columns the sheet shows (booking.export.ts), times as Dates. */
export type BookingExportRow = Omit<
  TBookingRow,
  'so_id' | 'shipper_code' | 'consignee_code' | 'ageing_since' | 'updated_at'
> & { ageing_since: Date | null; updated_at: Date };
type RawRow = Omit<BookingExportRow, 'ageing_since' | 'updated_at'> & {
  ageing_since: string | null;
  updated_at: string;
};

/** Rows per statement of an export: big enough that round trips do not count, small enough to stream. */
export const EXPORT_BATCH = 2_000;

const shipper = alias(parties, 'shipper');
const consignee = alias(parties, 'consignee');

/**
 * The export's ids: every matching order's so_id in list order, at most `limit` (the list's own WHERE and
 * ORDER BY on shipping_orders alone, so an ETD window sorted by ETD is an index-only scan of
 * shipping_orders_etd_idx). Reading the ids first gives the size check before any byte is sent and a fixed
 * order for the batches; each batch then reads its rows by primary key.
 */
export async function exportIds(
  db: DbOrTx,
  f: { where: SQL | undefined; orderBy: SQL[]; among?: AmongSet },
  limit: number,
): Promise<number[]> {
  const { rows } = await db.execute<{ so_id: number }>(
    f.among
      ? // Thousands of searched orders: read among them, as the list's page is (selectPageAmong).
        selectKeysAmong(f.among, { where: f.where, orderBy: f.orderBy, limit })
      : sql`select ${so.so_id} as so_id from ${so} ${f.where ? sql`where ${f.where}` : sql``}
        order by ${sql.join(f.orderBy, sql`, `)} limit ${limit}`,
  );
  return rows.map((r) => r.so_id);
}

/**
 * The exported columns of these orders, in the order of `ids`, in one statement: the two party names by
 * join, the container numbers of the whole batch grouped once (not a subquery per row).
 */
export async function exportBatch(db: DbOrTx, ids: number[], clock: SQL | null): Promise<BookingExportRow[]> {
  const { rows } = await db.execute<RawRow & Record<string, unknown>>(sql`
    select ${so.so_no} as so_no, ${so.job_no} as job_no, ${so.hbl_no} as hbl_no, ${so.status} as status,
           ${so.is_e_booking} as is_e_booking, ${so.transport_mode} as transport_mode,
           ${so.service_type} as service_type, ${shipper.full_name} as shipper_name,
           ${consignee.full_name} as consignee_name, ${so.pol} as pol, ${so.pod} as pod, ${so.fd} as fd,
           ${so.etd} as etd, ${so.eta} as eta, ${so.carrier_code} as carrier_code,
           ${so.vessel_name} as vessel_name, ${so.voyage} as voyage, ${so.handling_office} as handling_office,
           ${so.si_status} as si_status, ${so.space_status} as space_status,
           ${so.approval_status} as approval_status, ct.nos as container_nos,
           ${clock ?? sql`null::timestamptz`} as ageing_since, ${so.updated_at} as updated_at
      from unnest(${sql.param(ids)}::int[]) with ordinality as x(id, n)
      join ${so} on ${so.so_id} = x.id
      left join ${parties} ${shipper} on ${eq(shipper.party_id, so.shipper_id)}
      left join ${parties} ${consignee} on ${eq(consignee.party_id, so.consignee_id)}
      left join (select c.so_id, string_agg(c.container_no, ',' order by c.line_no) as nos
                   from ${soContainers} c where c.so_id = any(${sql.param(ids)}::int[]) group by c.so_id) ct
        on ct.so_id = x.id
     order by x.n`);
  return rows.map((r) => ({
    ...r,
    ageing_since: r.ageing_since ? new Date(r.ageing_since) : null,
    updated_at: new Date(r.updated_at),
  }));
}
