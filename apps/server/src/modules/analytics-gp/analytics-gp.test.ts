import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ANALYTICS_PAGE_NAMES, ANALYTICS_PAGES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import type { Actor } from '../../platform/access/access';
import { analyticsPage } from '../analytics';
import { cloneOrders, rebuildGp, refreshGpJobs } from '../gp-report';
import { GP_COLUMN_LABELS } from './analytics-gp.labels';

// The GP analytics pages (docs/analytics.md "GP pages") on fixtures computed by hand, as gp-report.test.ts:
// orders cloned from a demo order, invoices created through the API (the GP hook keeps the facts).

let t: TestApp;
type H = Record<string, string>;
let manager: H;
let ops: H;
let tpl: number;

const call = (url: string, headers: H) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

const line = (over: Record<string, unknown> = {}) => ({
  charge_code: 'DOC',
  description: 'Documentation',
  unit_price: '100',
  quantity: '1',
  uom: 'SHPT',
  dr_cr: 'DR',
  tax_code: 'NOTAX',
  tax_rate: '0',
  price_includes_tax: false,
  ...over,
});

interface Job {
  job: string;
  so: string;
  etd: string;
}
const jobs: Record<string, Job> = {};
const partyId = async (code: string) =>
  (await t.db.execute<{ party_id: number }>(sql`select party_id from parties where party_code = ${code}`))
    .rows[0].party_id;

async function makeJob(key: string, o: Record<string, string | number>, equipment?: [string, number]) {
  const job = `GAT${key}`;
  const so = `GATSO${key}`;
  const { pod, carrier_code, ...rest } = o;
  const [soId] = await cloneOrders(t.db, [{ tpl, so_no: so, job_no: job, hbl_no: `GATB${key}`, ...rest }]);
  // POD and carrier are not clone overrides; set before any invoice, so the GP hook reads them.
  await t.db.execute(
    sql`update shipping_orders set pod = ${String(pod)}, carrier_code = ${String(carrier_code)} where so_id = ${soId}`,
  );
  // Units from these fixtures only (the template order's own equipment must not count).
  await t.db.execute(sql`delete from so_containers where so_id = ${soId}`);
  await t.db.execute(sql`delete from so_equipment where so_id = ${soId}`);
  if (equipment)
    await t.db.execute(
      sql`insert into so_equipment (so_id, line_no, size_type, qty) values (${soId}, 1, ${equipment[0]}, ${equipment[1]})`,
    );
  jobs[key] = { job, so, etd: String(o.etd) };
  return jobs[key];
}

