import { ANALYTICS_PAGE_NAMES, type TAnalyticsResult } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedAtOneMoment, expectEachChangeReadOnce } from '../../../test/sweep-changes';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { cloneOrders } from '../gp-report';
import { rebuildAnalytics, refreshAnalyticsOrders, seedDemoAnalyticsHistory, sweepAnalytics } from '.';
import {
  analyticsRepository,
  CUBE_TABLES,
  CUBES,
  FACT_COLS,
  factsSql,
  MEASURES,
  monthSplit,
} from './analytics.repository';

/**
 * The shipment analytics (docs/analytics.md): every shipment page's figures on five orders of 2021 computed by
 * hand, party access (an agent sees its own orders only), the 400s, and the cubes against a direct computation
 * after random changes.
 */
let t: TestApp;
type H = Record<string, string>;
let manager: H;
let agent: H;
let finance: H;
let tpl: number;
const id: Record<string, number> = {};
const so: Record<string, number> = {};

const call = (url: string, headers: H) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const period = { from: '2021-03-01', to: '2021-04-30' };
async function page(name: string, q: Record<string, string> = {}, headers = manager) {
  const res = await call(`/Analytics/${name}?${new URLSearchParams({ ...period, ...q })}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAnalyticsResult;
}
const kpi = (r: TAnalyticsResult, key: string) => r.kpis.find((k) => k.key === key)?.value;
const rows = (r: TAnalyticsResult) => r.table.rows.map((x) => x.cells);

const partyId = async (code: string) =>
  (await t.db.execute<{ party_id: number }>(sql`select party_id from parties where party_code = ${code}`))
    .rows[0]?.party_id as number;

/** An order cloned from a demo order, then given the analytics attributes (all parties set explicitly). */
async function order(key: string, o: Record<string, unknown>, equipment?: [string, number]) {
  const [soId] = await cloneOrders(t.db, [
    { tpl, so_no: `ANT${key}`, job_no: null, hbl_no: null, status: String(o.status), etd: String(o.etd) },
  ]);
  so[key] = soId as number;
  await t.db.execute(sql`update shipping_orders set
      handling_office = ${o.office}, transport_mode = ${o.mode}, service_type = ${o.service},
      carrier_code = ${o.carrier ?? null}, pol = ${o.pol}, pod = ${o.pod}, customer_id = ${o.customer},
      shipper_id = ${o.customer}, consignee_id = ${o.customer}, notify_id = null, nomination_agent_id = null,
      release_agent_id = ${o.agent ?? null}, is_e_booking = ${o.ebooking}, cbm = ${o.cbm}, gross_weight = ${o.kg},
      created_at = ${o.created}, confirmed_at = ${o.confirmed ?? null}
    where so_id = ${soId}`);
  await t.db.execute(sql`delete from so_containers where so_id = ${soId}`);
  await t.db.execute(sql`delete from so_equipment where so_id = ${soId}`);
  if (equipment)
    await t.db.execute(
      sql`insert into so_equipment (so_id, line_no, size_type, qty) values (${soId}, 1, ${equipment[0]}, ${equipment[1]})`,
    );
}

beforeAll(async () => {
  t = await createTestApp();
  manager = bearer(await sessionToken(t, 'manager@demo.test'));
  agent = bearer(await sessionToken(t, 'agent@demo.test'));
  finance = bearer(await sessionToken(t, 'finance@demo.test'));
  tpl = (await t.db.execute<{ so_id: number }>(sql`select so_id from shipping_orders order by so_id limit 1`))
    .rows[0]?.so_id as number;
  // The agent user's own party (its party group) is agent X; Y is another party.
  const own = await t.db.execute<{ party_id: number }>(sql`
    select m.party_id from users u join user_profiles p on p.user_uid = u.user_uid
      join user_profile_party_groups g on g.user_profile_id = p.user_profile_id
      join party_group_members m on m.party_group_id = g.party_group_id
     where u.login_id = 'agent@demo.test' order by m.party_id limit 1`);
  id.X = own.rows[0]?.party_id as number;
  id.Y = await partyId('USLAX001');
  id.HK = await partyId('HKCUS001');
  id.NB = await partyId('CNNGB001');
  expect(Object.values(id).every(Boolean)).toBe(true);
  const sea = { mode: 'SEA', service: 'FCL' };
  await order(
    'A',
    {
      ...sea,
      status: 'CONFIRMED',
      etd: '2021-03-05',
      office: 'HKG',
      carrier: 'MAEU',
      pol: 'CNSHA',
      pod: 'USLAX',
      customer: id.HK,
      agent: id.X,
      ebooking: true,
      cbm: 30,
      kg: 6000,
      created: '2021-03-01T00:00:00Z',
      confirmed: '2021-03-02T00:00:00Z',
    },
    ['40HC', 2],
  );
  await order('B', {
    mode: 'SEA',
    service: 'LCL',
    status: 'NEW_MANUAL',
    etd: '2021-03-20',
    office: 'HKG',
    carrier: 'MSCU',
    pol: 'CNSHA',
    pod: 'USLAX',
    customer: id.NB,
    ebooking: false,
    cbm: 5,
    kg: 800,
    created: '2021-03-10T00:00:00Z',
  });
  await order(
    'C',
    {
      ...sea,
      status: 'CONFIRMED',
      etd: '2021-04-02',
      office: 'SHA',
      carrier: 'MAEU',
      pol: 'CNNGB',
      pod: 'DEHAM',
      customer: id.HK,
      agent: id.X,
      ebooking: false,
      cbm: 20,
      kg: 4000,
      created: '2021-04-01T00:00:00Z',
      confirmed: '2021-04-01T12:00:00Z',
    },
    ['20GP', 1],
  );
  await order('D', {
    mode: 'AIR',
    service: 'LCL',
    status: 'CONFIRMED',
    etd: '2021-04-15',
    office: 'SHA',
    pol: 'HKHKG',
    pod: 'USNYC',
    customer: id.NB,
    agent: id.Y,
    ebooking: true,
    cbm: 2,
    kg: 500,
    created: '2021-04-10T00:00:00Z',
    confirmed: '2021-04-11T06:00:00Z',
  });
  await order(
    'E',
    {
      ...sea,
      status: 'CANCELLED',
      etd: '2021-04-20',
      office: 'HKG',
      carrier: 'MAEU',
      pol: 'CNSHA',
      pod: 'USLAX',
      customer: id.HK,
      ebooking: true,
      cbm: 10,
      kg: 900,
      created: '2021-04-12T00:00:00Z',
    },
    ['40GP', 1],
  );
  await rebuildAnalytics(t.db);
});
afterAll(() => t.close());

describe('shipment pages on five orders computed by hand', () => {
  it('ShipmentReport: 4 shipments (E cancelled), TEU 4 + 1, CBM and kg summed, by month', async () => {
    const r = await page('ShipmentReport');
    expect([kpi(r, 'shipments'), kpi(r, 'teu'), kpi(r, 'cbm'), kpi(r, 'kg')]).toEqual([
      '4',
      '5',
      '57',
      '11300',
    ]);
    expect(rows(r)).toEqual([
      { month: '2021-03', shipments: '2', teu: '4', cbm: '35', kg: '6800' },
      { month: '2021-04', shipments: '2', teu: '1', cbm: '22', kg: '4500' },
    ]);
    expect(r.table.rows[0]?.drill).toEqual({ month: '2021-03' });
    expect(r.table.totals).toMatchObject({ shipments: '4', teu: '5', cbm: '57', kg: '11300' });
    const lanes = r.charts.find((c) => c.key === 'topLanes');
    expect(lanes?.points.map((p) => [p.x, p.values.teu])).toEqual([
      ['CNSHA-USLAX', '4'],
      ['CNNGB-DEHAM', '1'],
      ['HKHKG-USNYC', '0'],
    ]);
  });

  it('filters: office, mode, carrier, customer, lane; a period starting mid-month reads the days from the facts', async () => {
    expect(kpi(await page('ShipmentReport', { office: 'SHA' }), 'shipments')).toBe('2');
    expect(kpi(await page('ShipmentReport', { mode: 'SEA', carrier: 'MAEU' }), 'teu')).toBe('5');
    expect(kpi(await page('ShipmentReport', { customer: 'CNNGB001' }), 'kg')).toBe('1300');
    expect(kpi(await page('ShipmentReport', { lane: 'CNSHA-USLAX' }), 'shipments')).toBe('2');
    const mid = await page('ShipmentReport', { from: '2021-03-10', to: '2021-04-30' });
    expect([kpi(mid, 'shipments'), kpi(mid, 'teu')]).toEqual(['3', '1']);
    expect(monthSplit('2021-03-10', '2021-04-30')).toEqual({
      m1: '2021-04',
      m2: '2021-04',
      edges: [['2021-03-10', '2021-03-31']],
    });
  });

  it('the views group the same figures by lane, customer, office × mode', async () => {
    expect(rows(await page('ShipmentReportPBIDirectQuery')).map((c) => [c.lane, c.shipments])).toEqual([
      ['CNSHA-USLAX', '2'],
      ['CNNGB-DEHAM', '1'],
      ['HKHKG-USNYC', '1'],
    ]);
    expect(rows(await page('ShipmentReportPBIDataImport')).map((c) => [c.customer, c.teu])).toEqual([
      ['HKCUS001', '5'],
      ['CNNGB001', '0'],
    ]);
    expect(rows(await page('ShipmentReportPBI2')).map((c) => [c.office, c.mode, c.shipments])).toEqual([
      ['HKG', 'SEA', '2'],
      ['SHA', 'AIR', '1'],
      ['SHA', 'SEA', '1'],
    ]);
  });

  it('CarrierReportPBI: MAEU 5 TEU (100 %), MSCU, and the air order without a carrier', async () => {
    const r = await page('CarrierReportPBI');
    expect(kpi(r, 'carriers')).toBe('2');
    expect(kpi(r, 'topCarrierShare')).toBe('100.0');
    expect(rows(r).map((c) => [c.carrier, c.shipments, c.teu, c.share])).toEqual([
      ['MAEU', '2', '5', '100.0'],
      ['MSCU', '1', '0', '0.0'],
      ['-', '1', '0', '0.0'],
    ]);
  });

  it('AgentReportPBI(2): X has A and C, Y has D, B has none', async () => {
    const x = (
      await t.db.execute<{ c: string }>(sql`select party_code as c from parties where party_id = ${id.X}`)
    ).rows[0]?.c;
    const r = await page('AgentReportPBI');
    expect(kpi(r, 'agents')).toBe('2');
    expect(rows(r).map((c) => [c.agent, c.shipments, c.teu])).toEqual([
      [x, '2', '5'],
      ['USLAX001', '1', '0'],
      ['-', '1', '0'],
    ]);
    const r2 = await page('AgentReportPBI2');
    expect(
      rows(r2)
        .filter((c) => c.agent === x)
        .map((c) => [c.month, c.teu]),
    ).toEqual([
      ['2021-03', '4'],
      ['2021-04', '1'],
    ]);
  });

  it('Air pages count only AIR: D, 500 kg, whatever the mode filter says', async () => {
    const r = await page('AirShipmentReportPBI', { mode: 'SEA' });
    expect([kpi(r, 'shipments'), kpi(r, 'kg'), kpi(r, 'teu')]).toEqual(['1', '500', undefined]);
    expect(rows(await page('AirShipmentReportPBI2')).map((c) => [c.lane, c.kg])).toEqual([
      ['HKHKG-USNYC', '500'],
    ]);
    expect(rows(await page('AirAgentReportPBI')).map((c) => [c.agent, c.kg])).toEqual([['USLAX001', '500']]);
    expect(rows(await page('AirAgentReportPBI2')).map((c) => [c.agent, c.month])).toEqual([
      ['USLAX001', '2021-04'],
    ]);
  });

  it('BookingPBI: 5 bookings, 3 e-bookings, 3 confirmed in (24 + 12 + 30) / 3 h = 0.92 days, 1 cancelled', async () => {
    const r = await page('BookingPBI');
    expect(r.kpis.map((k) => [k.key, k.value])).toEqual([
      ['bookings', '5'],
      ['ebookingShare', '60.0'],
      ['confirmed', '3'],
      ['avgDaysToConfirm', '0.92'],
      ['cancelled', '1'],
    ]);
    expect(rows(r)).toEqual([
      {
        month: '2021-03',
        bookings: '2',
        ebookings: '1',
        manual: '1',
        ebookingShare: '50.0',
        confirmed: '1',
        cancelled: '0',
        avgDaysToConfirm: '1.00',
      },
      {
        month: '2021-04',
        bookings: '3',
        ebookings: '2',
        manual: '1',
        ebookingShare: '66.7',
        confirmed: '2',
        cancelled: '1',
        avgDaysToConfirm: '0.88',
      },
    ]);
    const status = r.charts.find((c) => c.key === 'byStatus');
    expect(status?.points.map((p) => [p.x, p.values.bookings])).toEqual([
      ['CANCELLED', '1'],
      ['CONFIRMED', '3'],
      ['NEW_MANUAL', '1'],
    ]);
  });

  it('documents: the bookings behind a figure, newest ETD first', async () => {
    const res = await call(
      `/Analytics/ShipmentReport/documents?${new URLSearchParams({ ...period, drill_month: '2021-03' })}`,
      manager,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows.map((d: { key: string; value: string }) => [d.key, d.value])).toEqual([
      ['ANTB', '0'],
      ['ANTA', '4'],
    ]);
    const lane = await call(
      `/Analytics/CarrierReportPBI/documents?${new URLSearchParams({ ...period, drill_carrier: 'MAEU' })}`,
      manager,
    );
    expect(lane.json().rows.map((d: { key: string }) => d.key)).toEqual(['ANTC', 'ANTA']);
    // The cancelled E counts as a booking, not a shipment: BookingPBI's cancelled figure lists it.
    expect(lane.json().total).toBe(2);
    const cancelled = await call(
      `/Analytics/BookingPBI/documents?${new URLSearchParams({ ...period, drill_status: 'CANCELLED' })}`,
      manager,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().rows.map((d: { key: string }) => d.key)).toEqual(['ANTE']);
  });

  it('exports the table as xlsx', async () => {
    const res = await call(`/Analytics/CarrierReportPBI/export?${new URLSearchParams(period)}`, manager);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('access and validation', () => {
  it('an agent sees only its own orders: figures and documents', async () => {
    const r = await page('ShipmentReport', {}, agent);
    expect([kpi(r, 'shipments'), kpi(r, 'teu')]).toEqual(['2', '5']);
    const docs = await call(`/Analytics/ShipmentReport/documents?${new URLSearchParams(period)}`, agent);
    expect(docs.json().rows.map((d: { key: string }) => d.key)).toEqual(['ANTC', 'ANTA']);
    const opts = await call('/Analytics/_options', agent);
    expect(opts.statusCode).toBe(200);
    expect(opts.json().lanes).toEqual(expect.arrayContaining(['CNSHA-USLAX', 'CNNGB-DEHAM']));
    expect(opts.json().lanes).not.toContain('HKHKG-USNYC');
    // The agent does not hold the carrier page.
    expect((await call(`/Analytics/CarrierReportPBI?${new URLSearchParams(period)}`, agent)).statusCode).toBe(
      403,
    );
  });

  it('answers 400 with message keys for a bad period, unknown filters and drill keys', async () => {
    const get = (q: Record<string, string>, p = 'ShipmentReport') =>
      call(`/Analytics/${p}?${new URLSearchParams({ ...period, ...q })}`, manager);
    const reversed = await get({ from: '2021-05-01', to: '2021-04-01' });
    expect([reversed.statusCode, reversed.json().msgKey]).toEqual([400, 'msgAnalyticsPeriodInvalid']);
    const long = await get({ from: '2018-01-01', to: '2021-04-01' });
    expect(long.json().msgKey).toBe('msgAnalyticsPeriodInvalid');
    const unknown: Record<string, string>[] = [
      { office: 'XXX' },
      { carrier: 'NOPE' },
      { customer: 'NOBODY01' },
      { lane: 'bad' },
    ];
    for (const q of unknown) {
      const res = await get(q);
      expect([res.statusCode, res.json().msgKey], JSON.stringify(q)).toEqual([
        400,
        'msgAnalyticsFilterUnknown',
      ]);
    }
    const drill = await call(
      `/Analytics/ShipmentReport/documents?${new URLSearchParams({ ...period, drill_colour: 'red' })}`,
      manager,
    );
    expect([drill.statusCode, drill.json().msgKey]).toEqual([400, 'msgAnalyticsDrillInvalid']);
  });

  it('answers every page (404 msgNoRecordFound when its module registered nothing, never 500)', async () => {
    for (const name of ANALYTICS_PAGE_NAMES) {
      const res = await call(`/Analytics/${name}?${new URLSearchParams(period)}`, manager);
      expect([200, 404], `${name}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it('options: anyone holding an analytics page; finance (GP pages) gets the filter bar too', async () => {
    const res = await call('/Analytics/_options', finance);
    expect(res.statusCode).toBe(200);
    expect(res.json().offices.map((o: { code: string }) => o.code)).toContain('HKG');
  });
});

