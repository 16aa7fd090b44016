import type { TRwListParams } from '@portal/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import { type Db, type DbOrTx, notifyAfterCommit } from '../../platform/db/client';
import { likeEscape } from '../../platform/list/list-query';
import { rwReports, rwRuns } from './report-writer.tables';
import { datasetsFor } from './report-writer-datasets.repository';

export type RwReportRow = typeof rwReports.$inferSelect;
export type RwReportInsert = typeof rwReports.$inferInsert;
export type RwRunRow = typeof rwRuns.$inferSelect;

/** Who reads: the user and the office of the chosen profile (office sharing). */
export interface RwViewer {
  uid: string;
  office: string | null;
  /** The datasets the viewer may run: others' shared reports on other datasets (invoices for an agent) are not listed. */
  datasets: string[];
}

/** The schedule fields that decide the next run. */
export interface RwScheduleCols {
  frequency: string;
  weekday: number | null;
  monthday: number | null;
  hour: number;
}

/** Reports (alias r) this viewer may read: its own, and those shared with its office. */
const readableSql = (v: RwViewer): SQL =>
  v.office
    ? sql`(r.owner_uid = ${v.uid} or (r.share_scope = 'office' and r.share_office = ${v.office}
            and r.dataset in (${sql.join(
              v.datasets.map((d) => sql`${d}`),
              sql`, `,
            )})))`
    : sql`r.owner_uid = ${v.uid}`;

const LIST_SORT: Record<string, SQL> = {
  name: sql`lower(r.name)`,
  updated_at: sql`r.updated_at`,
  dataset: sql`r.dataset`,
  owner: sql`lower(u.first_name || ' ' || u.last_name)`,
};

