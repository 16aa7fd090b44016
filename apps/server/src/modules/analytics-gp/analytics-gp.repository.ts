import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';

/**
 * All SQL of the GP-based analytics pages (docs/analytics.md "GP pages"). They read the GP module's derived
 * tables only, never invoices or orders in bulk: the cubes (gp_cube, gp_sales_cube) when every grouping and
 * filter is one of their keys (gp_customer_cube, gp_lane_cube too), else gp_job_facts (one row per job), and gp_invoice_facts (one row per
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
  teu: string;
  revenue: string;
  cost: string;
}

const CUBES: { table: string; cols: readonly GpCol[] }[] = [
  { table: 'gp_cube', cols: ['job_month', 'office', 'mode', 'service', 'pol'] },
  { table: 'gp_sales_cube', cols: ['job_month', 'office', 'mode', 'service', 'salesman'] },
  { table: 'gp_customer_cube', cols: ['job_month', 'office', 'mode', 'service', 'customer_id'] },
  { table: 'gp_lane_cube', cols: ['job_month', 'office', 'mode', 'service', 'pol', 'pod'] },
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

function whereSql(w: GpAnWhere, invoiceCube = false): SQL {
  const parts: SQL[] = [];
  if (w.never) parts.push(sql`false`);
  if (w.months) parts.push(sql`a.job_month between ${w.months[0]} and ${w.months[1]}`);
  if (w.days) parts.push(sql`a.inv_date between ${w.days[0]}::date and ${w.days[1]}::date`);
  for (const [c, v] of Object.entries(w.eq) as [GpCol, string | number][]) {
    if (v === undefined) continue;
    // A month of invoice dates as a range, so the (inv_type, inv_date) index serves it.
    if (c === 'inv_month' && !invoiceCube)
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

/** gp_invoice_cube's columns (party_id is the vendor: AP rows only). */
const INVOICE_CUBE_COLS: readonly GpCol[] = [
  'inv_month',
  'inv_type',
  'job_month',
  'office',
  'mode',
  'service',
  'party_id',
];

const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
const nextMonth = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
};

/**
 * Invoice days from..to as the whole months inside (read from the cube) and the partial months at either
 * end (read from the facts).
 */