describe('the aggregates equal a direct computation', () => {
  const direct = async () => {
    const out: Record<string, unknown[]> = {};
    for (const cube of CUBE_TABLES) {
      const keys = cube.keys.join(', ');
      // Compared at the tables' scale (numeric(18,3)): the direct sums carry the expressions' own scales.
      const sums = MEASURES.map((m) => `sum(${m})::numeric(18,3)::text as ${m}`).join(', ');
      const kept = MEASURES.map((m) => `${m}::numeric(18,3)::text as ${m}`).join(', ');
      const a = await t.db.execute(
        sql`select ${sql.raw(keys)}, ${sql.raw(sums)} from (${factsSql(sql`true`)}) f group by ${sql.raw(keys)}
            having sum(bookings) <> 0 order by ${sql.raw(keys)}`,
      );
      const b = await t.db.execute(
        sql.raw(`select ${keys}, ${kept} from ${cube.table} where bookings <> 0 order by ${keys}`),
      );
      expect(b.rows, cube.table).toEqual(a.rows);
      out[cube.table] = b.rows;
    }
    const cols = sql.raw(
      FACT_COLS.split(', ')
        .map((c) => ((MEASURES as readonly string[]).includes(c) ? `${c}::numeric(18,3)::text as ${c}` : c))
        .join(', '),
    );
    const f1 = await t.db.execute(sql`select ${cols} from (${factsSql(sql`true`)}) f order by so_id`);
    const f2 = await t.db.execute(sql`select ${cols} from analytics_shipment_facts f order by so_id`);
    expect(f2.rows.map((r) => JSON.stringify(r))).toEqual(f1.rows.map((r) => JSON.stringify(r)));
    return out;
  };

  it('after random creates, edits and cancels (through the refresh hook and the sweep), and after a rebuild', async () => {
    let seed = 17;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const offices = ['HKG', 'SHA', 'SZX', 'NGB', 'SIN'];
    const carriers = ['MAEU', 'MSCU', 'COSU', null];
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const [soId] = await cloneOrders(t.db, [
        {
          tpl,
          so_no: `ANR${i}`,
          job_no: null,
          hbl_no: null,
          status: 'NEW_MANUAL',
          etd: `2022-0${1 + rnd(6)}-1${rnd(9)}`,
          // A create stamps updated_at now (a clone would keep the template's, older than the sweep's look-back).
          updated_at: new Date().toISOString(),
        },
      ]);
      ids.push(soId as number);
    }
    await sweepAnalytics(t.db);
    for (let round = 0; round < 60; round++) {
      const soId = ids[rnd(ids.length)] as number;
      const op = rnd(5);
      if (op === 0)
        await t.db.execute(
          sql`update shipping_orders set status = 'CANCELLED', updated_at = now() where so_id = ${soId}`,
        );
      else if (op === 1)
        await t.db.execute(sql`update shipping_orders set status = 'CONFIRMED', confirmed_at = created_at + interval '5 hours',
          carrier_code = ${carriers[rnd(4)]}, updated_at = now() where so_id = ${soId}`);
      else if (op === 2)
        await t.db.execute(sql`update shipping_orders set handling_office = ${offices[rnd(5)]},
          etd = etd + ${rnd(40)}::int, cbm = ${rnd(50)}, updated_at = now() where so_id = ${soId}`);
      else if (op === 3)
        await t.db.execute(
          sql`insert into so_equipment (so_id, line_no, size_type, qty) values (${soId}, ${100 + round}, '40HC', ${1 + rnd(3)})`,
        );
      else
        await t.db.execute(sql`update shipping_orders set release_agent_id = ${rnd(2) ? id.X : id.Y},
          is_e_booking = ${rnd(2) === 1}, updated_at = now() where so_id = ${soId}`);
      // Half the changes go through the hook (same transaction), the rest wait for the sweep.
      if (round % 2 === 0) await t.db.transaction((tx) => refreshAnalyticsOrders(tx, [soId]));
      else if (op === 3)
        await t.db.execute(sql`update shipping_orders set updated_at = now() where so_id = ${soId}`);
    }
    await sweepAnalytics(t.db);
    const kept = await direct();
    await rebuildAnalytics(t.db);
    expect(await direct()).toEqual(kept);
    // What a page reads (whole months from a cube, the other days from its day twin, or all of it from a twin
    // when the period holds no whole month) equals the same grouping summed from the facts alone.
    for (const cube of CUBES) {
      const cols = cube.keys.filter((c) => c !== 'month');
      for (const [from, to] of [
        ['2022-01-10', '2022-05-20'],
        ['2022-02-03', '2022-02-25'],
        ['2022-01-01', '2022-06-30'],
      ] as const)
        for (const grouping of [cols, ['month', ...cols.slice(-1)]]) {
          const q = { cols: grouping, conds: [{ col: 'office', value: 'HKG' }], from, to, party: null };
          expect(await analyticsRepository.aggregate(t.db, { ...q, cube }), `${cube.table} ${from}`).toEqual(
            await analyticsRepository.aggregate(t.db, { ...q, cube: null }),
          );
        }
    }
  });
});

