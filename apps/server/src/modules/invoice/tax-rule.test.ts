import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

/** Tax rules as master data (issue 38): the default a line editor asks for, and finance's maintenance. */
let t: TestApp;
type H = Record<string, string>;
let ops: H;
let finance: H;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
const dflt = async (q: string) => (await call('GET', `/TaxRule/default?${q}`, ops)).json();

beforeAll(async () => {
  t = await createTestApp();
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  finance = bearer(await sessionToken(t, 'finance@demo.test'));
});
afterAll(() => t.close());

describe('default tax of a charge line', () => {
  it('Hong Kong has no VAT: an HKD invoice of HKG to a Hong Kong customer defaults to NOTAX 0, not VAT9/VAT6', async () => {
    for (const charge of ['OFR', 'DOC', 'BLF']) {
      const d = await dflt(`office_code=HKG&account_code=HKCUS001&charge_code=${charge}&date=2026-05-06`);
      expect(d).toMatchObject({ tax_code: 'NOTAX', tax_rate: '0' });
      expect(d.source).toMatch(/Hong Kong/);
    }
  });

  it('China: transport 9 % and services 6 % locally; zero-rated freight and exempt agency services overseas', async () => {
    const cn = (charge: string, overseas: boolean) =>
      dflt(`office_code=SHA&charge_code=${charge}&is_overseas=${overseas}&date=2026-05-06`);
    expect(await cn('OFR', false)).toMatchObject({ tax_code: 'VAT9', tax_rate: '9' });
    expect(await cn('TRK', false)).toMatchObject({ tax_code: 'VAT9', tax_rate: '9' });
    expect(await cn('DOC', false)).toMatchObject({ tax_code: 'VAT6', tax_rate: '6' });
    expect(await cn('OFR', true)).toMatchObject({ tax_code: 'ZERO', tax_rate: '0' });
    expect(await cn('DOC', true)).toMatchObject({ tax_code: 'EXEMPT', tax_rate: '0' });
    // Local or overseas from the customer's country when the header does not say.
    expect(await dflt('office_code=SHA&account_code=HKCUS001&charge_code=OFR&date=2026-05-06')).toMatchObject(
      {
        tax_code: 'ZERO',
      },
    );
    // Before the 2019 rate change there was no 9 % rule: the general 6 % one applies.
    expect(await dflt('office_code=SHA&charge_code=OFR&is_overseas=false&date=2018-01-01')).toMatchObject({
      tax_code: 'VAT6',
    });
  });

  it("takes the office from the invoice's job when the header has none yet", async () => {
    const { rows } = await t.db.execute<{ job_no: string }>(
      sql`select job_no from shipping_orders where job_no is not null and handling_office = 'HKG' limit 1`,
    );
    expect(await dflt(`job_no=${rows[0].job_no}&account_code=HKCUS001&charge_code=OFR`)).toMatchObject({
      tax_code: 'NOTAX',
    });
  });

  it('answers every charge code of a header at once (GET /TaxRule/defaults)', async () => {
    const all = (
      await call('GET', '/TaxRule/defaults?office_code=SHA&is_overseas=false&date=2026-05-06', ops)
    ).json();
    expect(all.OFR).toMatchObject({ tax_code: 'VAT9', tax_rate: '9' });
    expect(all.DOC).toMatchObject({ tax_code: 'VAT6', tax_rate: '6' });
    const hk = (await call('GET', '/TaxRule/defaults?office_code=HKG&account_code=HKCUS001', ops)).json();
    expect(Object.values(hk).every((d) => (d as { tax_code: string }).tax_code === 'NOTAX')).toBe(true);
    expect(Object.keys(hk).length).toBeGreaterThanOrEqual(16);
  });

  it('no rule for the country: no default (the user picks)', async () => {
    expect(await dflt('office_code=SIN&charge_code=OFR')).toEqual({
      tax_code: null,
      tax_rate: null,
      rule_id: null,
      source: null,
    });
  });
});

