import {
  type Language,
  MSG,
  RW_MSG,
  type TRwDataset,
  type TRwDatasetInfo,
  type TRwDefinition,
  type TRwListQuery,
  type TRwListRow,
  type TRwQuery,
  type TRwReport,
  ZRwListQuery,
  ZRwQuery,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import { uniqueConstraintOf } from '../../platform/errors/unique-violation';
import { queueMail } from '../../platform/mail/mail';
import { type RwReportRow, type RwViewer, rwRepository as repo } from './report-writer.repository';
import type { RwStoredDefinition } from './report-writer.tables';
import { reportWorkbook, workbookFileName } from './report-writer.workbook';
import { datasetLabelKey, datasetsFor, fieldLabelKey, fieldsFor } from './report-writer-datasets.repository';
import { buildQuery } from './report-writer-query.repository';
import { configureReportWriter, runQuery, rwSettings } from './report-writer-run.repository';

/** PostgreSQL channel told (at commit) that a report run was queued; the kicker wakes the job. */
export const RW_CHANNEL = 'report_writer';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

/** The run part of a saved report. */
export function queryOf(row: Pick<RwReportRow, 'dataset' | 'definition'>): TRwQuery {
  const d = row.definition;
  return ZRwQuery.parse({
    dataset: row.dataset,
    columns: d.columns,
    filters: d.filters,
    groupBy: d.groupBy,
    aggregates: d.aggregates,
    sort: d.sort,
    ...(d.limit ? { limit: d.limit } : {}),
  });
}

const lastRun = (r: RwReportRow) =>
  r.last_run_at && r.last_run_status
    ? {
        at: iso(r.last_run_at) as string,
        status: r.last_run_status === 'ok' ? ('ok' as const) : ('failed' as const),
        rows: r.last_run_rows,
        msgKey: r.last_run_msg,
      }
    : null;

function present(r: RwReportRow & { owner_name: string }, v: RwViewer): TRwReport {
  const d = r.definition;
  return {
    id: r.id,
    version: r.version,
    name: r.name,
    description: r.description,
    dataset: r.dataset as TRwDataset,
    columns: d.columns,
    filters: d.filters as TRwReport['filters'],
    groupBy: d.groupBy,
    aggregates: d.aggregates as TRwReport['aggregates'],
    sort: d.sort,
    ...(d.limit ? { limit: d.limit } : {}),
    chart: d.chart as TRwReport['chart'],
    share: {
      scope: r.share_scope as 'private' | 'office',
      ...(r.share_office ? { office: r.share_office } : {}),
    },
    schedule: {
      frequency: r.frequency as TRwReport['schedule']['frequency'],
      ...(r.weekday ? { weekday: r.weekday } : {}),
      ...(r.monthday ? { monthday: r.monthday } : {}),
      hour: r.hour,
      recipients: r.recipients,
    },
    owner_uid: r.owner_uid,
    owner_name: r.owner_name,
    mine: r.owner_uid === v.uid,
    last_run: lastRun(r),
    next_run_at: iso(r.next_run_at),
    created_at: iso(r.created_at) as string,
    updated_at: iso(r.updated_at) as string,
  };
}

const presentRow = (r: RwReportRow & { owner_name: string }, v: RwViewer): TRwListRow => ({
  id: r.id,
  name: r.name,
  description: r.description,
  dataset: r.dataset as TRwDataset,
  owner_uid: r.owner_uid,
  owner_name: r.owner_name,
  mine: r.owner_uid === v.uid,
  share_scope: r.share_scope as 'private' | 'office',
  share_office: r.share_office,
  frequency: r.frequency as TRwListRow['frequency'],
  last_run: lastRun(r),
  updated_at: iso(r.updated_at) as string,
  version: r.version,
});

const nameDuplicate = (name: string) =>
  new AppError(409, RW_MSG.duplicateName, {
    params: { value: name },
    details: [{ field: 'name', msgKey: RW_MSG.duplicateName, params: { value: name } }],
  });

/** Checks the definition against the whitelist for this user (400 on any problem) and the sharing office. */
async function validated(db: DbOrTx, actor: Actor, v: RwViewer, input: TRwDefinition) {
  buildQuery(actor, input);
  let office: string | null = null;
  if (input.share.scope === 'office') {
    office = input.share.office ?? v.office;
    const mine = await repo.userOffices(db, actor.user_uid);
    if (!office || !mine.includes(office))
      throw new AppError(400, RW_MSG.shareOfficeInvalid, {
        params: { value: office ?? '' },
        details: [
          { field: 'share.office', msgKey: RW_MSG.shareOfficeInvalid, params: { value: office ?? '' } },
        ],
      });
  }
  const s = input.schedule;
  const frequency = s.frequency;
  if (frequency !== 'none' && !s.recipients.length)
    throw new AppError(400, RW_MSG.noRecipients, {
      details: [{ field: 'schedule.recipients', msgKey: RW_MSG.noRecipients }],
    });
  const definition: RwStoredDefinition = {
    columns: input.columns,
    filters: input.filters,
    groupBy: input.groupBy,
    aggregates: input.aggregates,
    sort: input.sort,
    ...(input.limit ? { limit: input.limit } : {}),
    chart: input.chart,
  };
  const schedule = {
    frequency,
    weekday: frequency === 'weekly' ? (s.weekday ?? 1) : null,
    monthday: frequency === 'monthly' ? (s.monthday ?? 1) : null,
    hour: s.hour,
  };
  return {
    name: input.name,
    description: input.description ?? null,
    dataset: input.dataset,
    definition,
    share_scope: input.share.scope,
    share_office: office,
    ...schedule,
    recipients: [...new Set(s.recipients)],
    next_run_at: await repo.nextRun(db, schedule, rwSettings.timeZone),
  };
}

async function readableOrThrow(db: DbOrTx, actor: Actor, id: number) {
  const v = await repo.viewer(db, actor);
  const row = await repo.readable(db, v, id);
  if (!row) throw notFound();
  return { row, v };
}

export const reportWriterService = {
  /** The run settings from the configuration (RW_STATEMENT_TIMEOUT_MS, RW_TIME_ZONE), set when the routes load. */
  configure(s: Partial<typeof rwSettings>) {
    configureReportWriter(s);
  },
  /** The datasets and fields this viewer may use (internal-only fields and datasets left out for externals). */
  datasets(actor: Actor): TRwDatasetInfo[] {
    return datasetsFor(actor).map((ds) => ({
      key: ds.key,
      labelKey: datasetLabelKey(ds.key),
      fields: fieldsFor(ds, actor).map((x) => ({
        key: x.key,
        labelKey: fieldLabelKey(ds.key, x.key),
        type: x.type,
        ...(x.options ? { options: [...x.options] } : {}),
        ...(x.codeKind ? { codeKind: x.codeKind } : {}),
        groupable: x.groupable,
        aggregatable: x.type === 'number' || x.type === 'money',
      })),
    }));
  },

  async list(db: Db, actor: Actor, query: TRwListQuery) {
    const q = ZRwListQuery.parse(query);
    const v = await repo.viewer(db, actor);
    const { rows, total } = await repo.list(db, v, q);
    return { rows: rows.map((r) => presentRow(r, v)), total, page: q.page, pageSize: q.pageSize };
  },

  async get(db: Db, actor: Actor, id: number) {
    const { row, v } = await readableOrThrow(db, actor, id);
    return present(row, v);
  },

  async create(db: Db, actor: Actor, input: TRwDefinition) {
    const v = await repo.viewer(db, actor);
    const values = await validated(db, actor, v, input);
    if (await repo.nameTaken(db, actor.user_uid, input.name)) throw nameDuplicate(input.name);
    try {
      const row = await repo.insert(db, {
        ...values,
        owner_uid: actor.user_uid,
        owner_profile_id: actor.profile,
        created_by: actorName(actor),
        updated_by: actorName(actor),
      });
      return this.get(db, actor, row.id);
    } catch (e) {
      if (uniqueConstraintOf(e) === 'report_writer_reports_owner_name_uq') throw nameDuplicate(input.name);
      throw e;
    }
  },

  /** Owner only; 409 msgRecordNotLatest when `version` is not the current one (someone saved in between). */
  async update(db: Db, actor: Actor, id: number, input: TRwDefinition, version: number) {
    const { row, v } = await readableOrThrow(db, actor, id);
    if (row.owner_uid !== actor.user_uid) throw forbidden(RW_MSG.notOwner);
    if (row.version !== version) throw conflict(MSG.recordNotLatest);
    const values = await validated(db, actor, v, input);
    if (await repo.nameTaken(db, actor.user_uid, input.name, id)) throw nameDuplicate(input.name);
    try {
      const updated = await repo.update(db, id, version, {
        ...values,
        // The profile a scheduled run acts with follows the profile that last saved the report.
        owner_profile_id: actor.profile,
        updated_by: actorName(actor),
      });
      if (!updated) throw conflict(MSG.recordNotLatest);
    } catch (e) {
      if (uniqueConstraintOf(e) === 'report_writer_reports_owner_name_uq') throw nameDuplicate(input.name);
      throw e;
    }
    return this.get(db, actor, id);
  },

  async remove(db: Db, actor: Actor, id: number) {
    const { row } = await readableOrThrow(db, actor, id);
    if (row.owner_uid !== actor.user_uid) throw forbidden(RW_MSG.notOwner);
    await repo.remove(db, id);
  },

  preview: (db: Db, actor: Actor, q: TRwQuery) => runQuery(db, actor, q, { preview: true }),

  /** Runs a saved report with the CALLER's access (a shared report never shows more than the caller may see). */
  async run(db: Db, actor: Actor, id: number) {
    const { row } = await readableOrThrow(db, actor, id);
    return runQuery(db, actor, queryOf(row));
  },

  async export(db: Db, actor: Actor, id: number, lang: Language, today: string) {
    const { row } = await readableOrThrow(db, actor, id);
    const result = await runQuery(db, actor, queryOf(row));
    const content = await reportWorkbook({
      name: row.name,
      dataset: row.dataset as TRwDataset,
      result,
      lang,
    });
    return { content, fileName: workbookFileName(row.name, today) };
  },

  /** Queues an e-mail of the workbook to the schedule's recipients (or those given); the owner only. */
  async send(db: Db, actor: Actor, id: number, recipients?: string[]) {
    const { row } = await readableOrThrow(db, actor, id);
    if (row.owner_uid !== actor.user_uid) throw forbidden(RW_MSG.notOwner);
    const to = [...new Set(recipients?.length ? recipients : row.recipients)];
    if (!to.length)
      throw new AppError(400, RW_MSG.noRecipients, {
        details: [{ field: 'recipients', msgKey: RW_MSG.noRecipients }],
      });
    const runId = await db.transaction(async (tx) => {
      const rid = await repo.queueRun(tx, {
        report_id: id,
        kind: 'send',
        period: null,
        recipients: to,
        requested_by: actorName(actor),
      });
      await repo.notify(tx, RW_CHANNEL, String(rid));
      return rid as number;
    });
    return { queued: true, recipients: to, runId };
  },
};

// ---- the job: scheduled periods and queued sends ----

const MAIL_TEXT: Record<Language, (name: string, rows: number, truncated: boolean) => string> = {
  'en-US': (n, rows, t) =>
    `The report "${n}" is attached (${rows} rows${t ? ', cut at the row limit' : ''}).\n\nSent by the portal's report writer.`,
  'zh-HK': (n, rows, t) =>
    `附上報表「${n}」（${rows} 行${t ? '，已按行數上限截斷' : ''}）。\n\n由入口網站報表工具發送。`,
  'zh-CN': (n, rows, t) =>
    `附上报表“${n}”（${rows} 行${t ? '，已按行数上限截断' : ''}）。\n\n由门户报表工具发送。`,
};
const MAIL_SUBJECT: Record<Language, (name: string) => string> = {
  'en-US': (n) => `Report: ${n}`,
  'zh-HK': (n) => `報表：${n}`,
  'zh-CN': (n) => `报表：${n}`,
};
const asLang = (l: string | null | undefined): Language => (l === 'zh-HK' || l === 'zh-CN' ? l : 'en-US');

/**
 * Queues one run per due scheduled report and period (idempotent: the period is unique per report) and moves
 * its next run on. `now` (ISO) lets tests and tools run the scheduler for a given moment.
 */
export async function scheduleDue(db: Db, now?: string) {
  return db.transaction(async (tx) => {
    const due = await repo.lockDue(tx, now, 100);
    let queued = 0;
    for (const r of due) {
      const at = r.next_run_at as string;
      const period = await repo.periodOf(tx, r.frequency, at, rwSettings.timeZone);
      const id = await repo.queueRun(tx, {
        report_id: r.id,
        kind: 'schedule',
        period,
        recipients: r.recipients,
        requested_by: 'scheduler',
      });
      if (id) queued++;
      // The next slot after both the one just taken and now (a server that was down skips missed slots).
      const after = new Date(Math.max(now ? Date.parse(now) : Date.now(), Date.parse(at))).toISOString();
      await repo.setNextRun(tx, r.id, await repo.nextRun(tx, r, rwSettings.timeZone, after));
    }
    return queued;
  });
}

/**
 * Sends queued runs: each runs the report AS ITS OWNER (the saved profile's party access and fields, checked
 * again now: a disabled owner or a profile without m_rw_search sends nothing) and queues one e-mail per
 * recipient with the workbook attached, in the transaction that marks the run done.
 */
export async function sendQueued(db: Db, log: (m: string) => void = () => {}, max = 20) {
  let ok = 0;
  let failed = 0;
  for (let i = 0; i < max; i++) {
    const done = await db.transaction(async (tx) => {
      const run = await repo.claimRun(tx);
      if (!run) return false;
      const report = await repo.getById(tx, run.report_id);
      const lang = asLang(report ? await repo.userLanguage(tx, report.owner_uid) : null);
      const owner = report ? await repo.ownerActor(tx, report.owner_uid, report.owner_profile_id) : null;
      try {
        if (!report) throw new AppError(404, MSG.noRecordFound);
        if (!owner?.funcs.has('m_rw_search')) throw new AppError(403, MSG.noPermission);
        if (!run.recipients.length) throw new AppError(400, RW_MSG.noRecipients);
        const result = await runQuery(db, owner, queryOf(report));
        const content = await reportWorkbook({
          name: report.name,
          dataset: report.dataset as TRwDataset,
          result,
          lang,
        });
        const today = new Date().toISOString().slice(0, 10);
        const mailIds: number[] = [];
        for (const to of run.recipients)
          mailIds.push(
            await queueMail(tx, {
              to,
              subject: MAIL_SUBJECT[lang](report.name),
              text: MAIL_TEXT[lang](report.name, result.rows.length, result.truncated),
              tag: 'report-writer',
              attachments: [{ fileName: workbookFileName(report.name, today), contentType: XLSX, content }],
            }),
          );
        await repo.finishRun(tx, run, { status: 'ok', rows: result.rows.length, msgKey: null, mailIds });
        ok++;
      } catch (e) {
        const msgKey = e instanceof AppError ? e.msgKey : MSG.internalError;
        if (!(e instanceof AppError)) log(`report run ${run.id} failed: ${(e as Error).message}`);
        await repo.finishRun(tx, run, { status: 'failed', rows: null, msgKey, mailIds: [] });
        failed++;
      }
      return true;
    });
    if (!done) break;
  }
  return { ok, failed };
}
