import type { TRwDatasetInfo, TRwListResponse, TRwReport, TRwResult } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { deliverDueMail } from '../../platform/mail/mail-delivery';
import { rwRepository } from './report-writer.repository';
import { scheduleDue, sendQueued } from './report-writer.service';

let t: TestApp;
type Headers = Record<string, string>;
const h: Record<string, Headers> = {};
type Body = Record<string, unknown> & { msgKey?: string };

const api = <T = Body>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) =>
  t.app
    .inject({ method, url: `/api/v1${url}`, headers, payload })
    .then((r) => ({ status: r.statusCode, body: (r.body ? r.json() : null) as T, raw: r }));

const preview = (who: string, q: object) => api<TRwResult & Body>('POST', '/ReportWriter/preview', h[who], q);

/** Bookings an external user's profile may see (its parties in any party column), counted directly. */
async function visibleBookings(login: string): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(sql`
    with own as (select m.party_id from users u join user_profiles up on up.user_uid = u.user_uid
                   join user_profile_party_groups g on g.user_profile_id = up.user_profile_id
                   join party_group_members m on m.party_group_id = g.party_group_id
                  where u.login_id = ${login})
    select count(*)::int as n from shipping_orders so
     where so.shipper_id in (select party_id from own) or so.customer_id in (select party_id from own)
        or so.consignee_id in (select party_id from own) or so.notify_id in (select party_id from own)
        or so.nomination_agent_id in (select party_id from own) or so.release_agent_id in (select party_id from own)`);
  return rows[0].n;
}

/** Copies a demo booking with new values (the fixture rows of the hand-computed report). */
async function cloneBooking(over: Record<string, string | null>) {
  const { rows: cols } = await t.db.execute<{ c: string }>(sql`
    select column_name as c from information_schema.columns
     where table_name = 'shipping_orders' and table_schema = 'public' and column_name <> 'so_id'
     order by ordinal_position`);
  const names = cols.map((c) => c.c);
  const values = names.map((n) => (n in over ? sql`${over[n]}` : sql.raw(`so.${n}`)));
  await t.db.execute(sql`
    insert into shipping_orders (${sql.raw(names.join(', '))})
    select ${sql.join(values, sql`, `)} from shipping_orders so order by so.so_id limit 1`);
}

beforeAll(async () => {
  t = await createTestApp({ RW_STATEMENT_TIMEOUT_MS: '1500' });
  for (const login of ['manager', 'agent', 'ops.sha', 'admin', 'finance'])
    h[login] = bearer(await sessionToken(t, `${login}@demo.test`));
  const fixture: [string, string, string | null][] = [
    ['RWT0001', '2025-01-10', '10.5'],
    ['RWT0002', '2025-01-20', '4.25'],
    ['RWT0003', '2025-02-03', '7'],
    ['RWT0004', '2025-02-14', null],
    ['RWT0005', '2025-02-28', '1.125'],
  ];
  for (const [so_no, etd, cbm] of fixture)
    await cloneBooking({
      so_no,
      etd,
      cbm,
      handling_office: 'ZZT',
      status: 'CONFIRMED',
      job_no: null,
      hbl_no: null,
    });
});
afterAll(() => t?.close());