export function splitDays(from: string, to: string) {
  const m1 = from.slice(0, 7);
  const m2 = to.slice(0, 7);
  const firstFull = from.endsWith('-01') ? m1 : nextMonth(m1, 1);
  const lastFull = to === lastDay(m2) ? m2 : nextMonth(m2, -1);
  if (firstFull > lastFull) return { months: null, edges: [[from, to] as const] };
  const edges: (readonly [string, string])[] = [];
  if (firstFull !== m1) edges.push([from, lastDay(m1)]);
  if (lastFull !== m2) edges.push([`${m2}-01`, to]);
  return { months: [firstFull, lastFull] as const, edges };
}

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
   * Invoice-grain sums grouped by `group`: invoices, revenue (AR) and cost (AP). The whole months of the period
   * come from gp_invoice_cube, the partial months at either end from its day twin gp_invoice_day_cube; a
   * filter the cubes lack (customer, carrier, lane) reads gp_invoice_facts for every day. Party
   * groups carry the party's code and name. An invoice counts once, on its first job (first_row).
   */
  async invoiceSummary(
    db: DbOrTx,
    group: readonly GpCol[],
    w: GpAnWhere,
    order: GpOrder = 'keys',
    limit = 100_000,
  ) {
    const [from, to] = w.days ?? ['', ''];
    const cubeOk = [...group, ...(Object.keys(w.eq) as GpCol[])].every((c) => INVOICE_CUBE_COLS.includes(c));
    const split = cubeOk ? splitDays(from, to) : { months: null, edges: [[from, to] as const] };
    const eqOnly: GpAnWhere = { eq: w.eq, never: w.never, months: w.months };
    const branches: SQL[] = [];
    const pick = (exprs: (c: GpCol) => SQL) => group.map((c) => sql`${exprs(c)} as ${sql.raw(c)}`);
    if (split.months)
      branches.push(sql`
        select ${sql.join(
          [
            ...pick((c) => sql.raw(`a.${c}`)),
            sql`a.invoices`,
            sql`case when a.inv_type = 'AR' then a.base else 0 end as rev`,
            sql`case when a.inv_type = 'AP' then a.base else 0 end as cst`,
          ],
          sql`, `,
        )}
          from gp_invoice_cube a
         where a.inv_month between ${split.months[0]} and ${split.months[1]} and ${whereSql(eqOnly, true)}`);
    // The days outside whole months: the cube's day twin (same keys, invoice date instead of month) when it
    // holds every column, else the facts (by the (inv_type, inv_date) index).
    if (split.edges.length)
      branches.push(sql`
        select ${sql.join(
          [
            ...pick(colSql),
            cubeOk ? sql`a.invoices` : sql`a.first_row::int as invoices`,
            sql`case when a.inv_type = 'AR' then a.base else 0 end as rev`,
            sql`case when a.inv_type = 'AP' then a.base else 0 end as cst`,
          ],
          sql`, `,
        )}
          from ${sql.raw(cubeOk ? 'gp_invoice_day_cube' : 'gp_invoice_facts')} a
         where (${sql.join(
           split.edges.map(([d1, d2]) => sql`a.inv_date between ${d1}::date and ${d2}::date`),
           sql` or `,
         )}) and ${whereSql(eqOnly)}`);
    const cols = group.map((c) => sql.raw(`x.${c}`));
    const orderBy =
      order === 'keys' && group.length
        ? sql`order by ${sql.join(cols, sql`, `)}`
        : order === 'cost'
          ? sql`order by sum(x.cst) desc, ${sql.join([...cols, sql`1`], sql`, `)}`
          : sql``;
    const inner = sql`
      select ${sql.join(
        [
          ...cols,
          sql`coalesce(sum(x.invoices), 0)::int as invoices`,
          sql`0 as jobs`,
          sql`'0' as teu`,
          sql`coalesce(sum(x.rev), 0)::text as revenue`,
          sql`coalesce(sum(x.cst), 0)::text as cost`,
        ],
        sql`, `,
      )}
        from (${sql.join(branches, sql` union all `)}) x
       ${group.length ? sql`group by ${sql.join(cols, sql`, `)}` : sql``}
       ${group.length ? sql`having sum(x.invoices) <> 0 or sum(x.rev) <> 0 or sum(x.cst) <> 0` : sql``}
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
       order by a.job_month desc, a.job_no desc
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
    // Newest invoice first: a backward walk of the (inv_id, job_no) key stops after the page.
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
        select distinct a.inv_id from gp_invoice_facts a where ${where}
         order by a.inv_id desc limit ${pageSize} offset ${(page - 1) * pageSize}),
      amt as (
        select a.inv_id, sum(a.base) as amount from gp_invoice_facts a
         where a.inv_id in (select inv_id from pg) and ${where} group by a.inv_id)
      select amt.inv_id, i.invoice_no, i.status, coalesce(i.invoice_date, i.created_at::date)::text as inv_date,
             p.full_name as party, i.office_code as office, amt.amount::text as amount
        from amt join invoices i on i.inv_id = amt.inv_id left join parties p on p.party_id = i.party_id
       order by amt.inv_id desc`);
    const { rows: n } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select distinct a.inv_id from gp_invoice_facts a where ${where} order by a.inv_id desc limit ${cap + 1}) x`);
    return { rows, total: n[0]?.n ?? 0 };
  },

  async partyIdByCode(db: DbOrTx, code: string) {
    const { rows } = await db.execute<{ party_id: number }>(
      sql`select party_id from parties where party_code = ${code} limit 1`,
    );
    return rows[0]?.party_id ?? null;
  },
};