describe('tax rule maintenance (inv_tax_rule)', () => {
  const rule = (over: Record<string, unknown> = {}) => ({
    office_country: 'HK',
    customer_country: 'CN',
    charge_code: 'DOC',
    scope: 'ANY',
    tax_code: 'EXEMPT',
    tax_rate: '0',
    source: 'Test ruling 2026/1',
    effective_from: '2026-01-01',
    ...over,
  });

  it('is finance only: ops gets 403 on the list and on a save', async () => {
    expect((await call('GET', '/TaxRule', ops)).statusCode).toBe(403);
    expect((await call('POST', '/TaxRule', ops, rule())).statusCode).toBe(403);
    const list = await call('GET', '/TaxRule', finance);
    expect(list.statusCode).toBe(200);
    expect(list.json().length).toBeGreaterThanOrEqual(8);
    expect(list.json().every((r: { source: string }) => r.source.length > 0)).toBe(true);
  });

  it('refuses a tax code of another country on tax_code (VAT9 in Hong Kong) and an end before the start', async () => {
    const vat = await call('POST', '/TaxRule', finance, rule({ tax_code: 'VAT9', tax_rate: '9' }));
    expect(vat.statusCode).toBe(422);
    expect(vat.json().details).toEqual([
      { field: 'tax_code', msgKey: 'msgTaxCodeNotForCountry', params: { code: 'VAT9', country: 'HK' } },
    ]);
    const ends = await call('POST', '/TaxRule', finance, rule({ effective_to: '2025-12-31' }));
    expect(ends.json().details[0]).toMatchObject({
      field: 'effective_to',
      msgKey: 'msgTaxRuleEndBeforeStart',
    });
    const noSource = await call('POST', '/TaxRule', finance, rule({ source: ' ' }));
    expect(noSource.statusCode).toBe(400);
  });

  it('creates, resolves the more specific rule, edits with the version read, refuses a duplicate', async () => {
    const res = await call('POST', '/TaxRule', finance, rule());
    expect(res.statusCode).toBe(201);
    const created = res.json();
    const d = await dflt('office_code=HKG&account_code=CNSZX001&charge_code=DOC&date=2026-05-06');
    expect(d).toMatchObject({ tax_code: 'EXEMPT', rule_id: created.id, source: 'Test ruling 2026/1' });
    expect((await call('POST', '/TaxRule', finance, rule())).statusCode).toBe(409);
    const upd = await call('PUT', `/TaxRule/${created.id}`, finance, {
      ...rule({ tax_code: 'ZERO' }),
      version: created.version,
    });
    expect(upd.json()).toMatchObject({ tax_code: 'ZERO', version: created.version + 1 });
    const stale = await call('PUT', `/TaxRule/${created.id}`, finance, {
      ...rule(),
      version: created.version,
    });
    expect(stale.statusCode).toBe(409);
    // A save that changes nothing still records its entry; created_by/updated_by and the history name the user.
    const same = await call('PUT', `/TaxRule/${created.id}`, finance, {
      ...rule({ tax_code: 'ZERO' }),
      version: created.version + 1,
    });
    expect(same.json()).toMatchObject({ version: created.version + 2, updated_by: created.updated_by });
    const { rows: history } = await t.db.execute<{ action: string; changes: unknown; actor_name: string }>(
      sql`select action, changes, actor_name from status_history
          where entity_type = 'tax_rule' and entity_id = ${String(created.id)} order by id`,
    );
    expect(history.map((h) => [h.action, h.changes])).toEqual([
      [
        'create',
        {
          office_country: { from: null, to: 'HK' },
          customer_country: { from: null, to: 'CN' },
          charge_code: { from: null, to: 'DOC' },
          scope: { from: null, to: 'ANY' },
          tax_code: { from: null, to: 'EXEMPT' },
          tax_rate: { from: null, to: expect.stringMatching(/^0(\.0+)?$/) },
          source: { from: null, to: 'Test ruling 2026/1' },
          effective_from: { from: null, to: '2026-01-01' },
        },
      ],
      ['update', { tax_code: { from: 'EXEMPT', to: 'ZERO' } }],
      ['update', null],
    ]);
    expect(new Set(history.map((h) => h.actor_name))).toEqual(new Set([created.updated_by]));
  });
});
