import type { TAnalyticsResult } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import type { Actor } from '../../platform/access/access';
import { pageViewRepository } from './operation-alert.repository';
import { opsAnalyticsRepository } from './ops-analytics.repository';

/**
 * The usage pages' day rollup (page_view_day_cube, docs/analytics.md "Usage pages") equals the page-view log
 * grouped by UTC day, route, user and profile after random inserts (as POST /PageViews stores them), the
 * retention sweep and a rebuild; the pages read from it show the log's figures.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const direct = sql`
  select (viewed_at at time zone 'UTC')::date::text as day, route, user_uid::text as user_uid,
         coalesce(profile_type, '') as profile_type, count(*)::int as n, max(viewed_at)::text as last_at
    from page_views group by 1, 2, 3, 4 order by 1, 2, 3, 4`;
const rollup = sql`
  select day::text as day, route, user_uid::text as user_uid, profile_type, n, last_at::text as last_at
    from page_view_day_cube order by 1, 2, 3, 4`;

describe('page_view_day_cube', () => {
  it('equals the log grouped after random inserts, the retention sweep and a rebuild', async () => {
    const users = (
      await t.db.execute<{ u: string }>(sql`select user_uid::text as u from users order by login_id limit 4`)
    ).rows.map((r) => r.u);
    let seed = 23;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const now = Date.now();
    // Views up to 3 days back, and some 401-410 days back that the 400-day retention sweep removes.
    for (let batch = 0; batch < 12; batch++) {
      const old = batch % 4 === 3;
      await pageViewRepository.insert(
        t.db,
        Array.from({ length: 1 + rnd(25) }, () => ({
          user_uid: users[rnd(users.length)] as string,
          route: `/EQ/screen-${rnd(4)}`,
          profile_type: rnd(5) === 0 ? null : (['OPERATIONS', 'AGENT'][rnd(2)] as string),
          viewed_at: new Date(
            now - (old ? 401 + rnd(10) : rnd(3)) * 86_400_000 - rnd(86_400) * 1000,
          ).toISOString(),
        })),
      );
      expect((await t.db.execute(rollup)).rows, `batch ${batch}`).toEqual((await t.db.execute(direct)).rows);
    }
    expect(await pageViewRepository.sweep(t.db, 400)).toBeGreaterThan(0);
    expect((await t.db.execute(rollup)).rows).toEqual((await t.db.execute(direct)).rows);
    const before = (await t.db.execute(rollup)).rows;
    await pageViewRepository.rebuildDayCube(t.db);
    expect((await t.db.execute(rollup)).rows).toEqual(before);

    // The pages read the rollup: the usage page's total is the log's count over the period.
    const h = bearer(await sessionToken(t, 'manager@demo.test'));
    const from = new Date(now - 3 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(now).toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Analytics/InsightTrackerReportPBI?from=${from}&to=${to}`,
      headers: h,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from page_views
       where viewed_at >= ${from}::date::timestamp at time zone 'UTC'
         and viewed_at < (${to}::date + 1)::timestamp at time zone 'UTC'`);
    const views = (res.json() as TAnalyticsResult).kpis.find((k) => k.key === 'views')?.value;
    expect(views).toBe(String(rows[0]?.n));
    // Per screen (views, users) and per user (views, screens, days) as the log gives them.
    const period = sql`viewed_at >= ${from}::date::timestamp at time zone 'UTC'
      and viewed_at < (${to}::date + 1)::timestamp at time zone 'UTC'`;
    const byRoute = await t.db.execute<{ route: string; views: string; users: string }>(sql`
      select route, count(*)::text as views, count(distinct user_uid)::text as users from page_views
       where ${period} group by route`);
    const insight = res.json() as TAnalyticsResult;
    expect(
      Object.fromEntries(insight.table.rows.map((r) => [r.cells.route, [r.cells.views, r.cells.users]])),
    ).toEqual(Object.fromEntries(byRoute.rows.map((r) => [r.route, [r.views, r.users]])));
    const weblog = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/Analytics/WeblogTrackerReportPBI?from=${from}&to=${to}`,
        headers: h,
      })
    ).json() as TAnalyticsResult;
    const byUser = await t.db.execute<{ login: string; views: string; routes: string; days: string }>(sql`
      select u.login_id as login, count(*)::text as views, count(distinct v.route)::text as routes,
             count(distinct (v.viewed_at at time zone 'UTC')::date)::text as days
        from page_views v join users u on u.user_uid = v.user_uid where ${period} group by u.login_id`);
    expect(
      Object.fromEntries(
        weblog.table.rows.map((r) => [r.cells.login, [r.cells.views, r.cells.routes, r.cells.days]]),
      ),
    ).toEqual(Object.fromEntries(byUser.rows.map((r) => [r.login, [r.views, r.routes, r.days]])));
  });

  it("the user × day, user × month, route × day and pair rollups equal the log, and the pages' figures a direct computation", async () => {
    const users = (
      await t.db.execute<{ u: string }>(sql`select user_uid::text as u from users order by login_id limit 6`)
    ).rows.map((r) => r.u);
    let seed = 71;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const now = Date.now();
    const DAY = 86_400_000;
    const iso = (daysBack: number) => new Date(now - daysBack * DAY).toISOString().slice(0, 10);
    // Day `day` of the month `months` from now's (UTC; day 0 is the last day of the month before).
    const monthDay = (months: number, day: number) => {
      const d = new Date(now);
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, day)).toISOString().slice(0, 10);
    };
    const rollups = {
      user_day: [
        sql`select day::text as day, user_uid::text as u, profile_type as p, n, last_at::text as l
              from page_view_user_day order by 1, 2, 3`,
        sql`select (viewed_at at time zone 'UTC')::date::text as day, user_uid::text as u,
                   coalesce(profile_type, '') as p, count(*)::int as n, max(viewed_at)::text as l
              from page_views group by 1, 2, 3 order by 1, 2, 3`,
      ],
      route_day: [
        sql`select day::text as day, route, n, last_at::text as l from page_view_route_day order by 1, 2`,
        sql`select (viewed_at at time zone 'UTC')::date::text as day, route, count(*)::int as n,
                   max(viewed_at)::text as l from page_views group by 1, 2 order by 1, 2`,
      ],
      user_month: [
        sql`select month::text as m, user_uid::text as u, days, n, last_at::text as l, profiles
              from page_view_user_month order by 1, 2`,
        sql`select date_trunc('month', (viewed_at at time zone 'UTC')::date)::date::text as m, user_uid::text as u,
                   count(distinct (viewed_at at time zone 'UTC')::date)::int as days, count(*)::int as n,
                   max(viewed_at)::text as l,
                   array_agg(distinct coalesce(profile_type, '') order by coalesce(profile_type, '')) as profiles
              from page_views group by 1, 2 order by 1, 2`,
      ],
      pairs: [
        sql`select route, user_uid::text as u, first_day::text as f, last_day::text as l
              from page_view_pairs order by 1, 2`,
        sql`select route, user_uid::text as u, min((viewed_at at time zone 'UTC')::date)::text as f,
                   max((viewed_at at time zone 'UTC')::date)::text as l from page_views group by 1, 2 order by 1, 2`,
      ],
    };
    const checkRollups = async (when: string) => {
      for (const [name, [kept, direct]] of Object.entries(rollups)) {
        expect((await t.db.execute(kept)).rows, `${name} ${when}`).toEqual((await t.db.execute(direct)).rows);
      }
    };
    const actorOf = (uid: string, profile_type: string) =>
      ({ user_uid: uid, profile_type }) as unknown as Actor;
    const internal = actorOf(users[0] as string, 'MANAGER');
    const external = actorOf(users[1] as string, 'AGENT');
    // The pages' figures computed directly from the log (own views only for an external viewer).
    const directInsight = async (from: string, to: string, own: string | null) =>
      (
        await t.db.execute<Record<string, unknown>>(sql`
          with v as (select (viewed_at at time zone 'UTC')::date as day, route, user_uid, viewed_at from page_views
                      where (viewed_at at time zone 'UTC')::date between ${from}::date and ${to}::date
                        and (${own}::uuid is null or user_uid = ${own}::uuid))
          select case when grouping(day) = 0 then 'day' when grouping(route) = 0 then 'route' else 'all' end as part,
                 coalesce(to_char(day, 'YYYY-MM-DD'), route) as key, count(*)::int as n,
                 count(distinct user_uid)::int as users, max(viewed_at)::text as last_at
            from v group by grouping sets ((day), (route), ())`)
      ).rows;
    const directWeblog = async (from: string, to: string, own: string | null) =>
      (
        await t.db.execute<Record<string, unknown>>(sql`
          with v as (select (viewed_at at time zone 'UTC')::date as day, route, user_uid,
                            coalesce(profile_type, '') as profile_type, viewed_at from page_views
                      where (viewed_at at time zone 'UTC')::date between ${from}::date and ${to}::date
                        and (${own}::uuid is null or user_uid = ${own}::uuid))
          select 'user' as part, user_uid::text as user_uid, null as day, null as profile_type, count(*)::int as n,
                 count(distinct route)::int as routes, count(distinct day)::int as days,
                 max(viewed_at)::text as last_at, array_agg(distinct profile_type) as profiles
            from v group by user_uid
          union all
          select 'day', null, to_char(day, 'YYYY-MM-DD'), profile_type, count(*)::int, null, null, null, null
            from v group by day, profile_type`)
      ).rows;
    const sortRows = (rows: Record<string, unknown>[]) =>
      [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const pick = (r: Record<string, unknown>, keys: string[]) =>
      Object.fromEntries(keys.map((k) => [k, r[k]]));
    const checkFigures = async (when: string) => {
      const periods = [
        [iso(45), iso(0)],
        [iso(10), iso(3)],
        [iso(5), iso(5)],
        [iso(70), iso(30)],
        [iso(200), iso(150)],
        [iso(412), iso(395)],
        // Periods with whole calendar months (WeblogTracker reads those from page_view_user_month), one of them
        // from a month's first day to another's last.
        [iso(120), iso(0)],
        [iso(230), iso(120)],
        [monthDay(-3, 1), monthDay(0, 0)],
      ] as const;
      for (const [from, to] of periods) {
        const f = { from, to };
        for (const actor of [internal, external]) {
          const own = actor === external ? actor.user_uid : null;
          const label = `${when} ${from}..${to} ${actor.profile_type}`;
          const insight = await opsAnalyticsRepository.insightFigures(t.db, actor, f);
          expect(sortRows(insight.map((r) => ({ ...r }))), `insight ${label}`).toEqual(
            sortRows(await directInsight(from, to, own)),
          );
          const weblog = await opsAnalyticsRepository.weblogFigures(t.db, actor, f);
          const userKeys = ['part', 'user_uid', 'n', 'routes', 'days', 'last_at', 'profiles'];
          const dayKeys = ['part', 'day', 'profile_type', 'n'];
          const norm = (rows: Record<string, unknown>[]) =>
            sortRows(rows.map((r) => pick(r, r.part === 'user' ? userKeys : dayKeys)));
          expect(norm(weblog), `weblog ${label}`).toEqual(norm(await directWeblog(from, to, own)));
        }
      }
    };
    // Views 0-80 days back (some users and screens only early or late, so pairs straddle the periods), 160-190
    // days back, and 401-410 days back (the retention sweep removes them, moving the pairs' first days).
    for (let batch = 0; batch < 16; batch++) {
      const band = batch % 4;
      await pageViewRepository.insert(
        t.db,
        Array.from({ length: 1 + rnd(40) }, () => {
          const back = band === 3 ? 401 + rnd(10) : band === 2 ? 160 + rnd(30) : rnd(band === 0 ? 8 : 80);
          return {
            user_uid: users[rnd(band === 0 ? 3 : users.length)] as string,
            route: `/EQ/pair-${rnd(band === 1 ? 7 : 3)}`,
            profile_type: rnd(6) === 0 ? null : (['OPERATIONS', 'MANAGER'][rnd(2)] as string),
            viewed_at: new Date(now - back * DAY - rnd(86_400) * 1000).toISOString(),
          };
        }),
      );
      await checkRollups(`batch ${batch}`);
    }
    await checkFigures('after inserts');
    while ((await pageViewRepository.sweep(t.db, 400)) > 0);
    await checkRollups('after the sweep');
    await checkFigures('after the sweep');
    // A sweep that removes only part of some days' views (the cut-off falls inside a day) and every view of
    // other pairs.
    await pageViewRepository.insert(t.db, [
      { user_uid: users[2] as string, route: '/EQ/pair-late', profile_type: null, viewed_at: iso(150) },
      { user_uid: users[2] as string, route: '/EQ/pair-late', profile_type: null, viewed_at: iso(151) },
    ]);
    while ((await pageViewRepository.sweep(t.db, 150)) > 0);
    await checkRollups('after a sweep inside the data');
    await checkFigures('after a sweep inside the data');
    await pageViewRepository.rebuildDayCube(t.db);
    await checkRollups('after a rebuild');
    await checkFigures('after a rebuild');
  });

  it('a sweep and the same user viewing the same screen at once never deadlock (rows before advisory locks)', async () => {
    const [user] = (
      await t.db.execute<{ u: string }>(sql`select user_uid::text as u from users order by login_id limit 1`)
    ).rows.map((r) => r.u);
    const DAY = 86_400_000;
    for (let round = 0; round < 6; round++) {
      // Old views of the screen (the sweep takes them and moves the pair's first day) and new ones at once.
      await pageViewRepository.insert(
        t.db,
        Array.from({ length: 200 }, (_, i) => ({
          user_uid: user as string,
          route: `/EQ/race-${i % 3}`,
          profile_type: 'OPERATIONS',
          viewed_at: new Date(Date.now() - (401 + (i % 5)) * DAY).toISOString(),
        })),
      );
      const views = (k: number) =>
        Array.from({ length: 5 }, (_, i) => ({
          user_uid: user as string,
          route: `/EQ/race-${(i + k) % 3}`,
          profile_type: k % 2 ? 'MANAGER' : 'OPERATIONS',
          viewed_at: new Date(Date.now() - (i % 2) * DAY).toISOString(),
        }));
      await Promise.all([
        pageViewRepository.sweep(t.db, 400),
        ...Array.from({ length: 6 }, (_, k) => pageViewRepository.insert(t.db, views(k))),
      ]);
    }
    const { rows } = await t.db.execute<{ bad: number }>(sql`
      select count(*)::int as bad from page_view_user_month m
       where m.days <> (select count(distinct day) from page_view_user_day d
                         where d.user_uid = m.user_uid and d.day >= m.month and d.day < (m.month + interval '1 month')::date)`);
    expect(rows[0]?.bad).toBe(0);
  });
});