async function invoice(
  type: 'AR' | 'AP',
  j: Job,
  lines: Record<string, unknown>[],
  over: Record<string, unknown> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/Invoice',
    headers: ops,
    payload: {
      inv_type: type,
      kind: type,
      account_code: type === 'AR' ? 'HKCUS001' : 'HKCAR001',
      job_nos: [j.job],
      so_nos: [j.so],
      currency: 'HKD',
      invoice_date: j.etd,
      sub_type: type === 'AR' ? 'VAT_SPECIAL' : 'RECEIPT',
      lines: lines.map((l) => line(l)),
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { inv_id: number };
}

const q = (o: Record<string, string>) => new URLSearchParams({ from: '2024-03-01', to: '2024-04-30', ...o });
const page = async (name: string, o: Record<string, string> = {}) => {
  const res = await call(`/Analytics/${name}?${q(o)}`, manager);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const docs = async (name: string, o: Record<string, string> = {}) => {
  const res = await call(`/Analytics/${name}/documents?${q(o)}`, manager);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
type Row = { cells: Record<string, string | null>; drill?: Record<string, string> };
type Kpi = { key: string; value: string | null };
const kpis = (r: { kpis: Kpi[] }) => Object.fromEntries(r.kpis.map((k) => [k.key, k.value]));

beforeAll(async () => {
  t = await createTestApp();
  manager = bearer(await sessionToken(t, 'manager@demo.test'));
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  const { rows } = await t.db.execute<{ so_id: number }>(
    sql`select so_id from shipping_orders where job_no is not null order by so_id limit 1`,
  );
  tpl = rows[0].so_id;
  await t.db.execute(sql`insert into exchange_rates (from_currency, to_currency, rate, effective_date)
    values ('HKD', 'CNY', '0.920000', '2023-01-01'), ('USD', 'CNY', '7.100000', '2023-01-01'),
           ('USD', 'HKD', '7.800000', '2023-01-01') on conflict do nothing`);
  const hkcus = await partyId('HKCUS001');
  const szx = await partyId('CNSZX001');
  const base = { status: 'CONFIRMED', eta: '2024-05-30', cargo_ready_date: '2023-02-01', customer_id: hkcus };
  const sea = { handling_office: 'HKG', transport_mode: 'SEA', pol: 'HKHKG', pod: 'USLAX', salesman: 'S01' };
  // A: March, HKG sea FCL HKHKG-USLAX by MAEU, 2 × 40HQ = 4 TEU. AR 1,000 × 2 + 100 = 2,100; AP USD 200 × 7.8 = 1,560.
  await makeJob('A', { ...base, ...sea, etd: '2024-03-05', service_type: 'FCL', carrier_code: 'MAEU' }, [
    '40HQ',
    2,
  ]);
  // B: March, SZX air CNYTN-USNYC, customer CNSZX001, S02. AR USD 1,250 × 7.8 = 9,750; AP 6,000 from DEHAM001.
  await makeJob('B', {
    ...base,
    etd: '2024-03-20',
    handling_office: 'SZX',
    transport_mode: 'AIR',
    service_type: 'LCL',
    pol: 'CNYTN',
    pod: 'USNYC',
    salesman: 'S02',
    carrier_code: 'MSCU',
    customer_id: szx,
  });
  // C: April, HKG sea LCL HKHKG-USLAX by MSCU. AR 300 − 50 (CR) = 250; AP 100 invoiced in May.
  await makeJob('C', { ...base, ...sea, etd: '2024-04-02', service_type: 'LCL', carrier_code: 'MSCU' });
  // D: a year earlier (March 2023), HKG: AR 1,000, AP 800 → GP 200 (the "same period last year").
  await makeJob('D', { ...base, ...sea, etd: '2023-03-10', service_type: 'FCL', carrier_code: 'MAEU' });

  await invoice('AR', jobs.A, [
    { charge_code: 'OFR', unit_price: '1000', quantity: '2', tax_code: 'NOTAX', tax_rate: '0' },
    {},
  ]);
  await invoice('AP', jobs.A, [{ charge_code: 'OFR', unit_price: '100', quantity: '2' }], {
    currency: 'USD',
    exchange_rate: '7.8',
  });
  await invoice('AR', jobs.B, [{ charge_code: 'AFR', unit_price: '2.5', quantity: '500' }], {
    currency: 'USD',
    exchange_rate: '7.8',
  });
  await invoice('AP', jobs.B, [{ charge_code: 'AFR', unit_price: '6000' }], { account_code: 'DEHAM001' });
  await invoice('AR', jobs.C, [
    { charge_code: 'CFS', unit_price: '300' },
    { charge_code: 'HDL', unit_price: '50', dr_cr: 'CR' },
  ]);
  await invoice('AP', jobs.C, [{ charge_code: 'CFS', unit_price: '100' }], { invoice_date: '2024-05-10' });
  await invoice('AR', jobs.D, [{ charge_code: 'OFR', unit_price: '1000' }]);
  await invoice('AP', jobs.D, [{ charge_code: 'OFR', unit_price: '800' }]);
}, 180_000);
afterAll(() => t?.close());

describe('ProfitabilityReportPBI(2): GP by customer and lane (job month)', () => {
  it('by customer, with totals, margin and GP per TEU and shipment', async () => {
    const r = await page('ProfitabilityReportPBI');
    expect(r.periodBasisKey).toBe('analytics-gp:basis.jobMonth');
    // Revenue 2,100 + 9,750 + 250 = 12,100; cost 1,560 + 6,000 + 100 = 7,660; GP 4,440 = 36.7 %.
    expect(kpis(r)).toMatchObject({
      revenue: '12100.00',
      cost: '7660.00',
      gp: '4440.00',
      margin: '36.7',
      shipments: '3',
      teu: '4.00',
      gpPerTeu: '1110.00',
      gpPerShipment: '1480.00',
    });
    // Highest GP first: CNSZX001 3,750; HKCUS001 (A + C) 2,350 − 1,660 = 690.
    expect(r.table.rows.map((x: Row) => [x.cells.customer, x.cells.gp, x.cells.shipments])).toEqual([
      ['CNSZX001', '3750.00', '1'],
      ['HKCUS001', '690.00', '2'],
    ]);
    expect(r.table.rows[1].cells).toMatchObject({ revenue: '2350.00', cost: '1660.00', margin: '29.4' });
    expect(r.table.rows[0].drill).toEqual({ customer: 'CNSZX001' });
    expect(r.table.totals).toMatchObject({ gp: '4440.00', shipments: '3' });
    const months = r.charts.find((c: { key: string }) => c.key === 'gpByMonth');
    expect(
      months.points.map((p: { x: string; values: Record<string, string> }) => [p.x, p.values.gp]),
    ).toEqual([
      ['2024-03', '4290.00'],
      ['2024-04', '150.00'],
    ]);
  });

  it('PBI2 is the same page by lane (POL-POD)', async () => {
    const r = await page('ProfitabilityReportPBI2');
    expect(r.table.columns[0].key).toBe('lane');
    expect(r.table.rows.map((x: Row) => [x.cells.lane, x.cells.gp])).toEqual([
      ['CNYTN-USNYC', '3750.00'],
      ['HKHKG-USLAX', '690.00'],
    ]);
    expect(kpis(r).gp).toBe('4440.00');
  });

  it('filters: lane, carrier, office, mode, customer', async () => {
    expect(kpis(await page('ProfitabilityReportPBI', { lane: 'HKHKG-USLAX' })).gp).toBe('690.00');
    expect(kpis(await page('ProfitabilityReportPBI', { carrier: 'MAEU' })).gp).toBe('540.00');
    expect(kpis(await page('ProfitabilityReportPBI', { office: 'SZX' })).gp).toBe('3750.00');
    expect(kpis(await page('ProfitabilityReportPBI', { mode: 'SEA', service: 'LCL' })).gp).toBe('150.00');
    expect(kpis(await page('ProfitabilityReportPBI', { customer: 'HKCUS001' })).shipments).toBe('2');
    // The period takes whole job months: 2024-04-15..30 still holds job C (April).
    expect(kpis(await page('ProfitabilityReportPBI', { from: '2024-04-15' })).gp).toBe('150.00');
  });

  it('drills to the jobs behind a figure, with their GP', async () => {
    const d = await docs('ProfitabilityReportPBI', { drill_customer: 'HKCUS001' });
    expect(d.rows.map((x: { kind: string; key: string; value: string }) => [x.kind, x.key, x.value])).toEqual(
      [
        ['job', 'GATC', '150.00'],
        ['job', 'GATA', '540.00'],
      ],
    );
    expect(d.total).toBe(2);
    const lane = await docs('ProfitabilityReportPBI2', { drill_lane: 'CNYTN-USNYC' });
    expect(lane.rows.map((x: { key: string }) => x.key)).toEqual(['GATB']);
    // A drill that contradicts the filter bar is empty, not the drill's own rows.
    expect((await docs('ProfitabilityReportPBI', { office: 'HKG', drill_customer: 'CNSZX001' })).total).toBe(
      0,
    );
    const bad = await call(
      `/Analytics/ProfitabilityReportPBI/documents?${q({ drill_vendor: 'X' })}`,
      manager,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msgKey).toBe('msgAnalyticsDrillInvalid');
  });
});

describe('SalesProfitabilityReportPBI(2): GP by salesman', () => {
  it('by salesman, and by month × salesman in PBI2', async () => {
    const r = await page('SalesProfitabilityReportPBI');
    expect(r.table.rows.map((x: Row) => [x.cells.salesman, x.cells.gp, x.cells.shipments])).toEqual([
      ['S02', '3750.00', '1'],
      ['S01', '690.00', '2'],
    ]);
    const r2 = await page('SalesProfitabilityReportPBI2');
    expect(r2.table.rows.map((x: Row) => [x.cells.month, x.cells.salesman, x.cells.gp])).toEqual([
      ['2024-03', 'S01', '540.00'],
      ['2024-03', 'S02', '3750.00'],
      ['2024-04', 'S01', '150.00'],
    ]);
    const stacked = r.charts.find((c: { key: string }) => c.key === 'gpByMonthSalesman');
    expect(stacked.points[0].values).toEqual({ s_S02: '3750.00', s_S01: '540.00' });
    // With a carrier filter the figures come from the job facts, not the sales cube: the same rules.
    const c = await page('SalesProfitabilityReportPBI', { carrier: 'MSCU' });
    expect(c.table.rows.map((x: Row) => [x.cells.salesman, x.cells.gp])).toEqual([
      ['S02', '3750.00'],
      ['S01', '150.00'],
    ]);
    const d = await docs('SalesProfitabilityReportPBI', { drill_salesman: 'S01', drill_month: '2024-03' });
    expect(d.rows.map((x: { key: string }) => x.key)).toEqual(['GATA']);
  });
});

describe('InvoiceGPPBI: GP by invoice month × job month (invoice date)', () => {
  it('counts invoices by their date; a later invoice shows in its own month against the job month', async () => {
    const r = await page('InvoiceGPPBI', { to: '2024-05-31' });
    expect(r.periodBasisKey).toBe('analytics-gp:basis.invoiceDate');
    expect(r.table.rows.map((x: Row) => Object.values(x.cells))).toEqual([
      ['2024-03', '2024-03', '4', '11850.00', '7560.00', '4290.00', '36.2'],
      ['2024-04', '2024-04', '1', '250.00', '0.00', '250.00', '100.0'],
      ['2024-05', '2024-04', '1', '0.00', '100.00', '-100.00', null],
    ]);
    expect(kpis(r)).toMatchObject({ revenue: '12100.00', cost: '7660.00', gp: '4440.00', invoices: '6' });
    // Without May the AP of job C (dated 2024-05-10) is outside the period.
    expect(kpis(await page('InvoiceGPPBI'))).toMatchObject({ cost: '7560.00', gp: '4540.00', invoices: '5' });
    const d = await docs('InvoiceGPPBI', { to: '2024-05-31', drill_invMonth: '2024-05' });
    expect(d.rows).toHaveLength(1);
    expect(d.rows[0]).toMatchObject({ kind: 'invoice', value: '100.00', date: '2024-05-10' });
  });
});

describe('VendorReportPBI: AP cost by vendor', () => {
  it('cost per vendor, share, month × mode, and the AP invoices behind a vendor', async () => {
    const r = await page('VendorReportPBI', { to: '2024-05-31' });
    expect(
      r.table.rows.map((x: Row) => [x.cells.vendor, x.cells.invoices, x.cells.cost, x.cells.share]),
    ).toEqual([
      ['DEHAM001', '1', '6000.00', '78.3'],
      ['HKCAR001', '2', '1660.00', '21.7'],
    ]);
    expect(kpis(r)).toMatchObject({
      apCost: '7660.00',
      vendors: '2',
      apInvoices: '3',
      topVendorShare: '78.3',
    });
    const byMode = r.charts.find((c: { key: string }) => c.key === 'costByMonthMode');
    expect(byMode.points.map((p: { x: string; values: Record<string, string> }) => [p.x, p.values])).toEqual([
      ['2024-03', { s_AIR: '6000.00', s_SEA: '1560.00' }],
      ['2024-04', { s_AIR: '0.00', s_SEA: '0.00' }],
      ['2024-05', { s_AIR: '0.00', s_SEA: '100.00' }],
    ]);
    expect(kpis(await page('VendorReportPBI', { to: '2024-05-31', mode: 'SEA' })).apCost).toBe('1660.00');
    const d = await docs('VendorReportPBI', { to: '2024-05-31', drill_vendor: 'HKCAR001' });
    expect(d.total).toBe(2);
    expect(d.rows.map((x: { value: string }) => x.value).sort()).toEqual(['100.00', '1560.00']);
  });
});

describe('MISTest, MISTestImport, ManorReportPBI: management summaries', () => {
  it('MISTest: this period against the previous one and the same months last year', async () => {
    const r = await page('MISTest');
    // Last year (2023-03..04): job D, GP 200 → (4,440 − 200) ÷ 200 = +2,120 %; the previous period has nothing.
    expect(kpis(r)).toMatchObject({
      shipments: '3',
      revenue: '12100.00',
      gp: '4440.00',
      gpVsLastYear: '2120.0',
      gpVsPrevious: null,
      shipmentsVsLastYear: '200.0',
    });
    expect(kpis(r).overdueReceivables).toMatch(/^-?\d+\.\d{2}$/);
    expect(r.table.rows.map((x: Row) => [x.cells.month, x.cells.gp, x.cells.gpLastYear])).toEqual([
      ['2024-03', '4290.00', '200.00'],
      ['2024-04', '150.00', '0.00'],
    ]);
    const imp = await page('MISTestImport');
    expect(
      imp.table.rows.map((x: Row) => [x.cells.mode, x.cells.service, x.cells.gp, x.cells.gpLastYear]),
    ).toEqual([
      ['AIR', 'LCL', '3750.00', '0.00'],
      ['SEA', 'FCL', '540.00', '200.00'],
      ['SEA', 'LCL', '150.00', '0.00'],
    ]);
  });

  it('ManorReportPBI: P&L by office with last year', async () => {
    const r = await page('ManorReportPBI');
    expect(
      r.table.rows.map((x: Row) => [
        x.cells.office,
        x.cells.revenue,
        x.cells.cost,
        x.cells.gp,
        x.cells.gpChangeLastYear,
      ]),
    ).toEqual([
      ['HKG', '2350.00', '1660.00', '690.00', '245.0'],
      ['SZX', '9750.00', '6000.00', '3750.00', null],
    ]);
    const d = await docs('ManorReportPBI', { drill_office: 'SZX' });
    expect(d.rows.map((x: { key: string }) => x.key)).toEqual(['GATB']);
  });
});

describe('access', () => {
  it('each page is guarded by its function id (ops holds none of the GP pages)', async () => {
    for (const p of ['VendorReportPBI', 'InvoiceGPPBI', 'ProfitabilityReportPBI2', 'ManorReportPBI'])
      expect((await call(`/Analytics/${p}?${q({})}`, ops)).statusCode).toBe(403);
  });

  it('an external profile is refused even when granted the page (GP is internal only)', async () => {
    const agent = {
      user_uid: 'x',
      login_id: 'agent@example.test',
      first_name: '',
      last_name: '',
      sid: 'x',
      profile: 1,
      profile_type: 'AGENT',
      super_user_uid: null,
      funcs: new Set(['m_analytics_profitability']),
    } satisfies Actor;
    const def = analyticsPage('ProfitabilityReportPBI');
    await expect(
      def?.compute({ db: t.db, actor: agent, lang: 'en-US' }, { from: '2024-03-01', to: '2024-04-30' }),
    ).rejects.toMatchObject({ statusCode: 403 });
  });

  it('exports the table as Excel with translated headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Analytics/ManorReportPBI/export?${q({})}`,
      headers: { ...manager, 'accept-language': 'zh-HK' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('辦事處');
    expect(sheet.getRow(2).getCell(1).value).toBe('HKG');
  });

  it('a period longer than allowed and an unknown customer are 400, not 500', async () => {
    expect((await call(`/Analytics/MISTest?${q({ from: '2019-01-01' })}`, manager)).statusCode).toBe(400);
    expect((await call(`/Analytics/MISTest?${q({ customer: 'NOPE0000' })}`, manager)).statusCode).toBe(400);
  });
});

describe('translations and the invoice-grain facts', () => {
  const LOCALES = path.resolve(__dirname, '../../../../web/src/features/analytics/locales');
  const dict = (lang: string) =>
    JSON.parse(readFileSync(path.join(LOCALES, lang, 'analytics-gp.json'), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
  const has = (d: Record<string, Record<string, string>>, key: string) => {
    const [group, name] = key.replace(/^analytics-gp:/, '').split('.');
    return typeof d[group]?.[name] === 'string';
  };

  it('every key a GP page returns is translated in en-US, zh-HK and zh-CN; export headers agree', async () => {
    const keys = new Set<string>();
    for (const name of ANALYTICS_PAGE_NAMES.filter((p) => ANALYTICS_PAGES[p].source === 'gp')) {
      const r = await page(name, { to: '2024-05-31' });
      keys.add(r.periodBasisKey);
      for (const k of r.kpis) keys.add(k.labelKey);
      for (const n of r.noteKeys) keys.add(n);
      for (const c of r.table.columns) keys.add(c.labelKey);
      for (const c of r.charts) {
        keys.add(c.titleKey);
        for (const s of c.series) if (s.labelKey) keys.add(s.labelKey);
      }
    }
    for (const lang of ['en-US', 'zh-HK', 'zh-CN']) {
      const d = dict(lang);
      expect(
        [...keys].filter((k) => !has(d, k)),
        lang,
      ).toEqual([]);
      for (const [k, v] of Object.entries(GP_COLUMN_LABELS))
        expect(d.col[k.replace('analytics-gp:col.', '')], k).toBe(v[lang as keyof typeof v]);
    }
    expect(Object.keys(dict('zh-HK'))).toEqual(Object.keys(dict('en-US')));
  });

  it('per job, the invoice-grain facts sum to the job facts; a rebuild gives the same rows', async () => {
    const diff = async () =>
      (
        await t.db.execute<{ n: number }>(sql`
        select count(*)::int as n from gp_job_facts f
          full join (select job_no, sum(base) filter (where inv_type = 'AR') as r,
                            sum(base) filter (where inv_type = 'AP') as c
                       from gp_invoice_facts group by job_no) v on v.job_no = f.job_no
         where coalesce(f.revenue, 0) <> coalesce(v.r, 0) or coalesce(f.cost, 0) <> coalesce(v.c, 0)`)
      ).rows[0].n;
    expect(await diff()).toBe(0);
    const snap = async () =>
      (
        await t.db.execute(
          sql`select inv_id, job_no, base::text, inv_date::text, job_month, carrier, pod from gp_invoice_facts order by inv_id, job_no`,
        )
      ).rows;
    // The invoice cube kept incrementally equals the facts regrouped (zero rows left by moves aside).
    const cubeDiff = async () =>
      (
        await t.db.execute<{ n: number }>(sql`
        with f as (
          select to_char(inv_date, 'YYYY-MM') as inv_month, inv_type, job_month, office, mode, service,
                 case when inv_type = 'AP' then party_id else 0 end as party_id,
                 sum(first_row::int) as invoices, sum(base) as base
            from gp_invoice_facts group by 1, 2, 3, 4, 5, 6, 7),
        c as (select * from gp_invoice_cube where invoices <> 0 or base <> 0)
        select count(*)::int as n from f full join c using (inv_month, inv_type, job_month, office, mode, service, party_id)
         where coalesce(f.invoices, 0) <> coalesce(c.invoices, 0) or coalesce(f.base, 0) <> coalesce(c.base, 0)`)
      ).rows[0].n;
    // Its day twin likewise (invoice date instead of month).
    const dayCubeDiff = async () =>
      (
        await t.db.execute<{ n: number }>(sql`
        with f as (
          select inv_date, inv_type, job_month, office, mode, service,
                 case when inv_type = 'AP' then party_id else 0 end as party_id,
                 sum(first_row::int) as invoices, sum(base) as base
            from gp_invoice_facts group by 1, 2, 3, 4, 5, 6, 7),
        c as (select * from gp_invoice_day_cube where invoices <> 0 or base <> 0)
        select count(*)::int as n from f full join c using (inv_date, inv_type, job_month, office, mode, service, party_id)
         where coalesce(f.invoices, 0) <> coalesce(c.invoices, 0) or coalesce(f.base, 0) <> coalesce(c.base, 0)`)
      ).rows[0].n;
    expect(await cubeDiff()).toBe(0);
    expect(await dayCubeDiff()).toBe(0);
    // An order edit outside the hook (office, carrier) moves the job's invoice rows and the cube with it.
    await t.db.execute(
      sql`update shipping_orders set handling_office = 'SHA', carrier_code = 'COSU' where so_no = 'GATSOD'`,
    );
    await refreshGpJobs(t.db, ['GATD']);
    expect(await cubeDiff()).toBe(0);
    expect(await dayCubeDiff()).toBe(0);
    expect(
      (await t.db.execute(sql`select distinct office, carrier from gp_invoice_facts where job_no = 'GATD'`))
        .rows,
    ).toEqual([{ office: 'SHA', carrier: 'COSU' }]);
    const before = await snap();
    expect(before.length).toBeGreaterThan(8);
    await rebuildGp(t.db);
    expect(await snap()).toEqual(before);
    expect(await diff()).toBe(0);
    expect(await cubeDiff()).toBe(0);
    expect(await dayCubeDiff()).toBe(0);
  });

  it('invoice periods split into whole months (cube) and partial edges (day cube) give the same figures', async () => {
    // 2024-03-15..2024-05-20: edges 03-15..03-31 and 05-01..05-20, April from the cube. Job A and B's March
    // invoices are dated 03-05 and 03-20; C's AR 04-02 and AP 05-10.
    const r = await page('InvoiceGPPBI', { from: '2024-03-15', to: '2024-05-20' });
    expect(kpis(r)).toMatchObject({ revenue: '10000.00', cost: '6100.00', invoices: '4' });
    // A customer filter (not in the cube) reads the facts for every day: the same rules.
    const c = await page('InvoiceGPPBI', { from: '2024-03-15', to: '2024-05-20', customer: 'HKCUS001' });
    expect(kpis(c)).toMatchObject({ revenue: '250.00', cost: '100.00', invoices: '2' });
  });
});
