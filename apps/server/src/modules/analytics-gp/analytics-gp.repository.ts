import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';

/**
 * All SQL of the GP-based analytics pages (docs/analytics.md "GP pages"). They read the GP module's derived
 * tables only, never invoices or orders in bulk: the cubes (gp_cube, gp_sales_cube) when every grouping and
 * filter is one of their keys, else gp_job_facts (one row per job), and gp_invoice_facts (one row per
 * invoice × job) for the invoice-date pages. Money stays numeric in SQL and travels as text.
 */

/** Columns the pages group and filter on (the same names in every GP table that has them). */
export type GpCol =
  | 'job_month'
  | 'office'
  | 'mode'
  | 'service'
  | 'carrier'
  | 'customer_id'
  | 'pol'
  | 'pod'
  | 'salesman'
  | 'inv_type'
  | 'party_id'
  | 'inv_month';

export interface GpAnWhere {
  /** Job months, inclusive (YYYY-MM). */
  months?: readonly [string, string];
  /** Invoice dates, inclusive (YYYY-MM-DD; gp_invoice_facts only). */
  days?: readonly [string, string];
  eq: Partial<Record<GpCol, string | number>>;
  /** A drill that contradicts the filter bar: no rows. */
  never?: boolean;
}

/** Sums of one group: jobs (shipments), TEU, CBM, revenue and cost (every invoice not deleted). */
export interface GpSums extends Record<string, unknown> {
  jobs: number;
  invoices?: number;
  parties?: number;
  teu: string;
  revenue: string;
  cost: string;
}

const CUBES: { table: string; cols: readonly GpCol[] }[] = [
  { table: 'gp_cube', cols: ['job_month', 'office', 'mode', 'service', 'pol'] },
  { table: 'gp_sales_cube', cols: ['job_month', 'office', 'mode', 'service', 'salesman'] },
];

/** The smallest job-grain table with every column grouped or filtered on (as gp-report's sourceFor). */
export function jobSource(group: readonly GpCol[], w: GpAnWhere) {
  const needed = new Set<GpCol>([...group, ...(Object.keys(w.eq) as GpCol[])]);
  for (const c of CUBES) if ([...needed].every((d) => c.cols.includes(d))) return c.table;
  return 'gp_job_facts';
}

/** A column's expression on alias `a` (inv_month is the invoice date's month). */
const colSql = (c: GpCol): SQL =>
  c === 'inv_month' ? sql.raw(`to_char(a.inv_date, 'YYYY-MM')`) : sql.raw(`a.${c}`);

