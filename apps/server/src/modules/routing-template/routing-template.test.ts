import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { buildUser } from '../../../test/user-factory';
import { roleFuncs, roles } from '../../db/schema';
import { findApplicableTemplate } from './routing-template.service';

let t: TestApp;
let ops: Record<string, string>;
let viewer: Record<string, string>;
let shipper: Record<string, string>;
let adminUser: Record<string, string>;
const party: Record<string, number> = {};

/** A party straight in the table (the party module's API has its own approval pipeline). */
async function buildParty(code: string, type: string, name: string) {
  const { rows } = await t.db.execute<{ party_id: number }>(sql`
    insert into parties (party_code, party_type, short_name, full_name, address1, country_code, tel, address_type,
                         contact_type, ledger_code, tax_id, requester_remarks)
    values (${code}, ${type}, ${name}, ${name}, '1 Test Road', 'US', '+15555550100', 'O', 'O', 'L1', 'T1', 'test')
    returning party_id`);
  return rows[0].party_id;
}

const valid = (over: Record<string, unknown> = {}) => ({
  name: 'LAX furniture',
  customer_party_id: party.customer,
  consignee_party_id: party.consignee,
  pod: 'uslax',
  pld: null,
  fd: null,
  effective_from: '2026-01-01',
  effective_to: '2026-12-31',
  can_overwrite: true,
  eta_validation: true,
  ...over,
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers = ops, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

beforeAll(async () => {
  t = await createTestApp();
  party.customer = await buildParty('TCUS001', 'CUSTOMER', 'Test Customer Ltd.');
  party.customer2 = await buildParty('TCUS002', 'CUSTOMER', 'Other Customer Ltd.');
  party.consignee = await buildParty('TCNE001', 'CONSIGNEE', 'Test Consignee Inc.');
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
  adminUser = bearer(await sessionToken(t, 'admin@demo.test'));
  // A role that may look at routing templates but not create or edit them.
  const [role] = await t.db
    .insert(roles)
    .values({ code: 'RT_VIEW', name: 'Routing template viewer' })
    .returning();
  await t.db.insert(roleFuncs).values({ role_id: role.role_id, func_id: 'routing_template' });
  const u = await buildUser(t.db, { profiles: [['OPERATIONS', 'RT_VIEW']] });
  viewer = bearer(await sessionToken(t, u.login_id));
});
afterAll(() => t.close());

describe('routing template access', () => {
  it('lets routing_template view, needs create_routing_template to create or edit, refuses others', async () => {
    expect((await api('GET', '/RoutingTemplate', viewer)).statusCode).toBe(200);
    expect((await api('GET', '/RoutingTemplate/export', viewer)).statusCode).toBe(200);
    expect((await api('POST', '/RoutingTemplate', viewer, valid())).statusCode).toBe(403);
    expect((await api('PUT', '/RoutingTemplate/1', viewer, { ...valid(), version: 1 })).statusCode).toBe(403);
    expect((await api('GET', '/RoutingTemplate', shipper)).statusCode).toBe(403);
    expect((await api('POST', '/RoutingTemplate', shipper, valid())).statusCode).toBe(403);
    expect((await api('GET', '/RoutingTemplate', adminUser)).statusCode).toBe(200);
  });
});

describe('routing template maintenance', () => {
  let id: number;

  it('creates a template with party and port labels and records it in the history', async () => {
    const res = await api('POST', '/RoutingTemplate', ops, valid());
    expect(res.statusCode).toBe(201);
    const r = res.json();
    id = r.routing_template_id;
    expect(r).toMatchObject({
      pod: 'USLAX',
      customer_name: 'TCUS001 - Test Customer Ltd.',
      consignee_name: 'TCNE001 - Test Consignee Inc.',
      version: 1,
      eta_validation: true,
    });
    expect(r.pod_name).toBeTruthy();
    const h = await api('GET', `/RoutingTemplate/${id}/history`, viewer);
    expect(h.json()[0]).toMatchObject({ action: 'create' });
    expect((await api('GET', `/RoutingTemplate/${id}`, viewer)).json().name).toBe('LAX furniture');
  });

  it('requires name, consignee, effective from and at least one of POD, PLD or FD', async () => {
    const res = await api('POST', '/RoutingTemplate', ops, {
      ...valid({ name: ' ', pod: null, effective_from: undefined }),
      consignee_party_id: undefined,
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().details as { field: string; msgKey: string }[]).map((d) => d.field).sort();
    expect(fields).toEqual(expect.arrayContaining(['consignee_party_id', 'effective_from', 'name']));
    const noPort = await api('POST', '/RoutingTemplate', ops, valid({ name: 'No port', pod: '' }));
    expect(noPort.statusCode).toBe(400);
    expect(noPort.json().details).toEqual([
      { field: 'pod', msgKey: 'msgRoutingTemplatePortRequired' },
      { field: 'pld', msgKey: 'msgRoutingTemplatePortRequired' },
      { field: 'fd', msgKey: 'msgRoutingTemplatePortRequired' },
    ]);
    const onlyFd = await api(
      'POST',
      '/RoutingTemplate',
      ops,
      valid({ name: 'Only FD', pod: null, fd: 'USNYC' }),
    );
    expect(onlyFd.statusCode).toBe(201);
  });

  it('refuses effective to before effective from', async () => {
    const res = await api(
      'POST',
      '/RoutingTemplate',
      ops,
      valid({ name: 'Dates', effective_to: '2025-12-31' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'effective_to', msgKey: 'msgEffectiveToBeforeFrom' }]);
  });

  it('refuses a duplicate name whatever its case', async () => {
    const res = await api('POST', '/RoutingTemplate', ops, valid({ name: 'lax FURNITURE' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      msgKey: 'msgRoutingTemplateDuplicateName',
      details: [
        { field: 'name', msgKey: 'msgRoutingTemplateDuplicateName', params: { value: 'lax FURNITURE' } },
      ],
    });
  });

  it('refuses unknown parties and ports on their fields', async () => {
    const res = await api(
      'POST',
      '/RoutingTemplate',
      ops,
      valid({ name: 'Unknown', consignee_party_id: 99999999, pld: 'ZZZZZ' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'consignee_party_id', msgKey: 'msgFieldInvalid' },
      { field: 'pld', msgKey: 'msgFieldInvalid' },
    ]);
  });

  it('saves an edit on the latest version, refuses a stale one and records the change', async () => {
    const saved = await api('PUT', `/RoutingTemplate/${id}`, ops, { ...valid({ pld: 'USNYC' }), version: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ pld: 'USNYC', version: 2 });
    const stale = await api('PUT', `/RoutingTemplate/${id}`, ops, { ...valid({ fd: 'USNYC' }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msgKey).toBe('msgRecordNotLatest');
    const h = (await api('GET', `/RoutingTemplate/${id}/history`)).json();
    expect(h[0]).toMatchObject({ action: 'update', changes: { pld: { from: null, to: 'USNYC' } } });
    expect((await api('GET', '/RoutingTemplate/987654')).statusCode).toBe(404);
  });

  it('searches, filters by consignee and exports the list', async () => {
    const list = (await api('GET', `/RoutingTemplate?q=furn&consignee_party_id=${party.consignee}`)).json();
    expect(list.rows.map((r: { name: string }) => r.name)).toEqual(['LAX furniture']);
    const res = await api('GET', '/RoutingTemplate/export?q=furn&lang=zh-HK');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('名稱');
    expect(sheet.getRow(2).getCell(1).value).toBe('LAX furniture');
    expect(sheet.rowCount).toBe(2);
  });
});

describe('findApplicableTemplate', () => {
  it("finds the template by customer and consignee within its dates, the customer's own before a generic one", async () => {
    const make = async (over: Record<string, unknown>) => {
      const res = await api('POST', '/RoutingTemplate', ops, valid(over));
      expect(res.statusCode).toBe(201);
      return res.json().routing_template_id as number;
    };
    const consignee = await buildParty('TCNE002', 'CONSIGNEE', 'Applicable Consignee');
    const generic = await make({
      name: 'Any customer',
      customer_party_id: null,
      consignee_party_id: consignee,
      effective_to: null,
    });
    const own = await make({
      name: 'Own 2026',
      consignee_party_id: consignee,
      effective_from: '2026-03-01',
      effective_to: '2026-03-31',
    });
    const find = (customerId: number | null, date: string) =>
      findApplicableTemplate(t.db, { customerId, consigneeId: consignee, date }).then(
        (r) => r?.routing_template_id,
      );
    expect(await find(party.customer, '2026-03-15')).toBe(own);
    expect(await find(party.customer, '2026-03-31')).toBe(own);
    expect(await find(party.customer, '2026-04-01')).toBe(generic);
    expect(await find(party.customer2, '2026-03-15')).toBe(generic);
    expect(await find(null, '2026-03-15')).toBe(generic);
    expect(await find(party.customer, '2025-12-31')).toBeUndefined();
    expect(
      await findApplicableTemplate(t.db, {
        customerId: null,
        consigneeId: party.customer,
        date: '2026-03-15',
      }),
    ).toBeUndefined();
  });
});
