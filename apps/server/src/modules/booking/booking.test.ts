import { BOOKING_LIST_KEYS, bookingIssues, ZShippingOrderFields } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import {
  apiOf,
  cn,
  containerLine,
  fieldErrors,
  partyIds,
  validBooking,
} from './booking.fixture.test-helpers';

let t: TestApp;
type H = Record<string, string>;
let ops: H;
let shipper: H;
let agent: H;
let consignee: H;
let ids: Record<string, number>;
let api: ReturnType<typeof apiOf>;

type Booking = {
  so_no: string;
  status: string;
  version: number;
  is_e_booking: boolean;
  contract_no: string | null;
  contract_type: string | null;
  hide_party_address: boolean;
  containers: { container_no: string | null; seal_no: string | null }[];
  allowed_actions: string[];
  warnings: { field: string; msgKey: string; params?: Record<string, unknown> }[];
  parties: Record<string, { party_code: string }>;
};

const create = async (over: Record<string, unknown> = {}, headers = ops) => {
  const res = await api('POST', '/Booking', headers, validBooking(ids, over));
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return res.json() as Booking;
};

/** A seeded booking of `status` the shipper@demo.test user does not see (no CNSZX001 party). */
async function othersBooking(status: string) {
  const { rows } = await t.db.execute<{ so_no: string }>(sql`
    select so_no from shipping_orders where status = ${status}
       and ${ids.CNSZX001} not in (shipper_id, customer_id, consignee_id, coalesce(notify_id, 0),
                                    coalesce(nomination_agent_id, 0), coalesce(release_agent_id, 0))
     order by so_id limit 1`);
  if (!rows[0]) throw new Error(`no seeded ${status} booking of another party`);
  return rows[0].so_no;
}

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  ids = await partyIds(t);
  [ops, shipper, agent, consignee] = await Promise.all(
    ['ops', 'shipper', 'agent', 'consignee'].map(async (u) =>
      bearer(await sessionToken(t, `${u}@demo.test`)),
    ),
  );
});
afterAll(() => t.close());

