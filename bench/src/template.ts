/**
 * Template library figures (issue 16): template search p95 with 50,000 templates through the API (GET /Template,
 * Market and My Template, page 1 and by name, tag, category and owner), next to the raw SQL of the Market page
 * and its plan (templates_name_idx: the keyset walk in name order; templates_name_trgm_idx for "name contains").
 * Run: npm run bench:template
 */
import pg from 'pg';
import { load, signIn, startServer } from './server';

const TOTAL = 50_000;
const server = await startServer(8772, 55072, 'bench/.data-template');

try {
  // startServer waits 2 minutes; a loaded machine seeding the demo data can take longer.
  for (let i = 0; i < 900; i++) {
    const ok = await fetch(`${server.url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const token = await signIn(server.url, 'ops@demo.test');
  const headers = { authorization: `Bearer ${token}` };
  const get = (p: string) => fetch(`${server.url}/api/v1${p}`, { headers });

  // 50,000 templates of the demo users: 30 % private, 25 % office market, 10 % named offices, 15 % main office,
  // 20 % global; offices and groups spread over the five demo offices; 4 tags of 12; 32 categories.
  const db = new pg.Client({ connectionString: server.dbUrl });
  // The server stopping in `finally` ends this connection: not an error worth a crash that hides the real one.
  db.on('error', () => undefined);
  await db.connect();
  const t0 = performance.now();
  await db.query(`
    with u as (select array_agg(user_uid order by login_id) as ids, array_agg(login_id order by login_id) as logins
                 from users where login_id like '%@demo.test'),
    g as (select g, g % 100 as b, (g * 7919) % 5 as o from generate_series(1, ${TOTAL}) g)
    insert into templates (name, description, module, category, owner_uid, owner_name, owner_login, owner_office,
                           owner_group, tags, privacy, offices, share_code, colour, status, content,
                           created_by, updated_by)
    select (array['Export','Import','Local','Trucking','Customs','Reefer','CFS','Air','Filing','Handling'])[1 + g % 10]
             || ' charges ' || lpad(((g::bigint * 104729) % 1000000)::text, 6, '0'),
           'Bench template', 'WEB_INVOICE',
           (array['7021','7022','7025','7026','7027','7028','7029','7031','7041','7042','703X','GC_SOPMS'])[1 + g % 12],
           u.ids[1 + g % cardinality(u.ids)], 'Bench owner ' || (g % 40), u.logins[1 + g % cardinality(u.logins)],
           (array['HKG','SZX','SHA','NGB','SIN'])[1 + o], (array['SCH','SCH','NCH','NCH','SEA'])[1 + o],
           array[(array['export','import','us','eu','reefer','lcl','fcl','air','hkg','cn','sg','dg'])[1 + g % 12],
                 (array['export','import','us','eu','reefer','lcl','fcl','air','hkg','cn','sg','dg'])[1 + (g / 12) % 12]],
           case when b < 30 then 'PRIVATE' when b < 55 then 'MARKET' when b < 65 then 'MARKET_OFFICE'
                when b < 80 then 'MAIN_OFFICE' else 'GLOBAL' end,
           case when b between 55 and 64 then array[(array['HKG','SZX','SHA','NGB','SIN'])[1 + (g / 5) % 5]] else '{}' end,
           'B' || lpad(g::text, 9, '0'), 'blue', case when g % 20 = 0 then 'I' else 'A' end, null, 'bench', 'bench'
      from g, u`);
  await db.query(`
    insert into template_lines (tmplib_id, line_no, dr_cr, basis, charge_code, currency, unit_price, quantity, uom)
    select tmplib_id, 1, 'DR', 'JOB', 'DOC', 'HKD', 450, 1, 'SHPT' from templates where created_by = 'bench'`);
  // The caller's favourites: a few dozen, listed first.
  await db.query(`
    insert into template_favourites (user_uid, tmplib_id)
    select (select user_uid from users where login_id = 'ops@demo.test'), tmplib_id
      from templates where created_by = 'bench' and privacy = 'GLOBAL' and tmplib_id % 97 = 0 limit 40`);
  await db.query('analyze templates; analyze template_lines; analyze template_favourites');
  const insertSeconds = ((performance.now() - t0) / 1000).toFixed(1);

  const scenarios: Record<string, string> = {
    marketPage1: '/Template?tab=market',
    myTemplatePage1: '/Template?tab=mine',
    marketByName: '/Template?tab=market&q=reefer%20charges%2001',
    marketByTag: '/Template?tab=market&tag=dg',
    marketByCategory: '/Template?tab=market&category=703X',
    marketByOwner: '/Template?tab=market&owner=bench%20owner%207',
  };
  const api: Record<string, unknown> = {};
  for (const [k, url] of Object.entries(scenarios)) {
    const first = await get(url);
    if (first.status !== 200) throw new Error(`${url}: ${first.status} ${await first.text()}`);
    api[k] = await load(1, 100, () => get(url));
  }
  // Page 20 of Market by keyset (the cursor of page 19).
  let cursor = '';
  for (let i = 0; i < 19; i++) {
    const body = (await (await get(`/Template?tab=market${cursor ? `&cursor=${cursor}` : ''}`)).json()) as {
      next_cursor: string;
    };
    cursor = body.next_cursor;
  }
  api.marketPage20 = await load(1, 100, () => get(`/Template?tab=market&cursor=${cursor}`));
  api.marketPage1_5Clients = await load(5, 40, () => get(scenarios.marketPage1));

  // The raw SQL of Market page 1 (the non-favourite phase, as template.repository.ts builds it).
  const { rows: who } = await db.query(
    `select u.user_uid, o.code, o.group_id from users u join user_profiles up on up.user_uid = u.user_uid
       join offices o on o.office_id = up.office_id where u.login_id = 'ops@demo.test' limit 1`,
  );
  const v = who[0] as { user_uid: string; code: string; group_id: string };
  const market = `
    select t.*, exists (select 1 from template_favourites f where f.tmplib_id = t.tmplib_id and f.user_uid = $1) as fav
      from templates t
     where t.owner_uid <> $1
       and t.status = 'A' and (t.privacy = 'GLOBAL' or (t.privacy = 'MARKET' and t.owner_office = $2)
            or (t.privacy = 'MARKET_OFFICE' and $2::text = any(t.offices)) or (t.privacy = 'MAIN_OFFICE' and t.owner_group = $3))
       and t.privacy <> 'PRIVATE'
       and not exists (select 1 from template_favourites f where f.tmplib_id = t.tmplib_id and f.user_uid = $1)
       %EXTRA%
     order by lower(t.name), t.tmplib_id limit 21`;
  const raw = async (extra: string, params: unknown[] = []) => {
    const text = market.replace('%EXTRA%', extra);
    const args = [v.user_uid, v.code, v.group_id, ...params];
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const s = performance.now();
      await db.query(text, args);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    const plan = await db.query(`explain (analyze, buffers) ${text}`, args);
    const lines = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']);
    return {
      p50: Number(times[100].toFixed(2)),
      p95: Number(times[190].toFixed(2)),
      indexes: [...new Set(lines.flatMap((l) => l.match(/templates_\w+_idx|template_\w+_pk/g) ?? []))],
      plan: lines,
    };
  };
  const rawSql = {
    marketPage1: await raw(''),
    marketByName: await raw(`and lower(t.name) like $4`, ['%reefer charges 01%']),
  };
  await db.end();
  console.log(
    JSON.stringify(
      {
        templates: TOTAL,
        insertSeconds,
        viewer: { login: 'ops@demo.test', office: v.code, group: v.group_id },
        api,
        rawSql,
      },
      null,
      2,
    ),
  );
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  await server.stop();
}