describe('demo history', () => {
  it('seeds 12 months of bookings in bulk; every shipment page shows figures for them', async () => {
    const started = Date.now();
    await seedDemoAnalyticsHistory(t.db, new Date(), { inTests: true });
    const ms = Date.now() - started;
    const { rows } = await t.db.execute<{
      months: number;
      offices: number;
      carriers: number;
      modes: number;
    }>(sql`
      select count(distinct month)::int as months, count(distinct office)::int as offices,
             count(distinct carrier)::int as carriers, count(distinct mode)::int as modes
        from analytics_shipment_facts where so_no like 'ANH%'`);
    expect(rows[0]).toMatchObject({ months: 12, offices: 5, modes: 2 });
    expect(rows[0]?.carriers).toBeGreaterThanOrEqual(6);
    expect(ms).toBeLessThan(20_000);
    // The history's consolidations: a plan per month, office and lane of its sea LCL orders, none left open.
    const { rows: plans } = await t.db.execute<{
      plans: number;
      months: number;
      open: number;
      sos: number;
    }>(sql`
      select count(*)::int as plans, count(distinct to_char(etd, 'YYMM'))::int as months,
             count(*) filter (where status <> 'CONSOL_ADVICE' or not fully_allocated)::int as open,
             (select count(*)::int from consol_sos cs join consol_plans p using (consol_id)
               where p.consol_no like 'ANHC%') as sos
        from consol_plans where consol_no like 'ANHC%'`);
    expect(plans[0]?.months).toBeGreaterThanOrEqual(10);
    expect(plans[0]?.open).toBe(0);
    expect(plans[0]?.sos).toBeGreaterThanOrEqual(2 * (plans[0]?.plans ?? 0));
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    for (const name of [
      'ShipmentReport',
      'CarrierReportPBI',
      'AgentReportPBI',
      'AirShipmentReportPBI',
      'BookingPBI',
    ]) {
      const r = await page(name, { from: yearAgo, to: today });
      expect(r.table.rows.length, name).toBeGreaterThan(1);
      expect(Number(r.kpis[0]?.value), name).toBeGreaterThan(0);
    }
  });
});