describe('report writer: datasets and access', () => {
  it('guards every route by m_rw_search (a consignee without it gets 403)', async () => {
    const consignee = bearer(await sessionToken(t, 'consignee@demo.test'));
    expect((await api('GET', '/ReportWriter/datasets', consignee)).status).toBe(403);
    expect((await api('GET', '/ReportWriter/reports', consignee)).status).toBe(403);
  });

  it('lists internal-only fields and the invoice datasets to internal users only', async () => {
    const internal = (await api<TRwDatasetInfo[]>('GET', '/ReportWriter/datasets', h.manager)).body;
    const external = (await api<TRwDatasetInfo[]>('GET', '/ReportWriter/datasets', h.agent)).body;
    expect(internal.map((d) => d.key)).toEqual([
      'bookings',
      'containers',
      'consolidations',
      'master_bls',
      'parties',
      'invoices',
      'invoice_lines',
    ]);
    expect(external.map((d) => d.key)).not.toContain('invoices');
    expect(external.map((d) => d.key)).not.toContain('invoice_lines');
    const fieldsOf = (list: TRwDatasetInfo[], ds: string) =>
      list.find((d) => d.key === ds)?.fields.map((f) => f.key);
    expect(fieldsOf(internal, 'bookings')).toContain('salesman');
    expect(fieldsOf(external, 'bookings')).not.toContain('salesman');
    expect(fieldsOf(external, 'bookings')).not.toContain('contract_no');
    expect(fieldsOf(external, 'master_bls')).not.toContain('freight_amount');
    expect(fieldsOf(external, 'parties')).not.toContain('credit_limit');
    // An external user naming a hidden field or dataset anyway: 400, as if it did not exist.
    const hidden = await preview('agent', { dataset: 'bookings', columns: ['so_no', 'salesman'] });
    expect(hidden.status).toBe(400);
    expect(hidden.body.msgKey).toBe('msgRwUnknownField');
    const inv = await preview('agent', { dataset: 'invoices', columns: ['invoice_no'] });
    expect(inv.status).toBe(400);
    expect(inv.body.msgKey).toBe('msgRwUnknownDataset');
  });

  it('says which status list a status field holds, in the field list and in the result (issue 39: words, not codes)', async () => {
    const internal = (await api<TRwDatasetInfo[]>('GET', '/ReportWriter/datasets', h.manager)).body;
    const field = (ds: string, key: string) =>
      internal.find((d) => d.key === ds)?.fields.find((f) => f.key === key);
    expect(field('bookings', 'status')?.codeKind).toBe('booking');
    expect(field('bookings', 'approval_status')?.codeKind).toBe('approval');
    expect(field('consolidations', 'status')?.codeKind).toBe('consolidation');
    expect(field('master_bls', 'status')?.codeKind).toBe('masterBl');
    expect(field('invoices', 'status')?.codeKind).toBe('invoice');
    expect(field('parties', 'approval_status')?.codeKind).toBe('party');
    expect(field('bookings', 'so_no')?.codeKind).toBeUndefined();
    const r = await preview('manager', {
      dataset: 'bookings',
      groupBy: ['status'],
      aggregates: [{ field: '*', fn: 'count' }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.columns.find((c) => c.key === 'status')?.codeKind).toBe('booking');
  });
});

describe('report writer: SQL safety', () => {
  const bad = async (q: object, key: string) => {
    const r = await preview('manager', { dataset: 'bookings', ...q });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.msgKey).toBe(key);
  };

  it('refuses field names, group keys and sort keys that are not on the whitelist', async () => {
    await bad({ columns: ['so_no; drop table users; --'] }, 'msgRwUnknownField');
    await bad({ columns: ['so.so_no'] }, 'msgRwUnknownField');
    await bad({ columns: ['__proto__'] }, 'msgRwUnknownField');
    await bad({ columns: ['constructor'] }, 'msgRwUnknownField');
    await bad(
      { groupBy: ['handling_office" from users --'], aggregates: [{ field: '*', fn: 'count' }] },
      'msgRwUnknownField',
    );
    await bad(
      { columns: ['so_no'], sort: [{ key: '1; select pg_sleep(10)', dir: 'asc' }] },
      'msgRwUnknownField',
    );
    await bad(
      { columns: ['so_no'], filters: [{ field: 'password_hash', op: 'eq', value: 'x' }] },
      'msgRwUnknownField',
    );
    await bad({ aggregates: [{ field: 'so_no); delete from users; --', fn: 'count' }] }, 'msgRwUnknownField');
  });

  it('refuses an unknown aggregate function, operator or dataset (validation, 400)', async () => {
    const fn = await preview('manager', {
      dataset: 'bookings',
      aggregates: [{ field: 'cbm', fn: 'pg_sleep' }],
    });
    expect(fn.status).toBe(400);
    const op = await preview('manager', {
      dataset: 'bookings',
      columns: ['so_no'],
      filters: [{ field: 'so_no', op: 'or 1=1', value: 'x' }],
    });
    expect(op.status).toBe(400);
    const ds = await preview('manager', { dataset: 'users', columns: ['login_id'] });
    expect(ds.status).toBe(400);
  });

  it('binds values: an injection attempt in a value matches nothing, a non-number in a number is refused', async () => {
    const r = await preview('manager', {
      dataset: 'bookings',
      columns: ['so_no'],
      filters: [{ field: 'so_no', op: 'eq', value: "x' or '1'='1" }],
    });
    expect(r.status).toBe(200);
    expect(r.body.rows).toEqual([]);
    const like = await preview('manager', {
      dataset: 'bookings',
      columns: ['so_no'],
      filters: [{ field: 'commodity', op: 'contains', value: "%' or 1=1 --" }],
    });
    expect(like.status).toBe(200);
    expect(like.body.rows).toEqual([]);
    await bad(
      { columns: ['so_no'], filters: [{ field: 'cbm', op: 'gte', value: '1 or 1=1' }] },
      'msgRwBadValue',
    );
    await bad(
      { columns: ['so_no'], filters: [{ field: 'etd', op: 'eq', value: '2025-02-30' }] },
      'msgRwBadValue',
    );
    await bad(
      { columns: ['so_no'], filters: [{ field: 'status', op: 'eq', value: 'NOPE' }] },
      'msgRwBadValue',
    );
  });

  it('refuses a wrong operator, more than three groups, sums of text and ungrouped columns', async () => {
    await bad(
      { columns: ['so_no'], filters: [{ field: 'cbm', op: 'contains', value: '1' }] },
      'msgRwBadOperator',
    );
    await bad(
      {
        groupBy: ['handling_office', 'pol', 'pod', 'carrier_code'],
        aggregates: [{ field: '*', fn: 'count' }],
      },
      'msgRwTooManyGroups',
    );
    await bad({ groupBy: ['pol'], aggregates: [{ field: 'so_no', fn: 'sum' }] }, 'msgRwBadAggregate');
    await bad(
      { columns: ['so_no'], groupBy: ['pol'], aggregates: [{ field: '*', fn: 'count' }] },
      'msgRwNotGrouped',
    );
    await bad({ columns: [] }, 'msgRwNoColumns');
  });

  it('answers 400 msgRwTimeout when a run exceeds the statement timeout', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    // Another transaction holds the bookings table: the run waits until its statement timeout (1.5 s here).
    const lock = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table shipping_orders in access exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    const r = await preview('manager', { dataset: 'bookings', aggregates: [{ field: '*', fn: 'count' }] });
    release();
    await lock;
    expect(r.status).toBe(400);
    expect(r.body.msgKey).toBe('msgRwTimeout');
    expect(r.body.params).toEqual({ seconds: 2 });
  });
});

