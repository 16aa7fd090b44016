import type { TAnalyticsResult } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { pageViewRepository } from './operation-alert.repository';

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
});