describe('the analytics sweep reads a change again only within the overlap after the sweep that saw it (issue 40)', () => {
  it('orders written in one transaction ten minutes ago are refreshed by the next sweep, not by every one after', async () => {
    await sweepAnalytics(t.db);
    await t.db.execute(
      sql`update shipping_orders set updated_at = least(updated_at, now() - interval '10 minutes')`,
    );
    // One transaction's orders share its clock to the microsecond; the watermark where a sweep that read them
    // left it until session 51 (their time to the millisecond, which they are still after).
    const { rows } = await t.db.execute<{ at: string }>(sql`
      with w as (update shipping_orders set updated_at = date_trunc('milliseconds', now() - interval '10 minutes')
                   + interval '794 microseconds'
                  where so_id in (select so_id from shipping_orders order by so_id limit 3) returning updated_at)
      select (min(updated_at) - interval '794 microseconds')::text as at from w`);
    await analyticsRepository.setRefreshState(t.db, { at: rows[0].at, afterId: null });
    expect((await sweepAnalytics(t.db)).orders).toBeGreaterThan(0);
    expect(await sweepAnalytics(t.db)).toEqual({ orders: 0 });
    expect(await sweepAnalytics(t.db)).toEqual({ orders: 0 });
  });

  it('more changes at one moment than a batch: each sweep continues after the last row the one before read', async () => {
    const { at, changes } = await changedAtOneMoment(t.db, [{ table: 'shipping_orders' }]);
    const n = changes.shipping_orders;
    const batch = Math.ceil(n / 4);
    await analyticsRepository.setRefreshState(t.db, { at, afterId: null });
    // Until session 52 a full batch kept only its last row's time, and every sweep read the same first batch.
    await expectEachChangeReadOnce(n, batch, async (b) => (await sweepAnalytics(t.db, b)).orders);
  });
});
