/**
 * Sign-in p95 and carrier list p95 with 10,000 carriers at 10 concurrent clients, against the real
 * server and an embedded PostgreSQL. Run: npm run bench:api
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { load, ROOT, signIn, startServer } from './server';

const server = await startServer();
try {
  const db = new pg.Client({ connectionString: server.dbUrl });
  await db.connect();
  const b36 = `'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'`;
  await db.query(`insert into carriers (carrier_code, scac, display_name, full_name, alliance, carrier_type, effective_from)
    select 'Q' || substr(${b36}, (g / 1296) % 36 + 1, 1) || substr(${b36}, (g / 36) % 36 + 1, 1) || substr(${b36}, g % 36 + 1, 1),
           null, 'Bench Line ' || g, 'Bench Line Shipping ' || g,
           (array['GEMINI','OCEAN','PREMIER','MSC','NONE'])[1 + g % 5], 'OCEAN', date '2020-01-01' + (g % 2000)
      from generate_series(1, 10000 - (select count(*) from carriers)::int) g`);
  await db.query('analyze carriers');
  const { rows } = await db.query('select count(*)::int as n from carriers');
  await db.end();

  const signin = await load(10, 20, () =>
    fetch(`${server.url}/api/v1/Auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ops@demo.test', password: 'Demo-Portal-2026', language: 'en-US' }),
    }),
  );

  const token = await signIn(server.url, 'admin@demo.test');
  const queries = [
    'page=1&pageSize=10',
    'page=50&pageSize=20&sort=display_name&order=desc',
    'page=3&pageSize=50&alliance=OCEAN',
    'page=1&pageSize=100&q=Line%2099',
    'page=200&pageSize=10&sort=effective_from',
  ];
  const list = await load(10, 200, (i) =>
    fetch(`${server.url}/api/v1/Carrier?${queries[i % queries.length]}`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );

  const result = { carriers: rows[0].n, signin, carrierList: list, at: new Date().toISOString() };
  console.log(
    `sign-in (10 clients x 20):          p50 ${signin.p50} ms, p95 ${signin.p95} ms, ${signin.rps} req/s, failures ${signin.failures}`,
  );
  console.log(
    `carrier list, ${rows[0].n} carriers (10 x 200): p50 ${list.p50} ms, p95 ${list.p95} ms, ${list.rps} req/s, failures ${list.failures}`,
  );
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/api-latency.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await server.stop();
}
