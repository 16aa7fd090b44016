import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { buildUser } from '../../../test/user-factory';

let t: TestApp;
type H = Record<string, string>;
let admin: H;
let ops: H;
let supervisor: H;
let manager: H;
let finance: H;
let accounting: H;
let shipper: H;
type Job = {
  job_no: string;
  so_no: string;
  etd: string;
  office: string;
  mode: string;
  service: string;
  customer: string;
  consignee: string;
  notify: string | null;
  agent: string | null;
};
let job: Job;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

const line = (over: Record<string, unknown> = {}) => ({
  charge_code: 'DOC',
  description: 'Documentation',
  unit_price: '100',
  quantity: '1',
  uom: 'SHPT',
  dr_cr: 'DR',
  tax_code: 'VAT6',
  tax_rate: '6',
  ...over,
});

// Each test bills its own account code so its templates match only its invoices.
let seq = 0;
async function account(): Promise<string> {
  const code = `SOPT${String(++seq).padStart(3, '0')}`;
  await t.db.execute(sql`insert into parties
    select (jsonb_populate_record(null::parties, to_jsonb(p) || jsonb_build_object(
      'party_id', nextval(pg_get_serial_sequence('parties', 'party_id')),
      'party_code', ${code}::text, 'full_name', ${`SOPMS test ${code}`}::text))).*
      from parties p where p.party_code = 'HKCUS001'`);
  return code;
}

