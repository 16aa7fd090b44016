import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshModules } from '../../../test/fresh-modules';
import { statementsSent } from '../../../test/statements-sent';
import type { TestApp } from '../../../test/test-app';
import { apiOf, internalActor, partyIds, validBooking } from './booking.fixture.test-helpers';

/**
 * Lists at scale (issue 11): OFFSET refused beyond LIST_MAX_OFFSET, keyset jumps and the last page, counts
 * that stay exact when small and are cached briefly when large, and dashboard counts that follow a booking
 * change at once even while the dashboard is cached.
 */
// The caches are read from the environment when the modules load: turn them on (the API project's default
// for the dashboard is 0) before the app is imported.
freshModules({ BOOKING_DASHBOARD_CACHE_MS: '60000', LIST_COUNT_CACHE_MS: '1500', LIST_MAX_OFFSET: '5000' });

type H = Record<string, string>;
type Row = { so_id: number; so_no: string; etd: string | null; status: string };
type Page = {
  rows: Row[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
  msgKey?: string;
  params?: Record<string, unknown>;
  details?: { field: string; msgKey: string }[];
};
type Dashboard = { lists: { key: string; count: number; yellow: number; red: number }[] };

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let ops: H;
let shipper: H;
let ids: Record<string, number>;

const list = async (key: string, query: string, headers = ops) => {
  const res = await api('GET', `/Booking/list/${key}?${query}`, headers);
  return { status: res.statusCode, body: res.json() as Page };
};
const dashboard = async (headers = ops) => {
  const res = await api('GET', '/Booking/dashboard', headers);
  expect(res.statusCode).toBe(200);
  return Object.fromEntries((res.json() as Dashboard).lists.map((l) => [l.key, l]));
};
const soNos = (p: Page) => p.rows.map((r) => r.so_no);

beforeAll(async () => {
  const { bearer, createTestApp, sessionToken } = await import('../../../test/test-app');
  t = await createTestApp();
  api = apiOf(t);
  ids = await partyIds(t);
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
});
afterAll(() => t?.close());

describe('paging deep into a list', () => {
  it('refuses OFFSET beyond LIST_MAX_OFFSET rows with a translated message, whatever the list size', async () => {
    expect((await list('search_booking', 'pageSize=100&page=51')).status).toBe(200); // offset 5,000
    const far = await list('search_booking', 'pageSize=100&page=52');
    expect(far.status).toBe(400);
    expect(far.body.msgKey).toBe('msgListOffsetTooFar');
    expect(far.body.params).toEqual({ maxOffset: 5000 });
    expect(far.body.details).toEqual([{ field: 'page', msgKey: 'msgListOffsetTooFar' }]);
    const party = await api('GET', '/Party/list/search_party?pageSize=20&page=300', ops);
    expect(party.statusCode).toBe(400);
  });

  it('jumps to a number or a date in the sort order and pages on by cursor from there', async () => {
    const all = (await list('search_booking', 'pageSize=100&sort=so_no')).body;
    expect(all.rows.length).toBeGreaterThanOrEqual(23);
    const target = all.rows[3].so_no;
    const jump = await list('search_booking', `pageSize=10&sort=so_no&at=${target}`);
    expect(jump.status, JSON.stringify(jump.body)).toBe(200);
    expect(soNos(jump.body)).toEqual(soNos(all).slice(3, 13));
    // A prefix lands on the first number that starts with it.
    const prefix = await list('search_booking', `pageSize=10&sort=so_no&at=${target.slice(0, -1)}`);
    expect(prefix.body.rows[0].so_no <= target).toBe(true);
    const next = await list('search_booking', `pageSize=10&sort=so_no&cursor=${jump.body.nextCursor}`);
    expect(soNos(next.body)).toEqual(soNos(all).slice(13, 23));
    const back = await list(
      'search_booking',
      `pageSize=10&sort=so_no&cursor=${jump.body.prevCursor}&direction=prev`,
    );
    expect(soNos(back.body)).toEqual(soNos(all).slice(0, 3));

    const byEtd = (await list('search_booking', 'pageSize=100&sort=etd&order=desc')).body.rows;
    const day = byEtd[5].etd as string;
    const etd = await list('search_booking', `pageSize=10&sort=etd&order=desc&at=${day}`);
    expect(etd.status).toBe(200);
    expect(etd.body.rows[0].etd).toBe(day);
    expect(etd.body.rows.every((r) => (r.etd ?? '') <= day)).toBe(true);
  });

  it('refuses a jump value the sort column cannot hold (never a database error)', async () => {
    for (const at of ['not-a-date', '2026-13-45', '2026-02-30x']) {
      const bad = await list('search_booking', `sort=etd&at=${at}`);
      expect(bad.status, at).toBe(400);
      expect(bad.body.msgKey).toBe('msgListJumpInvalid');
    }
  });

  it('answers the last page with direction=prev and no cursor, and walks back from it', async () => {
    const desc = (await list('search_booking', 'pageSize=100&sort=so_no&order=desc')).body;
    const last = await list('search_booking', 'pageSize=10&sort=so_no&direction=prev');
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(soNos(last.body)).toEqual(soNos(desc).slice(0, 10).reverse());
    expect(last.body.nextCursor).toBeNull();
    const before = await list(
      'search_booking',
      `pageSize=10&sort=so_no&cursor=${last.body.prevCursor}&direction=prev`,
    );
    expect(soNos(before.body)).toEqual(soNos(desc).slice(10, 20).reverse());
  });
});

describe('counts', () => {
  it('counts exactly what the list holds, and a new booking at once (small counts are never cached)', async () => {
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from shipping_orders where status = 'NEW_E_BOOKING'`,
    );
    const before = await list('new_e_booking', 'pageSize=10');
    expect(before.body.total).toBe(rows[0].n);
    expect(before.body.totalCapped).toBe(false);
    const res = await api('POST', '/Booking', shipper, validBooking(ids));
    expect(res.statusCode).toBe(201);
    expect((await list('new_e_booking', 'pageSize=10')).body.total).toBe(rows[0].n + 1);
  });

  it('keeps a large count for LIST_COUNT_CACHE_MS per list and filter, then counts again', async () => {
    // 1,200 orders to a port no other test uses, cloned from a seeded order.
    const clone = (from: number, to: number) =>
      t.db.execute(sql`
        insert into shipping_orders (so_no, po_no, status, status_changed_at, is_e_booking, transport_mode,
          service_type, delivery_type, business_type, shipper_id, customer_id, consignee_id, handling_office,
          pol, pod, pld, fd, etd, eta, cargo_ready_date, carrier_code, vessel_name, voyage, cfs_closing, cy_closing,
          vgm_closing, si_closing, incoterms, freight_term, si_status)
        select 'SOCNT' || lpad(g::text, 7, '0'), 'PO-CNT-' || g, 'NEW_MANUAL', now(), false, 'SEA', 'FCL', 'P2P',
               'FREEHAND', s.shipper_id, s.customer_id, s.consignee_id, 'HKG', 'HKHKG', 'XXCNT', 'XXCNT',
               'XXCNT', s.etd, s.eta, s.cargo_ready_date, 'MAEU', 'MAERSK KOTKA', '612W', s.cfs_closing,
               s.cy_closing, s.vgm_closing, s.si_closing, 'FOB', 'PREPAID', 'PENDING'
          from generate_series(${from}::int, ${to}::int) g,
               (select * from shipping_orders where so_no like 'DEMO%' and status <> 'CANCELLED'
                 order by so_id desc limit 1) s`);
    await clone(1, 1200);
    const first = await list('search_booking', 'pageSize=10&pod=XXCNT');
    expect(first.body.total).toBe(1200);
    await clone(1201, 1205);
    // Within the cache window the same list and filter answers the cached count; rows are always fresh.
    const cached = await list('search_booking', 'pageSize=10&pod=XXCNT&sort=so_no&order=desc');
    expect(cached.body.total).toBe(1200);
    expect(cached.body.rows[0].so_no).toBe('SOCNT0001205');
    // Another filter is another count.
    expect((await list('new_manual_booking', 'pageSize=10&pod=XXCNT')).body.total).toBe(1205);
    await new Promise((r) => setTimeout(r, 1600));
    expect((await list('search_booking', 'pageSize=10&pod=XXCNT')).body.total).toBe(1205);
  });

  it('sends one shipping-order statement per page once the count is cached, with the row columns rendered once', async () => {
    // The orders of the test above (1,205 with pod XXCNT): page 1 caches their count.
    expect((await list('new_manual_booking', 'pageSize=10&pod=XXCNT')).body.total).toBe(1205);
    const { result: deep, sent } = await statementsSent(() =>
      list('new_manual_booking', 'pageSize=10&pod=XXCNT&at=SOCNT0000500'),
    );
    expect(deep.status).toBe(200);
    // One statement (no count, no per-row lookups): the row columns as one pre-rendered head with the row's
    // keys as aliases (Drizzle's select was rendered again on every call), then the keyset bound.
    const orders = sent.filter((s) => s.includes('shipping_orders'));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatch(/^select "shipping_orders"\."so_id" as "so_id", /);
    // The rows are what the Drizzle select answered: same order, values and types.
    const { rows } = await t.db.execute<{
      so_no: string;
      updated_at: string;
      container_nos: string | null;
    }>(sql`
      select so.so_no, so.updated_at,
             (select string_agg(c.container_no, ',' order by c.line_no) from so_containers c where c.so_id = so.so_id) container_nos
        from shipping_orders so where so.status = 'NEW_MANUAL' and so.pod = 'XXCNT' and so.so_no >= 'SOCNT0000500'
       order by so.so_no, so.so_id limit 10`);
    const body = deep.body as Page;
    const got = body.rows as unknown as { updated_at: string; container_nos: string | null }[];
    expect(soNos(body)).toEqual(rows.map((r) => r.so_no));
    expect(got.map((r) => r.updated_at)).toEqual(rows.map((r) => new Date(r.updated_at).toISOString()));
    expect(got.map((r) => r.container_nos)).toEqual(rows.map((r) => r.container_nos));
    expect(body.total).toBe(1205);
    expect(body.nextCursor).not.toBeNull();
  });

  it('dashboard counts follow a booking change through the API at once, though cached for 60 s', async () => {
    const before = await dashboard();
    const res = await api('POST', '/Booking', shipper, validBooking(ids));
    expect(res.statusCode).toBe(201);
    const created = res.json() as { so_no: string; version: number };
    const afterCreate = await dashboard();
    expect(afterCreate.new_e_booking.count).toBe(before.new_e_booking.count + 1);
    expect(afterCreate.search_booking.count).toBe(Math.min(before.search_booking.count + 1, 10_000));
    const cancel = await api('POST', `/Booking/${created.so_no}/actions/cancel`, ops, {
      version: created.version,
      reason: 'Customer asked',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const afterCancel = await dashboard();
    expect(afterCancel.new_e_booking.count).toBe(before.new_e_booking.count);
    expect(afterCancel.booking_cancelled.count).toBe(before.booking_cancelled.count + 1);
    // A refused write changes nothing and keeps the cached figures.
    const again = await api('POST', `/Booking/${created.so_no}/actions/cancel`, ops, {
      version: created.version,
      reason: 'Again',
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect((await dashboard()).booking_cancelled.count).toBe(afterCancel.booking_cancelled.count);
  });
});

describe('a number search planned once', () => {
  it("keeps PostgreSQL's generic plan of a booking list's page by a search's ids (prepared, as the invoice search)", async () => {
    const { ZBookingListQuery } = await import('@portal/contracts');
    const { BOOKING_LIST_DEFS, shippingOrderListRepository } = await import('./booking-lists.repository');
    // A 7-character SO# prefix with a digit (a number search) of 11 to 1,000 bookings (read by their ids; the
    // earlier tests' 1,000+ SOCNT bookings would be read among them instead).
    const { rows } = await t.db.execute<{ prefix: string; n: number }>(sql`
      select left(so_no, 7) as prefix, count(*)::int as n from shipping_orders where so_no ~ '^.{0,6}[0-9]'
       group by 1 having count(*) between 11 and 1000 order by 2 desc limit 1`);
    expect(rows[0].n).toBeGreaterThan(10);
    const q = ZBookingListQuery.parse({ q: rows[0].prefix, pageSize: 10 });
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 7; i++) {
        const page = await shippingOrderListRepository.page(
          tx,
          internalActor,
          BOOKING_LIST_DEFS.search_booking,
          q,
        );
        expect(page.rows).toHaveLength(10);
      }
      // One connection (the transaction's): the page statement by ids has gone generic.
      const { rows: plans } = await tx.execute<{ generic_plans: number; custom_plans: number }>(sql`
        select generic_plans::int, custom_plans::int from pg_prepared_statements
         where statement like 'select "shipping_orders"."so_id" as "so_id"%' and statement like '%unnest%'
         order by generic_plans + custom_plans desc limit 1`);
      expect(plans).toHaveLength(1);
      expect(plans[0].generic_plans + plans[0].custom_plans).toBeGreaterThanOrEqual(7);
      expect(plans[0].generic_plans).toBeGreaterThan(0);
    });
  });
});
