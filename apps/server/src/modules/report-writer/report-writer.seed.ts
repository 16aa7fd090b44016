import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { rwRepository as repo } from './report-writer.repository';
import { rwReports } from './report-writer.tables';
import { rwSettings } from './report-writer-run.repository';

/**
 * Demo (issue 17): one saved report per demo manager (every user with a MANAGER profile), "Bookings by office
 * and month" (count and CBM), shared with the manager's office and e-mailed to the manager every Monday at 07:00.
 */
export async function seedDemoReports(db: Db) {
  const { rows } = await db.execute<{
    user_uid: string;
    user_profile_id: number;
    login_id: string;
    office: string | null;
    name: string;
  }>(sql`
    select distinct on (u.user_uid) u.user_uid, up.user_profile_id, u.login_id, o.code as office,
           trim(u.first_name || ' ' || u.last_name) as name
      from users u join user_profiles up on up.user_uid = u.user_uid
      join profile_types pt on pt.profile_type_id = up.profile_type_id
      left join offices o on o.office_id = up.office_id
     where pt.code = 'MANAGER' and u.status = 'A'
     order by u.user_uid, up.sort_order, up.user_profile_id`);
  const schedule = { frequency: 'weekly', weekday: 1, monthday: null, hour: 7 };
  for (const m of rows) {
    await db
      .insert(rwReports)
      .values({
        owner_uid: m.user_uid,
        owner_profile_id: m.user_profile_id,
        name: 'Bookings by office and month',
        description: 'Weekly: bookings and CBM per handling office and ETD month (demo report).',
        dataset: 'bookings',
        definition: {
          columns: [],
          filters: [{ field: 'status', op: 'in', value: 'NEW_E_BOOKING,NEW_MANUAL,CONFIRMED,RECOVERED' }],
          groupBy: ['handling_office', 'etd_month'],
          aggregates: [
            { field: '*', fn: 'count' },
            { field: 'cbm', fn: 'sum' },
          ],
          sort: [
            { key: 'etd_month', dir: 'desc' },
            { key: 'handling_office', dir: 'asc' },
          ],
          chart: { type: 'bar', x: 'etd_month', y: 'count' },
        },
        share_scope: m.office ? 'office' : 'private',
        share_office: m.office,
        ...schedule,
        recipients: [m.login_id.toLowerCase()],
        next_run_at: await repo.nextRun(db, schedule, rwSettings.timeZone),
        created_by: m.name,
        updated_by: m.name,
      })
      .onConflictDoNothing();
  }
}
