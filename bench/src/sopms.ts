/**
 * SOPMS figures (issue 16): the check of a 30-line invoice against 5,000 active templates, p95 through the
 * API (POST /Invoice/{id}/sopms-check: facts, candidate query, rules in code, overrides), next to the raw
 * candidate query alone and its plan (the GIN index sopms_templates_anchor_gin). Run: npm run bench:sopms
 */
import path from 'node:path';
import pg from 'pg';
import { load, ROOT, signIn, startServer } from './server';

const TOTAL = 5_000;
const server = await startServer(8771, 55071, 'bench/.data-sopms');

try {
  const token = await signIn(server.url, 'admin@demo.test');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const call = (method: string, p: string, body?: unknown) =>
    fetch(`${server.url}/api/v1${p}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  // A 30-line AR invoice to the demo customer, saved before the templates exist.
  const jobs = (await (await call('GET', '/Invoice?q=JBDEMO&pageSize=10&inv_type=AR')).json()) as {
    rows: { job_nos: string[] }[];
  };
  const draft = (await (
    await call('GET', `/Invoice/newbyjob/HKCUS001/${jobs.rows[0].job_nos[0]}`)
  ).json()) as Record<string, unknown>;
  const codes = ['OFR', 'THCO', 'DOC', 'BLF', 'CUS', 'TRK', 'CFS', 'VGM', 'ISF', 'HDL'];
  const lines = Array.from({ length: 30 }, (_, i) => ({
    charge_code: codes[i % codes.length],
    description: `Line ${i + 1}`,
    unit_price: String(100 + i * 10),
    quantity: '1',
    uom: 'SHPT',
    dr_cr: 'DR',
    tax_code: 'NOTAX',
    tax_rate: '0',
  }));
  const created = await call('POST', '/Invoice', { ...draft, currency: 'HKD', exchange_rate: '1', lines });
  if (created.status !== 201) throw new Error(`invoice: ${created.status} ${await created.text()}`);
  const inv = (await created.json()) as { inv_id: number; office_code: string };

  // 5,000 active templates, 3 rules each: 70 % anchored on an account (20 of them on HKCUS001), 15 % on a
  // customer, 10 % on an office (HKG: 1 in 5 of those), 5 % on an invoice kind / mode only ('*' after kinds).
  const db = new pg.Client({ connectionString: server.dbUrl });
  await db.connect();
  const t0 = performance.now();
  await db.query(`
    with g as (select g, g % 100 as b from generate_series(1, ${TOTAL}) g),
    t as (
      insert into sopms_templates (name, section_code, validation_group, override_level, status, owner_uid, owner_name,
                                   account_codes, customer_codes, office_codes, inv_kinds, anchor_keys,
                                   etd_from, etd_to, created_by, updated_by)
      select 'Bench template ' || g, 'AR', 'Bench', (array[0,10,20,30,99])[1 + g % 5], 'A',
             (select user_uid from users where login_id = 'admin@demo.test'), 'Bench',
             case when b < 70 then array[case when g % 245 = 0 then 'HKCUS001' else 'BA' || lpad((g % 3000)::text, 5, '0') end] else '{}' end,
             case when b between 70 and 84 then array['BC' || lpad((g % 700)::text, 4, '0')] else '{}' end,
             case when b between 85 and 94 then array[(array['HKG','SZX','SHA','NGB','SIN'])[1 + g % 5]] else '{}' end,
             case when b >= 95 then array[(array['AR','DN','CN','PL'])[1 + g % 4]] else '{}' end,
             case when b < 70 then array['acct:' || case when g % 245 = 0 then 'HKCUS001' else 'BA' || lpad((g % 3000)::text, 5, '0') end]
                  when b < 85 then array['cust:BC' || lpad((g % 700)::text, 4, '0')]
                  when b < 95 then array['office:' || (array['HKG','SZX','SHA','NGB','SIN'])[1 + g % 5]]
                  else array['kind:' || (array['AR','DN','CN','PL'])[1 + g % 4]] end,
             case when g % 3 = 0 then date '2020-01-01' end, case when g % 3 = 0 then date '2030-12-31' end,
             'bench', 'bench'
        from g
      returning tmplib_id)
    insert into sopms_rules (tmplib_id, seq, rule_type, charge_code, rate, min_amount, max_amount, tax_code)
    select tmplib_id, s, (array['REQUIRED_CHARGE','FORBIDDEN_CHARGE','TAX'])[s],
           (array['OFR','AMS','DOC'])[s], null, case when s = 1 then 50 end, case when s = 1 then 5000 end,
           case when s = 3 then 'VAT6' end
      from t, generate_series(1, 3) s`);
  await db.query('analyze sopms_templates; analyze sopms_rules');
  const insertSeconds = ((performance.now() - t0) / 1000).toFixed(1);

  const check = await load(1, 200, () => call('POST', `/Invoice/${inv.inv_id}/sopms-check`, {}));
  const check5 = await load(5, 60, () => call('POST', `/Invoice/${inv.inv_id}/sopms-check`, {}));
  const answer = (await (await call('POST', `/Invoice/${inv.inv_id}/sopms-check`, {})).json()) as {
    matched: number;
    violations: unknown[];
  };

  // The raw candidate query, built by the module itself from the invoice's facts.
  const { sopmsRepository, candidateSql } = (await import(
    path.join(ROOT, 'apps/server/src/modules/sopms/index.ts')
  )) as typeof import('../../apps/server/src/modules/sopms/index');
  const { createDb } = (await import(
    path.join(ROOT, 'apps/server/src/platform/db/client.ts')
  )) as typeof import('../../apps/server/src/platform/db/client');
  const { sql } = await import('drizzle-orm');
  const d = createDb(server.dbUrl, 1);
  const facts = await sopmsRepository.invoiceFacts(d.db, inv.inv_id);
  if (!facts) throw new Error('no facts');
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const s = performance.now();
    await d.db.execute(candidateSql(facts));
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const plan = await d.db.execute<{ 'QUERY PLAN': string }>(
    sql`explain (analyze, buffers) ${candidateSql(facts)}`,
  );
  await d.pool.end();
  await db.end();
  const lineOf = plan.rows.map((r) => r['QUERY PLAN']);
  console.log(
    JSON.stringify(
      {
        templates: TOTAL,
        rules: TOTAL * 3,
        invoiceLines: 30,
        insertSeconds,
        matched: answer.matched,
        violations: answer.violations.length,
        checkApi1Client: check,
        checkApi5Clients: check5,
        candidateQueryMs: {
          p50: Number(times[100].toFixed(2)),
          p95: Number(times[190].toFixed(2)),
        },
        index: lineOf.find((l) => l.includes('sopms_templates_anchor_gin'))?.trim() ?? 'not used',
        plan: lineOf,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