describe('report writer: results', () => {
  it('computes grouped aggregates as by hand on the fixture', async () => {
    const r = await preview('manager', {
      dataset: 'bookings',
      filters: [{ field: 'handling_office', op: 'eq', value: 'zzt' }],
      groupBy: ['etd_month'],
      aggregates: [
        { field: '*', fn: 'count' },
        { field: 'cbm', fn: 'sum' },
        { field: 'cbm', fn: 'avg' },
        { field: 'cbm', fn: 'max' },
        { field: 'cbm', fn: 'count' },
        { field: 'etd', fn: 'min' },
      ],
      sort: [{ key: 'etd_month', dir: 'asc' }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.aggregated).toBe(true);
    expect(r.body.columns.map((c) => c.key)).toEqual([
      'etd_month',
      'count',
      'sum_cbm',
      'avg_cbm',
      'max_cbm',
      'count_cbm',
      'min_etd',
    ]);
    // January: 10.5 + 4.25; February: 7 + (none) + 1.125 — the empty CBM counts as a booking, not a value.
    expect(r.body.rows).toEqual([
      {
        etd_month: '2025-01',
        count: '2',
        sum_cbm: '14.750',
        avg_cbm: '7.3750',
        max_cbm: '10.500',
        count_cbm: '2',
        min_etd: '2025-01-10',
      },
      {
        etd_month: '2025-02',
        count: '3',
        sum_cbm: '8.125',
        avg_cbm: '4.0625',
        max_cbm: '7.000',
        count_cbm: '2',
        min_etd: '2025-02-03',
      },
    ]);
    // Aggregates without groups: one row; a between filter on dates; the biggest group first.
    const one = await preview('manager', {
      dataset: 'bookings',
      filters: [
        { field: 'handling_office', op: 'in', value: 'ZZT, XXX' },
        { field: 'etd', op: 'between', value: '2025-01-15', value2: '2025-02-14' },
      ],
      aggregates: [
        { field: '*', fn: 'count' },
        { field: 'cbm', fn: 'sum' },
      ],
    });
    expect(one.body.rows).toEqual([{ count: '3', sum_cbm: '11.250' }]);
    const top = await preview('manager', {
      dataset: 'bookings',
      filters: [{ field: 'so_no', op: 'startsWith', value: 'rwt' }],
      groupBy: ['etd_month'],
      aggregates: [{ field: '*', fn: 'count' }],
      sort: [{ key: 'count', dir: 'desc' }],
    });
    expect(top.body.rows.map((x) => x.etd_month)).toEqual(['2025-02', '2025-01']);
  });

  it('previews the first 50 rows of a detail report with the total, sorted and typed as text', async () => {
    const r = await preview('manager', {
      dataset: 'bookings',
      columns: ['so_no', 'etd', 'cbm', 'is_dangerous'],
      filters: [{ field: 'handling_office', op: 'eq', value: 'ZZT' }],
      sort: [{ key: 'etd', dir: 'desc' }],
    });
    expect(r.status).toBe(200);
    expect(r.body.rows[0]).toEqual({
      so_no: 'RWT0005',
      etd: '2025-02-28',
      cbm: '1.125',
      is_dangerous: 'false',
    });
    expect(r.body.total).toBe(5);
    const all = await preview('manager', { dataset: 'bookings', columns: ['so_no'] });
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from shipping_orders`);
    expect(all.body.rows).toHaveLength(Math.min(50, rows[0].n));
    expect(all.body.truncated).toBe(rows[0].n > 50);
    expect(all.body.total).toBe(Math.min(rows[0].n, 10_001));
  });

  it('applies party access: the agent counts only the bookings of its own parties', async () => {
    const q = { dataset: 'bookings', aggregates: [{ field: '*', fn: 'count' }] };
    const agent = await preview('agent', q);
    const manager = await preview('manager', q);
    const expected = await visibleBookings('agent@demo.test');
    expect(expected).toBeGreaterThan(0);
    expect(agent.body.rows).toEqual([{ count: String(expected) }]);
    expect(Number(manager.body.rows[0].count)).toBeGreaterThan(expected);
    // A detail report: every row one the agent may see.
    const detail = await preview('agent', { dataset: 'bookings', columns: ['so_no'] });
    expect(detail.body.total).toBe(expected);
  });
});

const definition = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  dataset: 'bookings',
  columns: [],
  groupBy: ['handling_office'],
  aggregates: [{ field: '*', fn: 'count' }],
  ...over,
});

describe('report writer: saved reports', () => {
  it('saves, lists mine and shared with my office, and runs a shared report with the READER access', async () => {
    // Operations at SHA share a report with SHA; the agent (also SHA) reads and runs it with its own access.
    const created = await api<TRwReport & Body>(
      'POST',
      '/ReportWriter/reports',
      h['ops.sha'],
      definition('SHA bookings count', {
        groupBy: [],
        share: { scope: 'office', office: 'SHA' },
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ version: 1, mine: true, share: { scope: 'office', office: 'SHA' } });
    const id = created.body.id;

    // A shared invoice report is not listed to the agent: invoices are not a dataset it may run.
    const invoices = await api<TRwReport & Body>(
      'POST',
      '/ReportWriter/reports',
      h['ops.sha'],
      definition('SHA invoices', { dataset: 'invoices', groupBy: ['currency'], share: { scope: 'office' } }),
    );
    expect(invoices.status, JSON.stringify(invoices.body)).toBe(201);
    expect(invoices.body.share).toEqual({ scope: 'office', office: 'SHA' });
    expect((await api('GET', `/ReportWriter/reports/${invoices.body.id}`, h.agent)).status).toBe(404);

    const agentList = await api<TRwListResponse>('GET', '/ReportWriter/reports?scope=shared', h.agent);
    expect(agentList.body.rows.map((r) => r.id)).toContain(id);
    expect(agentList.body.rows.map((r) => r.id)).not.toContain(invoices.body.id);
    expect(agentList.body.rows.find((r) => r.id === id)?.mine).toBe(false);
    const managerList = await api<TRwListResponse>('GET', '/ReportWriter/reports', h.manager);
    expect(managerList.body.rows.map((r) => r.id)).not.toContain(id); // HKG: not shared with it
    expect((await api('GET', `/ReportWriter/reports/${id}`, h.manager)).status).toBe(404);

    const byOwner = await api<TRwResult>('POST', `/ReportWriter/reports/${id}/run`, h['ops.sha']);
    const byAgent = await api<TRwResult>('POST', `/ReportWriter/reports/${id}/run`, h.agent);
    expect(byOwner.status).toBe(200);
    const ownerCount = Number(byOwner.body.rows[0].count);
    const agentCount = Number(byAgent.body.rows[0].count);
    expect(agentCount).toBe(await visibleBookings('agent@demo.test'));
    expect(agentCount).toBeLessThan(ownerCount);

    // Only the owner changes, sends or deletes it.
    const put = await api('PUT', `/ReportWriter/reports/${id}`, h.agent, {
      ...definition('SHA bookings count', { groupBy: [] }),
      version: 1,
    });
    expect(put.status).toBe(403);
    expect(put.body.msgKey).toBe('msgRwNotOwner');
    expect(
      (await api('POST', `/ReportWriter/reports/${id}/send`, h.agent, { recipients: ['x@y.test'] })).status,
    ).toBe(403);
    expect((await api('DELETE', `/ReportWriter/reports/${id}`, h.agent)).status).toBe(403);
  });

  it('refuses a share with an office the owner does not belong to, and a duplicate name', async () => {
    const r = await api(
      'POST',
      '/ReportWriter/reports',
      h.manager,
      definition('Elsewhere', { share: { scope: 'office', office: 'SIN' } }),
    );
    expect(r.status).toBe(400);
    expect(r.body.msgKey).toBe('msgRwShareOfficeInvalid');
    expect((await api('POST', '/ReportWriter/reports', h.manager, definition('Dup'))).status).toBe(201);
    const dup = await api('POST', '/ReportWriter/reports', h.manager, definition('dup'));
    expect(dup.status).toBe(409);
    expect(dup.body.msgKey).toBe('msgRwDuplicateName');
  });

  it('updates with optimistic concurrency: a stale version answers 409', async () => {
    const created = await api<TRwReport>('POST', '/ReportWriter/reports', h.manager, definition('Versioned'));
    const id = created.body.id;
    const first = await api<TRwReport>('PUT', `/ReportWriter/reports/${id}`, h.manager, {
      ...definition('Versioned', { description: 'first edit' }),
      version: 1,
    });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    const stale = await api('PUT', `/ReportWriter/reports/${id}`, h.manager, {
      ...definition('Versioned', { description: 'lost edit' }),
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msgKey).toBe('msgRecordNotLatest');
    expect((await api('DELETE', `/ReportWriter/reports/${id}`, h.manager)).status).toBe(204);
    expect((await api('GET', `/ReportWriter/reports/${id}`, h.manager)).status).toBe(404);
  });

  it('exports the run as an .xlsx workbook with translated headers', async () => {
    const created = await api<TRwReport>(
      'POST',
      '/ReportWriter/reports',
      h.manager,
      definition('Fixture by month', {
        filters: [{ field: 'handling_office', op: 'eq', value: 'ZZT' }],
        groupBy: ['etd_month'],
        aggregates: [
          { field: '*', fn: 'count' },
          { field: 'cbm', fn: 'sum' },
        ],
      }),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/ReportWriter/reports/${created.body.id}/export?lang=zh-HK`,
      headers: h.manager,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, '開航月份', '數量', '體積（立方米）總和']);
    expect(sheet.getRow(2).values).toEqual([undefined, '2025-01', 2, 14.75]);
    expect(sheet.getRow(3).values).toEqual([undefined, '2025-02', 3, 8.125]);
  });
});