export const rwRepository = {
  async viewer(db: DbOrTx, actor: Actor): Promise<RwViewer> {
    const datasets = datasetsFor(actor).map((d) => d.key);
    if (!actor.profile) return { uid: actor.user_uid, office: null, datasets };
    const { rows } = await db.execute<{ code: string | null }>(sql`
      select o.code from user_profiles up left join offices o on o.office_id = up.office_id
       where up.user_profile_id = ${actor.profile}`);
    return { uid: actor.user_uid, office: rows[0]?.code ?? null, datasets };
  },

  /** The office codes of every active profile of a user (an office the owner may share with). */
  async userOffices(db: DbOrTx, uid: string): Promise<string[]> {
    const { rows } = await db.execute<{ code: string }>(sql`
      select distinct o.code from user_profiles up join offices o on o.office_id = up.office_id
       where up.user_uid = ${uid} and up.status = 'A'`);
    return rows.map((r) => r.code);
  },

  async readable(db: DbOrTx, v: RwViewer, id: number) {
    const { rows } = await db.execute<RwReportRow & { owner_name: string }>(sql`
      select r.*, coalesce(trim(u.first_name || ' ' || u.last_name), '') as owner_name
        from report_writer_reports r left join users u on u.user_uid = r.owner_uid
       where r.id = ${id} and ${readableSql(v)}`);
    return rows[0] ?? null;
  },

  async list(db: DbOrTx, v: RwViewer, q: TRwListParams) {
    const where: SQL[] = [readableSql(v)];
    if (q.scope === 'mine') where.push(sql`r.owner_uid = ${v.uid}`);
    if (q.scope === 'shared') where.push(sql`r.owner_uid <> ${v.uid}`);
    const text = q.q?.trim();
    if (text) {
      const like = `%${likeEscape(text.toLowerCase())}%`;
      where.push(sql`(lower(r.name) like ${like} or lower(coalesce(r.description, '')) like ${like})`);
    }
    const w = sql.join(where, sql` and `);
    const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
    const sortCol = LIST_SORT[q.sort] ?? LIST_SORT.updated_at;
    const { rows } = await db.execute<RwReportRow & { owner_name: string; total: number }>(sql`
      select r.*, coalesce(trim(u.first_name || ' ' || u.last_name), '') as owner_name,
             count(*) over ()::int as total
        from report_writer_reports r left join users u on u.user_uid = r.owner_uid
       where ${w}
       order by ${sortCol} ${dir}, r.id ${dir}
       limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
    let total = rows[0]?.total ?? 0;
    if (!rows.length && q.page > 1) {
      const c = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from report_writer_reports r where ${w}`);
      total = c.rows[0]?.n ?? 0;
    }
    return { rows, total };
  },

  async nameTaken(db: DbOrTx, uid: string, name: string, exceptId?: number) {
    const { rows } = await db.execute(sql`
      select 1 from report_writer_reports where owner_uid = ${uid} and lower(name) = lower(${name})
        ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`);
    return rows.length > 0;
  },

  async insert(db: DbOrTx, values: RwReportInsert) {
    const [row] = await db.insert(rwReports).values(values).returning();
    return row;
  },

  /** Updates when the version matches; answers the row, or null (stale or gone). */
  async update(db: DbOrTx, id: number, version: number, values: Partial<RwReportInsert>) {
    const [row] = await db
      .update(rwReports)
      .set({ ...values, version: sql`${rwReports.version} + 1`, updated_at: sql`now()` })
      .where(and(eq(rwReports.id, id), eq(rwReports.version, version)))
      .returning();
    return row ?? null;
  },

  async remove(db: DbOrTx, id: number) {
    await db.delete(rwReports).where(eq(rwReports.id, id));
  },

  /**
   * The next run of a schedule strictly after `after` (default now), at `hour` o'clock in time zone `tz`:
   * daily; weekly on ISO weekday 1-7; monthly on day 1-28. Null when not scheduled.
   */
  async nextRun(db: DbOrTx, s: RwScheduleCols, tz: string, after?: string): Promise<string | null> {
    if (s.frequency === 'none') return null;
    const at = after ? sql`${after}::timestamptz` : sql`now()`;
    const local = sql`(${at} at time zone ${tz})`;
    const hour = sql`make_interval(hours => ${s.hour})`;
    const base =
      s.frequency === 'daily'
        ? sql`date_trunc('day', ${local}) + ${hour}`
        : s.frequency === 'weekly'
          ? sql`date_trunc('day', ${local}) + make_interval(days => ((${s.weekday ?? 1}::int - extract(isodow from ${local})::int + 7) % 7)) + ${hour}`
          : sql`date_trunc('month', ${local}) + make_interval(days => ${(s.monthday ?? 1) - 1}) + ${hour}`;
    const step =
      s.frequency === 'daily'
        ? sql`interval '1 day'`
        : s.frequency === 'weekly'
          ? sql`interval '7 days'`
          : sql`interval '1 month'`;
    const { rows } = await db.execute<{ next: string }>(sql`
      select ((case when b > ${local} then b else b + ${step} end) at time zone ${tz})::text as next
        from (select ${base} as b) x`);
    return rows[0]?.next ?? null;
  },

  /** The period key of a scheduled run due at `at`: a day, an ISO week or a month in `tz`. */
  async periodOf(db: DbOrTx, frequency: string, at: string, tz: string): Promise<string> {
    const fmt = frequency === 'daily' ? 'YYYY-MM-DD' : frequency === 'weekly' ? 'IYYY-"W"IW' : 'YYYY-MM';
    const { rows } = await db.execute<{ p: string }>(
      sql`select to_char(${at}::timestamptz at time zone ${tz}, ${fmt}) as p`,
    );
    return rows[0].p;
  },

  /** Reports whose next run is due (oldest first), locked so two schedulers never take one twice. */
  async lockDue(db: DbOrTx, now: string | undefined, limit: number) {
    const { rows } = await db.execute<RwReportRow>(sql`
      select * from report_writer_reports
       where next_run_at is not null and next_run_at <= ${now ? sql`${now}::timestamptz` : sql`now()`}
       order by next_run_at limit ${limit} for update skip locked`);
    return rows;
  },

  /** Queues a run; a scheduled period already queued or sent answers null (idempotent). */
  async queueRun(
    db: DbOrTx,
    r: { report_id: number; kind: string; period: string | null; recipients: string[]; requested_by: string },
  ) {
    const rows = await db
      .insert(rwRuns)
      .values(r)
      .onConflictDoNothing({ target: [rwRuns.report_id, rwRuns.period], where: sql`period is not null` })
      .returning({ id: rwRuns.id });
    return rows[0]?.id ?? null;
  },

  async setNextRun(db: DbOrTx, id: number, next: string | null) {
    await db.execute(sql`update report_writer_reports set next_run_at = ${next} where id = ${id}`);
  },

  /** Claims the oldest queued run (SKIP LOCKED: several runners never take the same one). */
  async claimRun(db: DbOrTx) {
    const { rows } = await db.execute<RwRunRow>(sql`
      select * from report_writer_runs where status = 'queued' order by id limit 1 for update skip locked`);
    return rows[0] ?? null;
  },

  async finishRun(
    db: DbOrTx,
    run: RwRunRow,
    r: { status: 'ok' | 'failed'; rows: number | null; msgKey: string | null; mailIds: number[] },
  ) {
    await db
      .update(rwRuns)
      .set({
        status: r.status,
        rows: r.rows,
        msg_key: r.msgKey,
        mail_ids: r.mailIds,
        finished_at: sql`now()`,
      })
      .where(eq(rwRuns.id, run.id));
    await db.execute(sql`
      update report_writer_reports set last_run_at = now(), last_run_status = ${r.status},
             last_run_rows = ${r.rows}, last_run_msg = ${r.msgKey}
       where id = ${run.report_id}`);
  },

  /** Tells listeners on `channel` once the transaction has committed (the kicker wakes the job). */
  async notify(db: DbOrTx, channel: string, payload: string) {
    await notifyAfterCommit(db, channel, [payload]);
  },

  /** The user's default language (e-mails and workbooks written for the owner). */
  async userLanguage(db: DbOrTx, uid: string): Promise<string | null> {
    const { rows } = await db.execute<{ default_lang: string }>(
      sql`select default_lang from users where user_uid = ${uid}`,
    );
    return rows[0]?.default_lang ?? null;
  },

  async getById(db: DbOrTx, id: number) {
    const [row] = await db.select().from(rwReports).where(eq(rwReports.id, id));
    return row ?? null;
  },

  /** The owner as an actor with the saved profile's functions, or null when disabled or gone. */
  async ownerActor(db: Db | DbOrTx, uid: string, profileId: number | null): Promise<Actor | null> {
    if (!profileId) return null;
    const { rows } = await db.execute<{
      login_id: string;
      first_name: string;
      last_name: string;
      status: string;
      profile_status: string;
      profile_type: string | null;
      funcs: string[];
    }>(sql`
      select u.login_id, u.first_name, u.last_name, u.status, up.status as profile_status,
             pt.code as profile_type,
             coalesce(array_agg(rf.func_id) filter (where rf.func_id is not null), '{}') as funcs
        from users u
        join user_profiles up on up.user_uid = u.user_uid and up.user_profile_id = ${profileId}
        left join profile_types pt on pt.profile_type_id = up.profile_type_id
        left join role_funcs rf on rf.role_id = up.role_id
       where u.user_uid = ${uid}
       group by u.user_uid, up.user_profile_id, pt.code`);
    const r = rows[0];
    if (r?.status !== 'A' || r.profile_status !== 'A') return null;
    return {
      user_uid: uid,
      login_id: r.login_id,
      first_name: r.first_name,
      last_name: r.last_name,
      sid: 'system:report-writer',
      profile: profileId,
      profile_type: r.profile_type,
      super_user_uid: null,
      funcs: new Set(r.funcs),
    };
  },
};