describe('demo bookings', () => {
  it('seeds 25 bookings over every status, each valid by the booking rules', async () => {
    // The consolidation seed adds its own LCL shipping orders (DEMOCS…): not counted among the 25, but checked
    // by the same rules below (US-bound, so with their ISF parties and carrier booking numbers).
    const { rows } = await t.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from shipping_orders
          where so_no like 'DEMO%' and so_no not like 'DEMOCS%' group by status`,
    );
    expect(rows.reduce((a, r) => a + r.n, 0)).toBe(25);
    // The demo's documents show a person of the demo as their creator, owner and history actor, never a seed
    // label ("seed", "Demo Seed"; issue 39).
    const { rows: people } = await t.db.execute<{ who: string }>(
      sql`select created_by as who from shipping_orders where so_no like 'DEMO%'
          union select updated_by from shipping_orders where so_no like 'DEMO%'
          union select actor_name from status_history where entity_id like 'DEMO%'`,
    );
    expect(people.map((r) => r.who)).toContain('Oscar Ops');
    for (const { who } of people) expect(who).not.toMatch(/^seed$|Demo Seed/i);
    expect(rows.map((r) => r.status).sort()).toEqual(
      [
        'AMEND_PENDING',
        'CANCELLED',
        'CANCEL_PENDING',
        'CONFIRMED',
        'NEW_E_BOOKING',
        'NEW_MANUAL',
        'RECOVERED',
      ].sort(),
    );
    const { rows: nos } = await t.db.execute<{ so_no: string }>(
      sql`select so_no from shipping_orders where so_no like 'DEMO%'`,
    );
    expect(nos.filter((r) => r.so_no.startsWith('DEMOCS')).length).toBeGreaterThan(0);
    for (const { so_no } of nos) {
      const b = (await api('GET', `/Booking/${so_no}`, ops)).json();
      const errors = bookingIssues(ZShippingOrderFields.parse(b)).filter((i) => i.level === 'error');
      expect(errors, so_no).toEqual([]);
    }
  });
});

describe('create (POST /Booking)', () => {
  it('creates a manual booking for an internal user and an e-booking for an external one', async () => {
    const manual = await create({ contract_type: 'NAC', contract_no: 'NAC-1' });
    expect(manual).toMatchObject({
      status: 'NEW_MANUAL',
      is_e_booking: false,
      contract_no: 'NAC-1',
      warnings: [],
    });
    expect(manual.so_no).toMatch(/^SOHKG\d{9}$/);
    const e = await create({ contract_type: 'NAC', contract_no: 'NAC-2', hide_party_address: true }, shipper);
    expect(e).toMatchObject({
      status: 'NEW_E_BOOKING',
      is_e_booking: true,
      contract_type: null,
      contract_no: null,
      hide_party_address: false,
    });
    // Ignored, not only hidden: operations sees nothing stored either.
    const seen = (await api('GET', `/Booking/${e.so_no}`, ops)).json();
    expect(seen).toMatchObject({ contract_no: null, hide_party_address: false });
    const hist = (await api('GET', `/Booking/${e.so_no}/history`, ops)).json();
    expect(hist.at(-1)).toMatchObject({ action: 'create', to_status: 'NEW_E_BOOKING' });
  });

  it('lets external users book only for their own parties', async () => {
    const res = await api(
      'POST',
      '/Booking',
      shipper,
      validBooking(ids, { shipper_id: ids.HKSHP001, consignee_id: ids.DEMUC001 }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe('msgBookingPartyNotOwn');
    // Being the nomination agent is not enough: the agent's own party is no shipper, customer or consignee.
    const asAgent = await api('POST', '/Booking', agent, validBooking(ids));
    expect(asAgent.statusCode).toBe(422);
    expect(asAgent.json().msgKey).toBe('msgBookingPartyNotOwn');
    // A consignee profile has no create_booking.
    expect((await api('POST', '/Booking', consignee, validBooking(ids))).statusCode).toBe(403);
  });

  it('returns the ETD warning beside the saved booking', async () => {
    const b = await create({
      cargo_ready_date: '2027-02-20',
      containers: [containerLine({ ex_factory_date: null }), containerLine({ ex_factory_date: null })],
    });
    expect(b.warnings).toEqual([{ field: 'etd', msgKey: 'msgEtdFarAfterCargoReady', params: { days: 14 } }]);
  });

  it('refuses unknown, inactive or unapproved references with 422 on the field', async () => {
    const res = await api(
      'POST',
      '/Booking',
      ops,
      validBooking(ids, { shipper_id: ids.CNXMN001, carrier_code: 'ZZZZ', sailing_id: 999999 }),
    );
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res.json())).toMatchObject({
      shipper_id: 'msgBookingPartyNotUsable',
      carrier_code: 'msgCarrierUnknown',
    });
  });

  it('answers a retried request with the same Idempotency-Key with the first answer, once', async () => {
    const body = validBooking(ids);
    const h = { ...ops, 'idempotency-key': 'retry-1' };
    const first = await api('POST', '/Booking', h, body);
    const again = await api('POST', '/Booking', h, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await api('POST', '/Booking', h, { ...body, po_no: 'PO-OTHER' });
    expect(other.statusCode).toBe(422);
    expect(other.json().msgKey).toBe('msgIdempotencyKeyReused');
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from shipping_orders where po_no = ${body.po_no}`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('forgets an answer after 24 hours: the same key then creates anew, with any body', async () => {
    const body = validBooking(ids);
    const h = { ...ops, 'idempotency-key': 'expires-1' };
    const first = await api('POST', '/Booking', h, body);
    expect(first.statusCode).toBe(201);
    // Still remembered an hour short of the limit.
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '23 hours' where key = 'expires-1'`,
    );
    const replay = await api('POST', '/Booking', h, body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().so_no).toBe(first.json().so_no);
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'expires-1'`,
    );
    const other = await api('POST', '/Booking', h, { ...body, po_no: 'PO-AFTER-EXPIRY' });
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().so_no).not.toBe(first.json().so_no);
    // The expired answer is gone and the new one is remembered in its place.
    const { rows } = await t.db.execute<{ n: number; fresh: boolean }>(
      sql`select count(*)::int as n, bool_and(created_at > now() - interval '1 hour') as fresh
            from idempotency_keys where key = 'expires-1'`,
    );
    expect(rows[0]).toEqual({ n: 1, fresh: true });
  });

  it('creates one booking for two concurrent identical requests', async () => {
    const body = validBooking(ids);
    const h = { ...ops, 'idempotency-key': 'concurrent-1' };
    const [a, b] = await Promise.all([api('POST', '/Booking', h, body), api('POST', '/Booking', h, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().so_no).toBe(b.json().so_no);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from shipping_orders where po_no = ${body.po_no}`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses a bad Idempotency-Key and a body failing the schema, never a 500', async () => {
    const bad = await api('POST', '/Booking', { ...ops, 'idempotency-key': 'has spaces' }, validBooking(ids));
    expect(bad.statusCode).toBe(400);
    const res = await api('POST', '/Booking', ops, validBooking(ids, { pol: 'XX', equipment: [] }));
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json())).toMatchObject({
      pol: 'msgLocodeInvalid',
      equipment: 'msgContainersRequired',
    });
  });
});

describe('update (PUT /Booking/:so_no)', () => {
  it('saves an edit, bumps the version and records the changed fields', async () => {
    const b = await create();
    const res = await api('PUT', `/Booking/${b.so_no}`, ops, {
      ...validBooking(ids, { po_no: 'PO-EDITED' }),
      version: b.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ po_no: 'PO-EDITED', version: b.version + 1, warnings: [] });
    const hist = (await api('GET', `/Booking/${b.so_no}/history`, ops)).json();
    expect(hist[0]).toMatchObject({ action: 'update' });
    expect(hist[0].changes.po_no).toEqual({ from: expect.any(String), to: 'PO-EDITED' });
  });

  it('records no update entry when nothing really changed (decimals compared as stored)', async () => {
    const b = await create();
    const current = (await api('GET', `/Booking/${b.so_no}`, ops)).json();
    const res = await api('PUT', `/Booking/${b.so_no}`, ops, {
      ...current,
      gross_weight: '5000.000',
      cbm: 30,
    });
    expect(res.statusCode).toBe(200);
    const hist = (await api('GET', `/Booking/${b.so_no}/history`, ops)).json();
    expect(hist.map((h: { action: string }) => h.action)).toEqual(['create']);
  });

  it('answers 409 on a stale version', async () => {
    const b = await create();
    const body = { ...validBooking(ids), version: b.version };
    expect((await api('PUT', `/Booking/${b.so_no}`, ops, body)).statusCode).toBe(200);
    const stale = await api('PUT', `/Booking/${b.so_no}`, ops, body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msgKey).toBe('msgRecordNotLatest');
  });

  it('refuses edits in a status that does not allow them (422)', async () => {
    const cancelled = (await api('GET', `/Booking/${await othersBooking('CANCELLED')}`, ops)).json();
    const res = await api('PUT', `/Booking/${cancelled.so_no}`, ops, {
      ...cancelled,
      version: cancelled.version,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe('msgBookingActionNotAllowed');
    // External users edit only their new e-bookings.
    const manual = await create();
    const ext = await api('PUT', `/Booking/${manual.so_no}`, shipper, {
      ...validBooking(ids),
      version: manual.version,
    });
    expect(ext.statusCode).toBe(422);
    const own = await create({}, shipper);
    const ok = await api('PUT', `/Booking/${own.so_no}`, shipper, {
      ...validBooking(ids),
      version: own.version,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('saves nothing of a failing update: the child lines stay as they were', async () => {
    const b = await create();
    const before = (await api('GET', `/Booking/${b.so_no}`, ops)).json();
    const res = await api('PUT', `/Booking/${b.so_no}`, ops, {
      ...validBooking(ids, { containers: [containerLine({ seal_no: null })] }),
      version: b.version,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json())['containers.0.seal_no']).toBe('msgFieldRequired');
    const after = (await api('GET', `/Booking/${b.so_no}`, ops)).json();
    expect(after.containers).toEqual(before.containers);
    expect(after.version).toBe(before.version);
  });
});

describe('read (GET /Booking/:so_no) and party isolation', () => {
  it("answers 404 to an external user for another party's booking, on GET, PUT and copy", async () => {
    const soNo = await othersBooking('NEW_E_BOOKING');
    expect((await api('GET', `/Booking/${soNo}`, ops)).statusCode).toBe(200);
    const get = await api('GET', `/Booking/${soNo}`, shipper);
    expect(get.statusCode).toBe(404);
    expect(get.json().msgKey).toBe('msgSoNotFound');
    const put = await api('PUT', `/Booking/${soNo}`, shipper, { ...validBooking(ids), version: 1 });
    expect(put.statusCode).toBe(404);
    expect((await api('GET', `/Booking/${soNo}/copy`, shipper)).statusCode).toBe(404);
    expect((await api('GET', '/Booking/SONOTEXIST', ops)).json().msgKey).toBe('msgSoNotFound');
  });

  it('hides internal-only fields from external users', async () => {
    const b = await create({
      contract_type: 'SERVICE_CONTRACT',
      contract_no: 'SC-9',
      hide_party_address: true,
    });
    expect((await api('GET', `/Booking/${b.so_no}`, ops)).json()).toMatchObject({ contract_no: 'SC-9' });
    const ext = (await api('GET', `/Booking/${b.so_no}`, shipper)).json();
    expect(ext).toMatchObject({ contract_type: null, contract_no: null, hide_party_address: false });
  });

  it('lists the actions the actor may take now, with parties by code', async () => {
    const manual = await create();
    expect(manual.allowed_actions).toEqual(['confirm', 'cancel', 'assign_job']);
    expect(manual.parties.shipper.party_code).toBe('CNSZX001');
    const e = await create({}, shipper);
    expect(e.allowed_actions).toEqual(['request_amend', 'request_cancel']);
    expect((await api('GET', `/Booking/${e.so_no}`, ops)).json().allowed_actions).toEqual([
      'confirm',
      'cancel',
    ]);
    const agentView = (await api('GET', `/Booking/${e.so_no}`, agent)).json();
    expect(agentView.allowed_actions).toEqual(['request_amend', 'request_cancel']);
  });

  it('copies a booking into the fields of a new one', async () => {
    const b = await create({ shipper_ref: 'SR-1', contract_no: 'SC-1', contract_type: 'NAC' });
    const copy = (await api('GET', `/Booking/${b.so_no}/copy`, ops)).json();
    expect(copy).toMatchObject({
      po_no: null,
      shipper_ref: null,
      contract_no: 'SC-1',
      shipper_id: ids.CNSZX001,
    });
    expect(copy.so_no).toBeUndefined();
    expect(copy.containers).toHaveLength(2);
    expect(copy.containers[0]).toMatchObject({
      container_no: null,
      seal_no: null,
      size_type: '40HQ',
      package_qty: 50,
    });
    expect((await api('GET', `/Booking/${b.so_no}/copy`, shipper)).json().contract_no).toBeNull();
  });
});

const STATUSES: Record<string, string[]> = {
  search_booking: [
    'NEW_E_BOOKING',
    'AMEND_PENDING',
    'CANCEL_PENDING',
    'NEW_MANUAL',
    'CONFIRMED',
    'CANCELLED',
    'RECOVERED',
  ],
  new_e_booking: ['NEW_E_BOOKING'],
  amend_e_booking: ['AMEND_PENDING'],
  cancel_e_booking: ['CANCEL_PENDING'],
  new_manual_booking: ['NEW_MANUAL'],
  booking_confirmed: ['CONFIRMED'],
  reuse_booking: ['CONFIRMED', 'RECOVERED', 'CANCELLED'],
  booking_cancelled: ['CANCELLED'],
  booking_pending_si: ['CONFIRMED'],
};

type Row = {
  so_no: string;
  status: string;
  si_status: string;
  shipper_code: string;
  consignee_code: string;
  ageing_since: string | null;
};
const list = async (key: string, query = '', headers = ops) => {
  const res = await api('GET', `/Booking/list/${key}?pageSize=100${query}`, headers);
  if (res.statusCode !== 200) throw new Error(`list ${key} failed ${res.statusCode} ${res.body}`);
  return res.json() as { rows: Row[]; total: number; totalCapped: boolean; nextCursor: string | null };
};

describe('lists (GET /Booking/list/:listKey)', () => {
  it.each(BOOKING_LIST_KEYS)('%s shows the statuses of its definition', async (key) => {
    const page = await list(key);
    expect(page.total).toBeGreaterThan(0);
    expect(new Set(page.rows.map((r) => r.status))).toEqual(
      new Set(STATUSES[key].filter((s) => page.rows.some((r) => r.status === s))),
    );
    for (const r of page.rows) expect(STATUSES[key]).toContain(r.status);
    if (key === 'booking_pending_si') for (const r of page.rows) expect(r.si_status).toBe('PENDING');
    if (key === 'search_booking' || key === 'booking_cancelled')
      for (const r of page.rows) expect(r.ageing_since).toBeNull();
    if (key === 'new_e_booking') for (const r of page.rows) expect(r.ageing_since).not.toBeNull();
  });

  it('answers 404 with a message key for an unknown list', async () => {
    const res = await api('GET', '/Booking/list/nope', ops);
    expect(res.statusCode).toBe(404);
    expect(res.json().msgKey).toBe('msgBookingListUnknown');
  });

  it('searches by SO#, job#, HBL#, PO# and container number prefix', async () => {
    const b = await create({
      po_no: 'PO-FINDME-77',
      containers: [containerLine({ container_no: cn('ZZZU123456') }), containerLine()],
    });
    expect((await list('search_booking', `&q=${b.so_no}`)).rows.map((r) => r.so_no)).toEqual([b.so_no]);
    expect((await list('search_booking', '&q=findme-77')).rows.map((r) => r.so_no)).toEqual([b.so_no]);
    expect((await list('search_booking', '&q=zzzu123')).rows.map((r) => r.so_no)).toEqual([b.so_no]);
    const { rows } = await t.db.execute<{ so_no: string; job_no: string; hbl_no: string }>(
      sql`select so_no, job_no, hbl_no from shipping_orders where job_no is not null order by so_id limit 1`,
    );
    expect((await list('search_booking', `&q=${rows[0].job_no}`)).rows.map((r) => r.so_no)).toContain(
      rows[0].so_no,
    );
    expect((await list('search_booking', `&q=${rows[0].hbl_no}`)).rows.map((r) => r.so_no)).toContain(
      rows[0].so_no,
    );
  });

  it('shows external users only bookings of their own parties', async () => {
    const mine = await list('search_booking', '', shipper);
    expect(mine.total).toBeGreaterThan(0);
    for (const r of mine.rows) expect([r.shipper_code, r.consignee_code]).toContain('CNSZX001');
    const agentRows = await list('search_booking', '', agent);
    expect(agentRows.total).toBeGreaterThan(0);
    expect(agentRows.total).toBeLessThan((await list('search_booking')).total);
  });

  it('pages with keyset cursors through every row once, in order', async () => {
    const all = await list('search_booking', '&sort=etd&order=desc');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api(
        'GET',
        `/Booking/list/search_booking?pageSize=10&sort=etd&order=desc${cursor ? `&cursor=${cursor}` : ''}`,
        ops,
      );
      const page = res.json();
      seen.push(...page.rows.map((r: Row) => r.so_no));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.rows.map((r) => r.so_no));
  });

  it('filters with the custom filter whitelist and refuses unknown fields', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ field: 'status', op: 'eq', value: 'CANCELLED' }]));
    const page = await list('search_booking', `&filters=${filters}`);
    expect(page.rows.every((r) => r.status === 'CANCELLED')).toBe(true);
    const bad = encodeURIComponent(JSON.stringify([{ field: 'password', op: 'eq', value: 'x' }]));
    expect((await api('GET', `/Booking/list/search_booking?filters=${bad}`, ops)).statusCode).toBe(400);
  });

  it('exports a list to Excel with one row per booking', async () => {
    const res = await api('GET', '/Booking/list/new_e_booking/export', ops);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount - 1).toBe((await list('new_e_booking')).total);
  });
});

describe('dashboard (GET /Booking/dashboard)', () => {
  const counts = async (headers = ops) => {
    const res = await api('GET', '/Booking/dashboard', headers);
    expect(res.statusCode).toBe(200);
    return Object.fromEntries(
      (res.json().lists as { key: string; count: number; yellow: number; red: number }[]).map((l) => [
        l.key,
        l,
      ]),
    );
  };

  it('counts each list like the list itself', async () => {
    const d = await counts();
    for (const key of BOOKING_LIST_KEYS) expect(d[key].count, key).toBe((await list(key)).total);
    const mine = await counts(shipper);
    expect(mine.search_booking.count).toBe((await list('search_booking', '', shipper)).total);
  });

  it('colours rows yellow and red by age (8 h and 18 h pending confirmation; 5 and 7 days pending SI)', async () => {
    const before = await counts();
    const y = await create({}, shipper);
    const r = await create({}, shipper);
    await t.db.execute(
      sql`update shipping_orders set status_changed_at = now() - interval '9 hours' where so_no = ${y.so_no}`,
    );
    await t.db.execute(
      sql`update shipping_orders set status_changed_at = now() - interval '19 hours' where so_no = ${r.so_no}`,
    );
    const after = await counts();
    expect(after.new_e_booking.yellow).toBe(before.new_e_booking.yellow + 1);
    expect(after.new_e_booking.red).toBe(before.new_e_booking.red + 1);
    expect(after.new_e_booking.count).toBe(before.new_e_booking.count + 2);
    // Pending SI: confirmed 6 days ago is yellow, 8 days ago red.
    await t.db.execute(
      sql`update shipping_orders set status = 'CONFIRMED', si_status = 'PENDING', confirmed_at = now() - interval '6 days' where so_no = ${y.so_no}`,
    );
    await t.db.execute(
      sql`update shipping_orders set status = 'CONFIRMED', si_status = 'PENDING', confirmed_at = now() - interval '8 days' where so_no = ${r.so_no}`,
    );
    const si = await counts();
    expect(si.booking_pending_si.yellow).toBe(after.booking_pending_si.yellow + 1);
    expect(si.booking_pending_si.red).toBe(after.booking_pending_si.red + 1);
    // Confirmed pending approval: both are older than 2 days and not approved.
    expect(si.booking_confirmed.red).toBe(after.booking_confirmed.red + 2);
    await t.db.execute(sql`update shipping_orders set approval_status = 'APPROVED' where so_no = ${r.so_no}`);
    expect((await counts()).booking_confirmed.red).toBe(after.booking_confirmed.red + 1);
  });
});
