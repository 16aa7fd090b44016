import {
  GP_MAX_MONTHS,
  GP_MSG,
  GP_REPORTS,
  gpMonths,
  minorUnits,
  money,
  type ScaleOf,
  type TGpDim,
  type TGpDrillQuery,
  type TGpFilters,
  type TGpInvoice,
  type TGpJob,
  type TGpMeasures,
  type TGpReportName,
  type TGpRow,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../platform/db/client';
import { badRequest } from '../../platform/errors/app-error';
import { type GpWhere, gpRepository as repo } from './gp-report.repository';

export interface GpConfig {
  baseCurrency: string;
}

const FILTER_DIMS: TGpDim[] = ['office', 'mode', 'service', 'pol', 'customer', 'salesman'];

/** Raw sums of a row as the repository answers them. */
interface Sums {
  jobs: number;
  cbm: string;
  teu: string;
  cw: string;
  revenue: string;
  cost: string;
}

const perUnit = (gp: string, units: string, base: ScaleOf) =>
  money.compare(units, '0') > 0 ? money.round(money.div(gp, units, 12), base) : null;

/** GP, margin and the per-unit figures of a row's sums (docs/gp-reports.md). */
export function measuresOf(s: Sums, base: string): TGpMeasures {
  const revenue = money.round(s.revenue, base);
  const cost = money.round(s.cost, base);
  const gp = money.round(money.sub(revenue, cost), base);
  return {
    revenue,
    cost,
    gp,
    margin:
      money.compare(revenue, '0') !== 0
        ? money.round(money.div(money.mul(gp, 100), revenue, 12), { scale: 1 })
        : null,
    jobs: Number(s.jobs),
    cbm: money.round(s.cbm, { scale: 3 }),
    teu: money.round(s.teu, { scale: 2 }),
    cw: money.round(s.cw, { scale: 1 }),
    gp_per_cbm: perUnit(gp, s.cbm, base),
    gp_per_teu: perUnit(gp, s.teu, base),
    gp_per_cw: perUnit(gp, s.cw, { scale: 4 }),
    gp_per_shipment: perUnit(gp, String(s.jobs), base),
  };
}

const sumOf = (rows: Sums[]): Sums => ({
  jobs: rows.reduce((n, r) => n + Number(r.jobs), 0),
  cbm: money.sum(rows.map((r) => r.cbm)),
  teu: money.sum(rows.map((r) => r.teu)),
  cw: money.sum(rows.map((r) => r.cw)),
  revenue: money.sum(rows.map((r) => r.revenue)),
  cost: money.sum(rows.map((r) => r.cost)),
});

/** The period checked (YYYY-MM, from ≤ to, at most GP_MAX_MONTHS) and the filters in table terms. */
async function whereOf(db: DbOrTx, q: TGpFilters & { month?: string; job_no?: string }): Promise<GpWhere> {
  if (q.from > q.to || gpMonths(q.from, q.to).length > GP_MAX_MONTHS)
    throw badRequest([{ field: 'from', msgKey: GP_MSG.periodInvalid }], GP_MSG.periodInvalid);
  const eq: GpWhere['eq'] = {};
  for (const d of FILTER_DIMS) {
    const v = q[d as keyof typeof q];
    if (typeof v === 'string' && v !== '') eq[d] = d === 'salesman' && v === '-' ? '' : v;
  }
  if (q.customer) {
    const id = await repo.partyIdByCode(db, q.customer);
    if (id === null)
      throw badRequest([{ field: 'customer', msgKey: GP_MSG.customerUnknown }], GP_MSG.customerUnknown);
    eq.customer = id;
  }
  // A drill-down into one month narrows the period to it.
  const from = q.month && q.month > q.from ? q.month : q.from;
  const to = q.month && q.month < q.to ? q.month : q.to;
  return { from, to, basis: q.basis, eq, jobNo: q.job_no };
}

export const gpReportService = {
  /** A report's rows by its dims, with totals (002 §2; which dims each report has: GP_REPORTS). */
  async report(db: Db, config: GpConfig, name: TGpReportName, q: TGpFilters & { month?: string }) {
    const def = GP_REPORTS[name];
    const where = await whereOf(db, q);
    const raw = await repo.summary(db, def.dims, where);
    return {
      report: name,
      base_currency: config.baseCurrency,
      dims: [...def.dims] as string[],
      rows: raw.map((r) => toRow(r, def.dims, config.baseCurrency)),
      totals: measuresOf(sumOf(raw as unknown as Sums[]), config.baseCurrency),
    };
  },

  /** The jobs behind a figure (shipment details), one page. */
  async jobs(db: Db, config: GpConfig, q: TGpDrillQuery) {
    const base = config.baseCurrency;
    const where = await whereOf(db, q);
    const { rows, totals } = await repo.jobs(db, where, q.page, q.pageSize);
    const out: TGpJob[] = rows.map((r) => {
      const { jobs: _jobs, ...m } = measuresOf({ ...r, jobs: 1 }, base);
      return {
        ...m,
        job_no: r.job_no,
        so_nos: r.so_nos,
        so_ids: r.so_ids.map(Number),
        month: r.job_month,
        office: r.office,
        mode: r.mode,
        service: r.service,
        pol: r.pol,
        customer: r.customer,
        customer_name: r.customer_name,
        salesman: r.salesman,
        invoices: Number(r.invoices),
      };
    });
    const t = totals as unknown as Sums;
    return {
      base_currency: base,
      rows: out,
      total: Number(t.jobs),
      page: q.page,
      pageSize: q.pageSize,
      totals: measuresOf(t, base),
    };
  },

  /** The invoices behind a figure (invoice details), one page. */
  async invoices(db: Db, config: GpConfig, q: TGpDrillQuery) {
    const base = config.baseCurrency;
    const where = await whereOf(db, q);
    const { rows, total } = await repo.invoices(db, where, q.page, q.pageSize, minorUnits(base));
    const out: TGpInvoice[] = rows.map((r) => ({
      inv_id: r.inv_id,
      invoice_no: r.invoice_no,
      inv_type: r.inv_type,
      kind: r.kind,
      status: r.status,
      acct_process_status: r.acct_process_status,
      job_no: r.job_no,
      month: r.month,
      office: r.office,
      account_code: r.account_code,
      account_name: r.account_name,
      invoice_date: r.invoice_date,
      currency: r.currency,
      net_amount: money.round(r.net_amount, r.currency),
      revenue: r.inv_type === 'AR' ? money.round(r.base, base) : money.round('0', base),
      cost: r.inv_type === 'AP' ? money.round(r.base, base) : money.round('0', base),
    }));
    return { base_currency: base, rows: out, total, page: q.page, pageSize: q.pageSize };
  },

  /** The same summary computed straight from invoices and orders (tests, bench). */
  async reportDirect(db: Db, config: GpConfig, dims: readonly TGpDim[], q: TGpFilters) {
    const where = await whereOf(db, q);
    const raw = await repo.summaryDirect(db, dims, where, minorUnits(config.baseCurrency));
    return raw.map((r) => toRow(r, dims, config.baseCurrency));
  },
};

function toRow(r: Record<string, string | number | null>, dims: readonly TGpDim[], base: string): TGpRow {
  const keys: Record<string, string> = {};
  const names: Record<string, string> = {};
  for (const d of dims) keys[d] = String(r[d] ?? '');
  if (dims.includes('customer') && typeof r.customer_label === 'string') {
    const [code, name] = r.customer_label.split('\t');
    keys.customer = code;
    names.customer = name ?? '';
  }
  return { keys, names, ...measuresOf(r as unknown as Sums, base) };
}