/** An AR invoice (by the administrator, who may override anything) in New. */
async function invoice(acct: string, over: Record<string, unknown> = {}) {
  const res = await call('POST', '/Invoice', admin, {
    inv_type: 'AR',
    kind: 'AR',
    account_code: acct,
    job_nos: [job.job_no],
    so_nos: [job.so_no],
    currency: 'HKD',
    invoice_date: job.etd,
    sub_type: 'VAT_SPECIAL',
    lines: [
      line(),
      line({ charge_code: 'OFR', unit_price: '1850', uom: '40HQ', tax_code: 'VAT9', tax_rate: '9' }),
    ],
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { inv_id: number; version: number; status: string };
}

const tpl = (over: Record<string, unknown> = {}) => ({
  name: `T${++seq}`,
  section_code: 'AR',
  validation_group: 'Test',
  override_level: 30,
  rules: [{ rule_type: 'FORBIDDEN_CHARGE', charge_code: 'DOC' }],
  ...over,
});
async function template(over: Record<string, unknown> = {}, who: H = manager) {
  const res = await call('POST', '/SOPMS/Template', who, tpl(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { tmplib_id: number; name: string; version: number };
}
const check = async (id: number, who: H = admin, step?: string) => {
  const res = await call('POST', `/Invoice/${id}/sopms-check`, who, step ? { step } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    matched: number;
    violations: { template_name: string; code: string; overridden: boolean; may_override: boolean }[];
    can_override: boolean;
  };
};
const act = (id: number, who: H, action: string, version: number, override?: string) =>
  call('POST', `/Invoice/${id}/action`, who, { action, version, sopms_override_reason: override });

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  supervisor = bearer(await sessionToken(t, 'supervisor@demo.test'));
  manager = bearer(await sessionToken(t, 'manager@demo.test'));
  finance = bearer(await sessionToken(t, 'finance@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
  const acc = await buildUser(t.db, { profiles: [['FINANCE', 'ACCOUNTING']] });
  accounting = bearer(await sessionToken(t, acc.login_id));
  const { rows } = await t.db.execute<Job>(sql`
    select so.job_no, so.so_no, so.etd::text as etd, so.handling_office as office, so.transport_mode as mode,
           so.service_type as service, c.party_code as customer, cn.party_code as consignee,
           n.party_code as notify, coalesce(na.party_code, ra.party_code) as agent
      from shipping_orders so
      join parties c on c.party_id = so.customer_id
      join parties cn on cn.party_id = so.consignee_id
      left join parties n on n.party_id = so.notify_id
      left join parties na on na.party_id = so.nomination_agent_id
      left join parties ra on ra.party_id = so.release_agent_id
     where so.job_no is not null and so.handling_office in (select code from offices where country_code = 'CN')
     order by so.job_no limit 1`);
  job = rows[0];
});
afterAll(() => t.close());

describe('SOPMS matching (issue 16)', () => {
  it('matches a template by each criterion kind and not when one criterion differs', async () => {
    const acct = await account();
    const inv = await invoice(acct, { issue_party_code: 'HKSHP001' });
    const other = 'USSEA001';
    const kinds: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['account', { account_codes: [acct] }, { account_codes: [other] }],
      ['invoice type', { inv_kinds: ['AR'] }, { inv_kinds: ['DN'] }],
      ['overseas/local', { overseas: 'LOCAL' }, { overseas: 'OVERSEAS' }],
      ['office', { office_codes: [job.office] }, { office_codes: ['SIN'] }],
      ['customer', { customer_codes: [job.customer] }, { customer_codes: [other] }],
      ['issue party', { issue_party_codes: ['HKSHP001'] }, { issue_party_codes: [other] }],
      ['consignee', { consignee_codes: [job.consignee] }, { consignee_codes: [other] }],
      ['mode of transport', { transport_modes: [job.mode] }, { transport_modes: ['AIR'] }],
      ['service', { service_types: [job.service] }, { service_types: ['BULK'] }],
      ['ETD range', { etd_from: job.etd, etd_to: job.etd }, { etd_from: '2000-01-01', etd_to: '2000-12-31' }],
      ['invoice-date range', { inv_date_from: job.etd }, { inv_date_to: '2000-01-01' }],
    ];
    if (job.agent) kinds.push(['agents', { agent_codes: [job.agent] }, { agent_codes: [other] }]);
    if (job.notify)
      kinds.push(['notify party', { notify_party_codes: [job.notify] }, { notify_party_codes: [other] }]);
    for (const [kind, yes, no] of kinds) {
      // Every template also names the test's account, so no other invoice is affected.
      const a = await template({ name: `match ${kind}`, account_codes: [acct], ...yes });
      const b = await template({ name: `miss ${kind}`, account_codes: [acct], ...no });
      const names = (await check(inv.inv_id)).violations.map((v) => v.template_name);
      expect(names, kind).toContain(a.name);
      expect(names, kind).not.toContain(b.name);
    }
    // An inactive template and one of the other side never match.
    await template({ name: 'inactive one', account_codes: [acct], status: 'I' });
    await template({ name: 'AP side', account_codes: [acct], section_code: 'AP' });
    const names = (await check(inv.inv_id)).violations.map((v) => v.template_name);
    expect(names).not.toContain('inactive one');
    expect(names).not.toContain('AP side');
  });

  it('lists each violation with its template and rule', async () => {
    const acct = await account();
    const inv = await invoice(acct);
    const tp = await template({
      name: 'every rule',
      account_codes: [acct],
      rules: [
        { rule_type: 'REQUIRED_CHARGE', charge_code: 'ISF' },
        { rule_type: 'REQUIRED_CHARGE', charge_code: 'OFR', rate: '1800' },
        { rule_type: 'REQUIRED_CHARGE', charge_code: 'DOC', min_amount: '300', max_amount: '600' },
        { rule_type: 'FORBIDDEN_CHARGE', charge_code: 'DOC' },
        { rule_type: 'TAX', charge_code: 'OFR', tax_code: 'VAT6', sub_type: 'VAT_GENERAL' },
        { rule_type: 'REQUIRED_CHARGE', charge_code: 'OFR', min_amount: '1000', max_amount: '2000' },
      ],
    });
    const r = await check(inv.inv_id);
    expect(r.matched).toBe(1);
    expect(r.violations).toMatchObject([
      { tmplib_id: tp.tmplib_id, code: 'missingCharge', charge_code: 'ISF' },
      { code: 'rateMismatch', charge_code: 'OFR', expected: '1800', actual: '1850', line_no: 2 },
      { code: 'outOfBounds', charge_code: 'DOC', expected: '300–600', actual: '100', line_no: 1 },
      { code: 'forbiddenCharge', charge_code: 'DOC', line_no: 1 },
      { code: 'taxCodeMismatch', expected: 'VAT6', actual: 'VAT9', line_no: 2 },
      { code: 'subTypeMismatch', expected: 'VAT_GENERAL', actual: 'VAT_SPECIAL' },
    ]);
    // The refusal carries the same list in its details.
    const res = await act(inv.inv_id, ops, 'prepare', inv.version);
    expect(res.statusCode).toBe(422);
    const err = res.json();
    expect(err).toMatchObject({
      msgKey: 'msgSopmsViolation',
      params: { count: 6, level: 30, can_override: 0 },
    });
    expect(err.details[0]).toMatchObject({
      field: 'sopms',
      msgKey: 'msgSopmsRule_missingCharge',
      params: { template_name: 'every rule', charge_code: 'ISF', override_level: 30 },
    });
  });
});

describe('SOPMS override levels × roles (002 §6)', () => {
  // user = ops (inv_edit), supervisor, manager; "other" = accounting (none of the three functions).
  const expected: Record<number, string[]> = {
    0: ['user', 'supervisor', 'manager', 'other'],
    10: ['user', 'supervisor', 'manager'],
    20: ['supervisor', 'manager'],
    30: ['manager'],
    99: [],
  };
  for (const level of [0, 10, 20, 30, 99]) {
    it(`level ${level}: overridable by ${expected[level].join(', ') || 'nobody'}`, async () => {
      const acct = await account();
      const inv = await invoice(acct);
      await template({ name: `level ${level}`, override_level: level, account_codes: [acct] });
      const roles: [string, H][] = [
        ['user', ops],
        ['supervisor', supervisor],
        ['manager', manager],
        ['other', accounting],
      ];
      for (const [role, h] of roles) {
        const r = await check(inv.inv_id, h);
        expect(r.can_override, `${role} at ${level}`).toBe(expected[level].includes(role));
      }
      // The step itself: ops prepares with a reason — passes only where a user may override.
      const res = await act(inv.inv_id, ops, 'prepare', inv.version, 'Customer agreed by phone');
      expect(res.statusCode, res.body).toBe(expected[level].includes('user') ? 200 : 403);
    });
  }

  it('refuses a supervisor approval until the manager overrides with a reason, recorded in the history', async () => {
    const acct = await account();
    const inv = await invoice(acct);
    // The administrator (manager level) prepares past the rule with a reason.
    const prepared = await act(inv.inv_id, admin, 'prepare', inv.version, 'Prepared for the SOPMS test');
    expect(prepared.statusCode, prepared.body).toBe(200);
    await template({ name: 'manager only', override_level: 30, account_codes: [acct] });
    const version = prepared.json().version;
    const refused = await act(inv.inv_id, supervisor, 'approve_1', version);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().params).toMatchObject({ can_override: 0, level: 30, step: 'approve_1' });
    // With a reason, still refused: the supervisor's level does not allow it; nothing moved.
    const again = await act(inv.inv_id, supervisor, 'approve_1', version, 'please');
    expect(again.statusCode).toBe(403);
    expect(again.json().msgKey).toBe('msgSopmsOverrideNotAllowed');
    expect((await call('GET', `/Invoice/${inv.inv_id}`, admin)).json().status).toBe('PREPARED');
    // The manager overrides the next step (1st approval) without approving it.
    const ov = await call('POST', `/Invoice/${inv.inv_id}/sopms-override`, manager, {
      reason: 'Customer contract amendment 12 pending',
    });
    expect(ov.statusCode, ov.body).toBe(200);
    expect(ov.json()).toMatchObject({ step: 'approve_1', violations: [{ overridden: true }] });
    const ok = await act(inv.inv_id, supervisor, 'approve_1', version);
    expect(ok.statusCode, ok.body).toBe(200);
    const history = (await call('GET', `/Invoice/${inv.inv_id}/history`, admin)).json();
    const entry = history.find((h: { action: string }) => h.action === 'sopms_override_approve_1');
    expect(entry).toMatchObject({
      reason: 'Customer contract amendment 12 pending',
      actor_name: 'Mandy Manager',
    });
    // The 2nd approval is its own step: checked again, and the manager passes it with a reason.
    const v2 = ok.json().version;
    expect((await act(inv.inv_id, manager, 'approve_2', v2)).statusCode).toBe(422);
    expect((await act(inv.inv_id, manager, 'approve_2', v2, 'Same amendment')).statusCode).toBe(200);
  });

  it('checks a save: refused with nothing saved, passed with a reason by a level that allows it', async () => {
    const acct = await account();
    const inv = await invoice(acct);
    await template({ name: 'save check', override_level: 10, account_codes: [acct] });
    const full = (await call('GET', `/Invoice/${inv.inv_id}`, admin)).json();
    const body = {
      inv_type: 'AR',
      kind: 'AR',
      account_code: acct,
      job_nos: full.job_nos,
      so_nos: full.so_nos,
      currency: 'HKD',
      invoice_date: full.invoice_date,
      sub_type: 'VAT_SPECIAL',
      remarks: 'changed',
      lines: [line()],
      version: full.version,
    };
    const refused = await call('PUT', `/Invoice/${inv.inv_id}`, ops, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().params.can_override).toBe(1);
    expect((await call('GET', `/Invoice/${inv.inv_id}`, admin)).json().remarks).toBeNull();
    const saved = await call('PUT', `/Invoice/${inv.inv_id}`, ops, {
      ...body,
      sopms_override_reason: 'One-off',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().remarks).toBe('changed');
    // A new invoice is checked too: refused, and no invoice is created.
    const before = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoices where account_code = ${acct}`,
    );
    const created = await call('POST', '/Invoice', ops, { ...body, version: undefined });
    expect(created.statusCode).toBe(422);
    const after = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoices where account_code = ${acct}`,
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('SOPMS templates: input and access', () => {
  it('refuses a criteria set with an empty range, and changes nothing', async () => {
    const res = await call(
      'POST',
      '/SOPMS/Template',
      manager,
      tpl({ name: 'empty', etd_from: '2026-05-01', etd_to: '2026-04-30' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msgKey: 'msgSopmsEmptyRange', details: [{ field: 'etd_to' }] });
    const dates = await call(
      'POST',
      '/SOPMS/Template',
      manager,
      tpl({ name: 'empty', inv_date_from: '2026-05-02', inv_date_to: '2026-05-01' }),
    );
    expect(dates.json().msgKey).toBe('msgSopmsEmptyRange');
    const list = (await call('GET', '/SOPMS/SOPMSSearch/AR?q=empty', manager)).json();
    expect(list.rows).toEqual([]);
  });

  it('refuses a duplicate name, an unknown code, an incomplete rule', async () => {
    await template({ name: 'Unique one' });
    expect((await call('POST', '/SOPMS/Template', manager, tpl({ name: 'unique ONE' }))).json().msgKey).toBe(
      'msgSopmsDuplicateName',
    );
    const unknown = await call('POST', '/SOPMS/Template', manager, tpl({ account_codes: ['NOPE999'] }));
    expect(unknown.json()).toMatchObject({
      msgKey: 'msgSopmsUnknownCode',
      details: [{ field: 'account_codes' }],
    });
    const rule = await call(
      'POST',
      '/SOPMS/Template',
      manager,
      tpl({ rules: [{ rule_type: 'REQUIRED_CHARGE' }] }),
    );
    expect(rule.json().details[0]).toMatchObject({
      field: 'rules.0.charge_code',
      msgKey: 'msgSopmsRuleInvalid',
    });
  });

  it('records the fields and rules an update changed, and an entry for a save that changes nothing', async () => {
    const mine = await template({ name: 'History pinned' });
    const created = (await call('GET', `/SOPMS/Template/${mine.tmplib_id}`, manager)).json();
    const status = created.status ?? created.template?.status ?? null;
    const body = tpl({
      name: 'History pinned',
      override_level: 20,
      rules: [
        { rule_type: 'FORBIDDEN_CHARGE', charge_code: 'OFR' },
        { rule_type: 'FORBIDDEN_CHARGE', charge_code: 'BLF' },
      ],
    });
    const saved = await call('PUT', `/SOPMS/Template/${mine.tmplib_id}`, manager, { ...body, version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await call('PUT', `/SOPMS/Template/${mine.tmplib_id}`, manager, { ...body, version: 2 });
    expect(again.json()).toMatchObject({ version: 3, override_level: 20 });
    const history = (await call('GET', `/SOPMS/Template/${mine.tmplib_id}/history`, manager)).json();
    expect(
      history.map((h: { action: string; from_status: unknown; to_status: unknown; changes: unknown }) => [
        h.action,
        h.from_status,
        h.to_status,
        h.changes,
      ]),
    ).toEqual([
      ['update', status, status, null],
      [
        'update',
        status,
        status,
        {
          override_level: { from: 30, to: 20 },
          'rules.0.charge_code': { from: 'DOC', to: 'OFR' },
          'rules.1.rule_type': { from: null, to: 'FORBIDDEN_CHARGE' },
          'rules.1.charge_code': { from: null, to: 'BLF' },
        },
      ],
      ['create', null, status, null],
    ]);
  });

  it('lets only the owner (or an administrator) edit; readers read; others are refused', async () => {
    const mine = await template({ name: 'Owned by the manager' });
    const got = await call('GET', `/SOPMS/Template/${mine.tmplib_id}`, manager);
    expect(got.json()).toMatchObject({ owner_name: 'Mandy Manager', can_edit: true });
    const update = { ...tpl({ name: 'Owned by the manager', override_level: 20 }), version: mine.version };
    // finance has sopms_base but not sopms_edit; ops the same; the shipper nothing.
    expect((await call('PUT', `/SOPMS/Template/${mine.tmplib_id}`, ops, update)).statusCode).toBe(403);
    expect((await call('GET', `/SOPMS/Template/${mine.tmplib_id}`, ops)).json().can_edit).toBe(false);
    expect((await call('GET', '/SOPMS/SOPMSSearch/AR', shipper)).statusCode).toBe(403);
    expect((await call('POST', '/SOPMS/Template', ops, tpl())).statusCode).toBe(403);
    // Another editor (admin holds every function) may; a second manager (not the owner) may not.
    const other = await buildUser(t.db, { profiles: [['MANAGER', 'MANAGER']] });
    const otherH = bearer(await sessionToken(t, other.login_id));
    const refused = await call('PUT', `/SOPMS/Template/${mine.tmplib_id}`, otherH, update);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msgKey).toBe('msgNoPermission');
    const ok = await call('PUT', `/SOPMS/Template/${mine.tmplib_id}`, manager, update);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ override_level: 20, version: 2 });
    const stale = await call('PUT', `/SOPMS/Template/${mine.tmplib_id}`, admin, update);
    expect(stale.statusCode).toBe(409);
    const history = (await call('GET', `/SOPMS/Template/${mine.tmplib_id}/history`, finance)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    // The check endpoint reads an invoice: an external profile is refused.
    expect((await call('POST', '/Invoice/1/sopms-check', shipper, {})).statusCode).toBe(403);
  });

  it('seeds a demo invoice awaiting 1st approval that the supervisor may not pass and the manager may', async () => {
    const { rows } = await t.db.execute<{ inv_id: number }>(
      sql`select inv_id from invoices where account_code = 'USNYC001' and status = 'PREPARED' and remarks like 'SOPMS demo%' limit 1`,
    );
    expect(rows[0]).toBeDefined();
    const sup = await check(rows[0].inv_id, supervisor);
    expect(sup.violations.length).toBeGreaterThanOrEqual(3);
    expect(sup.can_override).toBe(false);
    expect((await check(rows[0].inv_id, manager)).can_override).toBe(true);
  });
});
