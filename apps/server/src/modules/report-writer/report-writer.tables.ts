import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, tsz } from '../../platform/db/columns';

/** What a saved report runs (contracts ZRwQuery minus the dataset, plus the chart); kept as one document. */
export interface RwStoredDefinition {
  columns: string[];
  filters: { field: string; op: string; value?: string; value2?: string }[];
  groupBy: string[];
  aggregates: { field: string; fn: string }[];
  sort: { key: string; dir: 'asc' | 'desc' }[];
  limit?: number;
  chart: { type: string; x?: string; y?: string };
}

/**
 * Saved reports (issue 17 report writer; docs/report-writer.md). The owner's profile is kept: a scheduled or
 * sent run acts as that user with that profile's access. Shared with an office = readable and runnable (with
 * the reader's own access) by the profiles of that office holding m_rw_search.
 */
export const rwReports = pgTable(
  'report_writer_reports',
  {
    id: serial('id').primaryKey(),
    owner_uid: uuid('owner_uid').notNull(),
    owner_profile_id: integer('owner_profile_id'),
    name: text('name').notNull(),
    description: text('description'),
    dataset: text('dataset').notNull(),
    definition: jsonb('definition').$type<RwStoredDefinition>().notNull(),
    share_scope: text('share_scope').notNull().default('private'),
    share_office: text('share_office'),
    frequency: text('frequency').notNull().default('none'),
    weekday: smallint('weekday'),
    monthday: smallint('monthday'),
    hour: smallint('hour').notNull().default(7),
    recipients: text('recipients').array().notNull().default(sql`'{}'::text[]`),
    /** Next scheduled run; null when not scheduled. The scheduler picks rows with next_run_at <= now(). */
    next_run_at: tsz('next_run_at'),
    last_run_at: tsz('last_run_at'),
    last_run_status: text('last_run_status'),
    last_run_rows: integer('last_run_rows'),
    last_run_msg: text('last_run_msg'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('report_writer_reports_owner_name_uq').on(t.owner_uid, sql`lower(${t.name})`),
    index('report_writer_reports_owner_idx').on(t.owner_uid, t.updated_at),
    index('report_writer_reports_office_idx')
      .on(t.share_office, t.updated_at)
      .where(sql`${t.share_scope} = 'office'`),
    index('report_writer_reports_due_idx').on(t.next_run_at).where(sql`${t.next_run_at} is not null`),
  ],
);

/**
 * Runs that e-mail a report: a "send now" request or one scheduled period. The job claims queued rows (FOR
 * UPDATE SKIP LOCKED). A scheduled run has its period ('2026-11-23', '2026-W48', '2026-11'), unique per
 * report, so a period is sent once however many scheduler ticks or instances see it.
 */
export const rwRuns = pgTable(
  'report_writer_runs',
  {
    id: serial('id').primaryKey(),
    report_id: integer('report_id')
      .notNull()
      .references(() => rwReports.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    period: text('period'),
    status: text('status').notNull().default('queued'),
    recipients: text('recipients').array().notNull(),
    requested_by: text('requested_by'),
    rows: integer('rows'),
    msg_key: text('msg_key'),
    mail_ids: integer('mail_ids').array(),
    created_at: tsz('created_at').notNull().defaultNow(),
    finished_at: tsz('finished_at'),
  },
  (t) => [
    uniqueIndex('report_writer_runs_period_uq').on(t.report_id, t.period).where(sql`${t.period} is not null`),
    index('report_writer_runs_queued_idx').on(t.id).where(sql`${t.status} = 'queued'`),
    index('report_writer_runs_report_idx').on(t.report_id, t.id),
  ],
);
