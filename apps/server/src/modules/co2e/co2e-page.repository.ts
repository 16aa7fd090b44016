import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';

/** The measures of a group of co2e_cube-shaped rows (alias f, from pageSource). */
export type Co2eGroup = {
  kg: string | null;
  shipments: number;
  teu: string;
  tonnes: string;
  missing: number;
};
/** The group's kg CO2e: null when none of its shipments has a figure (as a sum over the facts would be). */
const KG = sql`(case when sum(f.kg_n) > 0 then sum(f.kg) end)`;
const measures = sql`coalesce(round(${KG}, 3), 0)::text as kg, coalesce(sum(f.shipments), 0)::int as shipments,
  coalesce(sum(f.teu), 0)::text as teu, coalesce(sum(f.tonnes), 0)::text as tonnes,
  coalesce(sum(f.shipments) - sum(f.kg_n), 0)::int as missing`;

export type Co2eTableRow = Co2eGroup & {
  code: string;
  name: string;
  pol: string;
  pod: string;
  mode: string;
  distance: string | null;
};

/**
 * The CO2eEmissionReportPBI page's reads: figures over `src` (pageSource: co2e_cube-shaped groups), the
 * documents over co2e_shipment_facts (`where` from factsWhere).
 */
export const co2ePageRepository = {
  /**
   * The page's four figures (totals, by month × mode, the top lanes, the customer × lane × mode table) in one
   * read of `src` (grouping sets; before, four queries each read it): the same rows, orders and limits as
   * totals(), byMonthMode(), byLane() and table() answer (table: limit + 1 rows).
   */
  async figures(db: DbOrTx, src: SQL, laneLimit: number, tableLimit: number) {
    const { rows } = await db.execute<
      Co2eGroup & {
        part: 'total' | 'month' | 'lane' | 'table';
        month: string | null;
        mode: string | null;
        pol: string | null;
        pod: string | null;
        code: string | null;
        name: string | null;
        distance: string | null;
      }
    >(sql`
      with g as (
        select case when grouping(f.month) = 0 then 'month' when grouping(f.customer_id) = 0 then 'table'
                    when grouping(f.pol) = 0 then 'lane' else 'total' end as part,
               f.month, f.mode, f.pol, f.pod, f.customer_id, ${KG} as kg_sort, ${measures},
               round(sum(f.dist_sum) / nullif(sum(f.dist_n), 0), 1)::text as distance
          from ${src} f
         group by grouping sets ((), (f.month, f.mode), (f.pol, f.pod), (f.customer_id, f.pol, f.pod, f.mode))),
      r as (
        select g.*, p.party_code as code, p.short_name as name,
               row_number() over (partition by g.part
                 order by g.kg_sort desc nulls last, p.party_code, g.pol, g.pod, g.mode) as rn
          from g left join parties p on p.party_id = g.customer_id
         where g.part <> 'table' or p.party_id is not null)
      select part, to_char(month, 'YYYY-MM') as month, mode, pol, pod, code, name, kg, shipments, teu, tonnes,
             missing, distance
        from r
       where part in ('total', 'month') or (part = 'lane' and rn <= ${laneLimit})
          or (part = 'table' and rn <= ${tableLimit + 1})
       order by part, month, mode, rn`);
    const total = rows.find((r) => r.part === 'total');
    const group = (r: Co2eGroup): Co2eGroup => ({
      kg: r.kg,
      shipments: r.shipments,
      teu: r.teu,
      tonnes: r.tonnes,
      missing: r.missing,
    });
    return {
      totals: total ? group(total) : { kg: '0', shipments: 0, teu: '0', tonnes: '0', missing: 0 },
      byMonth: rows
        .filter((r) => r.part === 'month')
        .map((r) => ({ month: r.month ?? '', mode: r.mode ?? '', kg: r.kg ?? '0' })),
      byLane: rows
        .filter((r) => r.part === 'lane')
        .map((r) => ({ pol: r.pol ?? '', pod: r.pod ?? '', kg: r.kg ?? '0' })),
      table: rows
        .filter((r) => r.part === 'table')
        .map(
          (r): Co2eTableRow => ({
            ...group(r),
            code: r.code ?? '',
            name: r.name ?? '',
            pol: r.pol ?? '',
            pod: r.pod ?? '',
            mode: r.mode ?? '',
            distance: r.distance,
          }),
        ),
    };
  },

  async totals(db: DbOrTx, src: SQL) {
    const { rows } = await db.execute<Co2eGroup>(sql`select ${measures} from ${src} f`);
    return rows[0];
  },

  async byMonthMode(db: DbOrTx, src: SQL) {
    const { rows } = await db.execute<{ month: string; mode: string; kg: string }>(sql`
      select to_char(f.month, 'YYYY-MM') as month, f.mode, coalesce(round(${KG}, 3), 0)::text as kg
        from ${src} f group by f.month, f.mode order by f.month, f.mode`);
    return rows;
  },

  async byLane(db: DbOrTx, src: SQL, limit: number) {
    const { rows } = await db.execute<{ pol: string; pod: string; kg: string }>(sql`
      select f.pol, f.pod, coalesce(round(${KG}, 3), 0)::text as kg
        from ${src} f
       group by f.pol, f.pod order by ${KG} desc nulls last, f.pol, f.pod limit ${limit}`);
    return rows;
  },

  /** Customer × lane × mode, largest first; limit + 1 rows so the caller knows when there are more. */
  async table(db: DbOrTx, src: SQL, limit: number) {
    const { rows } = await db.execute<Co2eTableRow>(sql`
      select p.party_code as code, p.short_name as name, f.pol, f.pod, f.mode, ${measures},
             round(sum(f.dist_sum) / nullif(sum(f.dist_n), 0), 1)::text as distance
        from ${src} f join parties p on p.party_id = f.customer_id
       group by p.party_code, p.short_name, f.pol, f.pod, f.mode
       order by ${KG} desc nulls last, p.party_code, f.pol, f.pod, f.mode
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
