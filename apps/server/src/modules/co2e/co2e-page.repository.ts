import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';

/** The measures of a group of facts (alias f). */
export type Co2eGroup = {
  kg: string | null;
  shipments: number;
  teu: string;
  tonnes: string;
  missing: number;
};
const measures = sql`coalesce(round(sum(f.kg_co2e), 3), 0)::text as kg, count(*)::int as shipments,
  coalesce(sum(f.teu), 0)::text as teu, coalesce(sum(f.tonnes), 0)::text as tonnes,
  count(*) filter (where f.kg_co2e is null)::int as missing`;

export type Co2eTableRow = Co2eGroup & {
  code: string;
  name: string;
  pol: string;
  pod: string;
  mode: string;
  distance: string | null;
};

/** The CO2eEmissionReportPBI page's reads over co2e_shipment_facts (`where` from factsWhere). */
export const co2ePageRepository = {
  async totals(db: DbOrTx, where: SQL) {
    const { rows } = await db.execute<Co2eGroup>(
      sql`select ${measures} from co2e_shipment_facts f where ${where}`,
    );
    return rows[0];
  },

  async byMonthMode(db: DbOrTx, where: SQL) {
    const { rows } = await db.execute<{ month: string; mode: string; kg: string }>(sql`
      select to_char(f.month, 'YYYY-MM') as month, f.mode, coalesce(round(sum(f.kg_co2e), 3), 0)::text as kg
        from co2e_shipment_facts f where ${where} group by f.month, f.mode order by f.month, f.mode`);
    return rows;
  },

  async byLane(db: DbOrTx, where: SQL, limit: number) {
    const { rows } = await db.execute<{ pol: string; pod: string; kg: string }>(sql`
      select f.pol, f.pod, coalesce(round(sum(f.kg_co2e), 3), 0)::text as kg
        from co2e_shipment_facts f where ${where}
       group by f.pol, f.pod order by sum(f.kg_co2e) desc nulls last, f.pol, f.pod limit ${limit}`);
    return rows;
  },

  /** Customer × lane × mode, largest first; limit + 1 rows so the caller knows when there are more. */
  async table(db: DbOrTx, where: SQL, limit: number) {
    const { rows } = await db.execute<Co2eTableRow>(sql`
      select p.party_code as code, p.short_name as name, f.pol, f.pod, f.mode, ${measures},
             round(avg(f.distance_km), 1)::text as distance
        from co2e_shipment_facts f join parties p on p.party_id = f.customer_id
       where ${where}
       group by p.party_code, p.short_name, f.pol, f.pod, f.mode
       order by sum(f.kg_co2e) desc nulls last, p.party_code, f.pol, f.pod, f.mode
       limit ${limit + 1}`);
    return rows;
  },

  /** The bookings behind a figure (count capped at 10,001), newest ETD first. */
  async documents(db: DbOrTx, where: SQL, limit: number, offset: number) {
    const [{ n }] = (
      await db.execute<{ n: number }>(sql`
        select count(*)::int as n from (select 1 from co2e_shipment_facts f where ${where} limit 10001) x`)
    ).rows;
    const { rows } = await db.execute<{
      so_no: string;
      status: string;
      etd: string;
      party: string;
      office: string;
      kg: string | null;
    }>(sql`
      select f.so_no, so.status, f.etd::text as etd, p.short_name as party, f.office, f.kg_co2e::text as kg
        from co2e_shipment_facts f
        join shipping_orders so on so.so_id = f.so_id
        join parties p on p.party_id = f.customer_id
       where ${where}
       order by f.etd desc, f.so_id desc
       limit ${limit} offset ${offset}`);
    return { n, rows };
  },
};
