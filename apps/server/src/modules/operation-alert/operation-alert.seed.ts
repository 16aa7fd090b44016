import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { pageViewRepository } from './operation-alert.repository';
import { pageViews } from './operation-alert.tables';

/** Screens the demo users open, with how often (weights) — the usage pages' demo shape. */
const DEMO_ROUTES: [route: string, weight: number][] = [
  ['/BMS/enhance_booking', 12],
  ['/BMS/enhance_booking/:search_state', 9],
  ['/BMS/enhance_booking/:search_state/shipping_order/:so_no', 10],
  ['/BMS/enhance_booking_approval', 4],
  ['/BMS/consolidation', 4],
  ['/BMS/OperationAlertDashboard', 3],
  ['/INV/arDashboard', 3],
  ['/INV/arDetails/:inv_id', 4],
  ['/FIN/Dashboard', 2],
  ['/BMS/ShipmentReport', 2],
  ['/', 6],
];
const DEMO_VIEWERS = [
  'ops@demo.test',
  'ops.sha@demo.test',
  'supervisor@demo.test',
  'manager@demo.test',
  'finance@demo.test',
  'agent@demo.test',
];

/** The route whose weight band holds `x` (0 ≤ x < the weights' total). */
function pickRoute(x: number) {
  let left = x;
  for (const [route, w] of DEMO_ROUTES) {
    if (left < w) return route;
    left -= w;
  }
  return '/';
}

/**
 * 60 days of page views for the demo users (InsightTrackerReportPBI, WeblogTrackerReportPBI show shapes on
 * first sign-in): deterministic, weekdays busier, each user with its own share. Skipped when views exist.
 */
export async function seedDemoPageViews(db: DbOrTx) {
  const { rows: any } = await db.execute<{ n: number }>(sql`select count(*)::int as n from page_views`);
  if ((any[0]?.n ?? 0) > 0) return;
  const { rows: users } = await db.execute<{
    user_uid: string;
    login_id: string;
    profile_type: string | null;
  }>(sql`
    select u.user_uid::text as user_uid, u.login_id,
           (select t.code from user_profiles p join profile_types t on t.profile_type_id = p.profile_type_id
             where p.user_uid = u.user_uid order by p.user_profile_id limit 1) as profile_type
      from users u where lower(u.login_id) in ${DEMO_VIEWERS}`);
  const total = DEMO_ROUTES.reduce((n, [, w]) => n + w, 0);
  let seed = 17;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const values: { user_uid: string; route: string; profile_type: string | null; viewed_at: string }[] = [];
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  for (let d = 60; d >= 1; d--) {
    const day = today - d * 86_400_000;
    const weekend = [0, 6].includes(new Date(day).getUTCDay());
    users.forEach((u, i) => {
      const n = Math.floor((weekend ? 1 : 6 + 2 * (users.length - i)) * rnd());
      for (let j = 0; j < n; j++) {
        const route = pickRoute(rnd() * total);
        const at = day + (8 + Math.floor(rnd() * 10)) * 3_600_000 + Math.floor(rnd() * 3_600_000);
        values.push({
          user_uid: u.user_uid,
          route,
          profile_type: u.profile_type,
          viewed_at: new Date(at).toISOString(),
        });
      }
    });
  }
  for (let i = 0; i < values.length; i += 1000) await db.insert(pageViews).values(values.slice(i, i + 1000));
  // Written straight to the log: its day rollup (what the usage pages read) is built from it.
  await pageViewRepository.rebuildDayCube(db);
}