function whereSql(w: GpAnWhere): SQL {
  const parts: SQL[] = [];
  if (w.never) parts.push(sql`false`);
  if (w.months) parts.push(sql`a.job_month between ${w.months[0]} and ${w.months[1]}`);
  if (w.days) parts.push(sql`a.inv_date between ${w.days[0]}::date and ${w.days[1]}::date`);
  for (const [c, v] of Object.entries(w.eq) as [GpCol, string | number][]) {
    if (v === undefined) continue;
    // A month of invoice dates as a range, so the (inv_type, inv_date) index serves it.
    if (c === 'inv_month')
      parts.push(
        sql`a.inv_date >= ${`${v}-01`}::date and a.inv_date < (${`${v}-01`}::date + interval '1 month')`,
      );
    else parts.push(sql`${sql.raw(`a.${c}`)} = ${v}`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const groupSql = (group: readonly GpCol[]) => ({
  select: group.map((c) => sql`${colSql(c)} as ${sql.raw(c)}`),
  by: group.length ? sql`group by ${sql.join(group.map(colSql), sql`, `)}` : sql``,
});

export type GpOrder = 'gp' | 'cost' | 'keys';

export const analyticsGpRepository = {
  /**
   * Job-grain sums grouped by `group` over the smallest table that has them; `limit` rows (ordered by GP
   * descending, or by the keys). Customer groups carry the party's code and name.
   */
  async jobSummary(
    db: DbOrTx,
    group: readonly GpCol[],
    w: GpAnWhere,
    order: GpOrder = 'keys',
    limit = 100_000,
  ) {
    const table = jobSource(group, w);
    const g = groupSql(group);
    const orderBy =
      order === 'keys' && group.length
        ? sql`order by ${sql.join(group.map(colSql), sql`, `)}`
        : order === 'gp'
          ? sql`order by sum(a.revenue) - sum(a.cost) desc, ${sql.join([...group.map(colSql), sql`1`], sql`, `)}`
          : sql``;
    const inner = sql`
      select ${sql.join(
        [
          ...g.select,
          sql`coalesce(sum(a.jobs), 0)::int as jobs`,
          sql`coalesce(sum(a.teu), 0)::text as teu`,
          sql`coalesce(sum(a.revenue), 0)::text as revenue`,
          sql`coalesce(sum(a.cost), 0)::text as cost`,
        ],
        sql`, `,
      )}
        from ${sql.raw(table)} a
       where ${whereSql(w)}
       ${g.by}
       having coalesce(sum(a.jobs), 0) > 0
       ${orderBy}
       limit ${limit}`;
    const query = group.includes('customer_id')
      ? sql`select s.*, p.party_code as customer_code, p.full_name as customer_name
              from (${inner}) s left join parties p on p.party_id = s.customer_id`
      : inner;
    const { rows } = await db.execute<GpSums & Record<string, string | number | null>>(query);
    return rows;
  },

  /**
   * Invoice-grain sums (gp_invoice_facts) grouped by `group`: invoices, jobs, revenue (AR) and cost (AP).
   * Party groups carry the party's code and name.
   */
  async invoiceSummary(
    db: DbOrTx,
    group: readonly GpCol[],
    w: GpAnWhere,
    order: GpOrder = 'keys',
    limit = 100_000,
  ) {
    const g = groupSql(group);
    const orderBy =
      order === 'keys' && group.length
        ? sql`order by ${sql.join(group.map(colSql), sql`, `)}`
        : order === 'cost'
          ? sql`order by coalesce(sum(a.base) filter (where a.inv_type = 'AP'), 0) desc, ${sql.join([...group.map(colSql), sql`1`], sql`, `)}`
          : sql``;
    const inner = sql`
      select ${sql.join(
        [
          ...g.select,
          sql`count(distinct a.inv_id)::int as invoices`,
          sql`count(distinct a.job_no)::int as jobs`,
          sql`count(distinct a.party_id)::int as parties`,
          sql`'0' as teu`,
          sql`coalesce(sum(a.base) filter (where a.inv_type = 'AR'), 0)::text as revenue`,
          sql`coalesce(sum(a.base) filter (where a.inv_type = 'AP'), 0)::text as cost`,
        ],
        sql`, `,
      )}
        from gp_invoice_facts a
       where ${whereSql(w)}
       ${g.by}
       ${orderBy}
       limit ${limit}`;
    const query = group.includes('party_id')
      ? sql`select s.*, p.party_code, p.full_name as party_name
              from (${inner}) s left join parties p on p.party_id = s.party_id`
      : inner;
    const { rows } = await db.execute<GpSums & Record<string, string | number | null>>(query);
    return rows;
  },

  /** The jobs behind a figure (gp_job_facts), GP descending, one page; total capped at `cap` + 1. */
  async jobDocuments(db: DbOrTx, w: GpAnWhere, page: number, pageSize: number, cap: number) {
    const where = whereSql(w);
    const { rows } = await db.execute<{
      job_no: string;
      job_month: string;
      office: string;
      customer: string | null;
      gp: string;
    }>(sql`
      select a.job_no, a.job_month, a.office, p.full_name as customer, (a.revenue - a.cost)::text as gp
        from gp_job_facts a left join parties p on p.party_id = a.customer_id
       where ${where}
       order by a.job_month desc, a.job_no
       limit ${pageSize} offset ${(page - 1) * pageSize}`);
    const { rows: n } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from gp_job_facts a where ${where} limit ${cap + 1}) x`,
    );
    return { rows, total: n[0]?.n ?? 0 };
  },

  /**
   * The invoices behind a figure (gp_invoice_facts grouped by invoice: its amount on the jobs in scope),
   * newest first, one page; total capped at `cap` + 1.
   */
  async invoiceDocuments(db: DbOrTx, w: GpAnWhere, page: number, pageSize: number, cap: number) {
    const where = whereSql(w);
    const { rows } = await db.execute<{
      inv_id: number;
      invoice_no: string;
      status: string;
      inv_date: string;
      party: string | null;
      office: string;
      amount: string;
    }>(sql`
      with pg as (
        select a.inv_id, sum(a.base) as amount
          from gp_invoice_facts a where ${where}
         group by a.inv_id
         order by a.inv_id desc
         limit ${pageSize} offset ${(page - 1) * pageSize})
      select pg.inv_id, i.invoice_no, i.status, coalesce(i.invoice_date, i.created_at::date)::text as inv_date,
             p.full_name as party, i.office_code as office, pg.amount::text as amount
        from pg join invoices i on i.inv_id = pg.inv_id left join parties p on p.party_id = i.party_id
       order by pg.inv_id desc`);
    const { rows: n } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select distinct a.inv_id from gp_invoice_facts a where ${where} limit ${cap + 1}) x`);
    return { rows, total: n[0]?.n ?? 0 };
  },

  async partyIdByCode(db: DbOrTx, code: string) {
    const { rows } = await db.execute<{ party_id: number }>(
      sql`select party_id from parties where party_code = ${code} limit 1`,
    );
    return rows[0]?.party_id ?? null;
  },
};
