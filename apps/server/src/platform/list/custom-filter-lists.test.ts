import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: Record<string, string>;

type Row = Record<string, unknown>;
type Page = { rows: Row[]; total: number };

/** Each master-data list, and one whitelisted field whose first-row value narrows it (demo data). */
const LISTS: { path: string; field: string; op: 'eq' | 'contains' }[] = [
  { path: '/Carrier', field: 'alliance', op: 'eq' },
  { path: '/Party', field: 'country_code', op: 'eq' },
  { path: '/Warehouse', field: 'warehouse_code', op: 'eq' },
  { path: '/Tradelane', field: 'tradelane_type', op: 'eq' },
  { path: '/PartyGroup', field: 'group_type', op: 'eq' },
  { path: '/SailingSchedule', field: 'pol', op: 'eq' },
  { path: '/Rate', field: 'pod', op: 'eq' },
  { path: '/SequenceRule', field: 'doc_type', op: 'eq' },
  { path: '/RoutingTemplate', field: 'name', op: 'contains' },
];

const list = async (path: string, filters?: unknown) => {
  const qs = new URLSearchParams({ pageSize: '100' });
  if (filters) qs.set('filters', JSON.stringify(filters));
  return t.app.inject({ method: 'GET', url: `/api/v1${path}?${qs}`, headers: admin });
};

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
  // The demo seed has no routing templates: two with different names.
  await t.db.execute(sql`
    insert into routing_templates (name, consignee_party_id, pod, effective_from, created_by, updated_by)
    select n, (select min(party_id) from parties), p, '2026-01-01', 'test', 'test'
      from (values ('Filter test LAX', 'USLAX'), ('Other template NYC', 'USNYC')) v(n, p)`);
});
afterAll(() => t.close());

describe('custom filters on every master-data list', () => {
  it.each(LISTS)('narrows $path by a rule on $field', async ({ path, field, op }) => {
    const all = (await list(path)).json() as Page;
    expect(all.total).toBeGreaterThan(1);
    const full = String(all.rows[0][field]);
    const value = op === 'contains' ? full.slice(0, 6) : full;
    const res = await list(path, [{ field, op, value }]);
    expect(res.statusCode).toBe(200);
    const narrowed = res.json() as Page;
    expect(narrowed.total).toBeGreaterThanOrEqual(1);
    expect(narrowed.total).toBeLessThan(all.total);
    for (const row of narrowed.rows) {
      const got = String(row[field]).toLowerCase();
      if (op === 'eq') expect(got).toBe(value.toLowerCase());
      else expect(got).toContain(value.toLowerCase());
    }
  });

  it.each(LISTS)('refuses an unknown field on $path with 400', async ({ path }) => {
    const res = await list(path, [{ field: 'password_hash', op: 'eq', value: 'x' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      msgKey: 'msgFilterFieldUnknown',
      details: [{ field: 'filters.0.field', msgKey: 'msgFilterFieldUnknown' }],
    });
  });
});