describe('report writer: e-mail and schedule', () => {
  it('sends the workbook through the job queue as the OWNER, and it lands in the dev mailbox', async () => {
    // The agent owns this one: the job runs it with the agent's access, whoever triggers the job.
    const created = await api<TRwReport & Body>(
      'POST',
      '/ReportWriter/reports',
      h.agent,
      definition('My bookings', {
        groupBy: [],
        schedule: { frequency: 'none', hour: 7, recipients: ['agent.boss@example.test'] },
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sent = await api<Body>('POST', `/ReportWriter/reports/${created.body.id}/send`, h.agent, {});
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ queued: true, recipients: ['agent.boss@example.test'] });

    expect(await sendQueued(t.db)).toEqual({ ok: 1, failed: 0 });
    const { rows } = await t.db.execute<{ subject: string; file_name: string; content: Buffer }>(sql`
      select o.subject, a.file_name, a.content from mail_outbox o join mail_outbox_attachments a on a.mail_id = o.id
       where o.to_address = 'agent.boss@example.test' and o.tag = 'report-writer'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].subject).toBe('Report: My bookings');
    expect(rows[0].file_name).toMatch(/^My bookings-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(rows[0].content as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(2).values).toEqual([undefined, await visibleBookings('agent@demo.test')]);
    const report = (await api<TRwReport>('GET', `/ReportWriter/reports/${created.body.id}`, h.agent)).body;
    expect(report.last_run).toMatchObject({ status: 'ok', rows: 1 });

    await deliverDueMail(t.db);
    const box = await api<{ rows: { to: string; subject: string; status: string }[] }>(
      'GET',
      '/Admin/DevMailbox',
      h.admin,
    );
    expect(box.body.rows.find((m) => m.to === 'agent.boss@example.test')).toMatchObject({
      subject: 'Report: My bookings',
      status: 'sent',
    });
  });

  it('computes the next slot and the period of daily, weekly and monthly schedules in the time zone', async () => {
    const at = '2026-11-23T10:00:00Z'; // a Monday
    const next = (frequency: string, tz: string, o: { weekday?: number; monthday?: number } = {}) =>
      rwRepository
        .nextRun(
          t.db,
          { frequency, weekday: o.weekday ?? null, monthday: o.monthday ?? null, hour: 7 },
          tz,
          at,
        )
        .then((v) => (v ? new Date(v).toISOString() : null));
    expect(await next('none', 'UTC')).toBeNull();
    expect(await next('daily', 'UTC')).toBe('2026-11-24T07:00:00.000Z');
    expect(await next('weekly', 'UTC', { weekday: 1 })).toBe('2026-11-30T07:00:00.000Z');
    expect(await next('weekly', 'UTC', { weekday: 3 })).toBe('2026-11-25T07:00:00.000Z');
    expect(await next('monthly', 'UTC', { monthday: 5 })).toBe('2026-12-05T07:00:00.000Z');
    expect(await next('monthly', 'UTC', { monthday: 28 })).toBe('2026-11-28T07:00:00.000Z');
    // 07:00 in Hong Kong is 23:00 UTC the day before.
    expect(await next('daily', 'Asia/Hong_Kong')).toBe('2026-11-23T23:00:00.000Z');
    expect(await rwRepository.periodOf(t.db, 'weekly', '2026-11-30T07:00:00Z', 'UTC')).toBe('2026-W49');
    expect(await rwRepository.periodOf(t.db, 'monthly', '2026-11-30T23:30:00Z', 'Asia/Hong_Kong')).toBe(
      '2026-12',
    );
    expect(await rwRepository.periodOf(t.db, 'daily', '2026-11-30T07:00:00Z', 'UTC')).toBe('2026-11-30');
  });

  it('refuses to send without recipients', async () => {
    const created = await api<TRwReport>('POST', '/ReportWriter/reports', h.manager, definition('No one'));
    const r = await api('POST', `/ReportWriter/reports/${created.body.id}/send`, h.manager, {});
    expect(r.status).toBe(400);
    expect(r.body.msgKey).toBe('msgRwNoRecipients');
  });

  it('schedules: the demo manager report is weekly; a due period is sent once however often the job runs', async () => {
    const list = await api<TRwListResponse>('GET', '/ReportWriter/reports?scope=mine', h.manager);
    const demo = list.body.rows.find((r) => r.name === 'Bookings by office and month');
    expect(demo?.frequency).toBe('weekly');
    const id = demo?.id as number;
    const before = (await api<TRwReport>('GET', `/ReportWriter/reports/${id}`, h.manager)).body;
    expect(before.schedule).toMatchObject({ frequency: 'weekly', weekday: 1, hour: 7 });
    expect(before.next_run_at).not.toBeNull();

    await t.db.execute(
      sql`update report_writer_reports set next_run_at = now() - interval '1 hour' where id = ${id}`,
    );
    expect(await scheduleDue(t.db)).toBe(1);
    expect(await scheduleDue(t.db)).toBe(0);
    // The same slot again (a second instance that saw it late): the period is already taken.
    await t.db.execute(
      sql`update report_writer_reports set next_run_at = now() - interval '1 hour' where id = ${id}`,
    );
    expect(await scheduleDue(t.db)).toBe(0);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from report_writer_runs where report_id = ${id} and kind = 'schedule'`,
    );
    expect(rows[0].n).toBe(1);
    const after = (await api<TRwReport>('GET', `/ReportWriter/reports/${id}`, h.manager)).body;
    expect(new Date(after.next_run_at as string).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(after.next_run_at as string).getUTCDay() >= 0).toBe(true);

    expect((await sendQueued(t.db)).ok).toBe(1);
    const mail = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from mail_outbox where to_address = 'manager@demo.test' and tag = 'report-writer'`);
    expect(mail.rows[0].n).toBe(1);
  });
});
