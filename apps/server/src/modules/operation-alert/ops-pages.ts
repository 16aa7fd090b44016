// Over 600 lines: the operations analytics pages (alerts, operation, productivity, insight, web log), each
// with its document drill, and their labels, registered together by registerOpsPages.
import {
  ANALYTICS_MSG,
  OPERATION_ALERT_COLOURS,
  OPERATION_ALERT_KINDS,
  type TAnalyticsChart,
  type TAnalyticsDocuments,
  type TAnalyticsDocumentsQuery,
  type TAnalyticsDrill,
  type TAnalyticsFilters,
  type TAnalyticsResult,
  type TAnalyticsTable,
  type TOperationAlertColour,
  type TOperationAlertKind,
} from '@portal/contracts';
import { badRequest } from '../../platform/errors/app-error';
import { type AnalyticsCtx, registerAnalyticsLabels, registerAnalyticsPage } from '../analytics';
import { operationAlertRepository as alerts } from './operation-alert.repository';
import { presentAlert } from './operation-alert.service';
import {
  OPERATION_STEPS,
  type OpsDocRow,
  opsAnalyticsRepository as repo,
  type TOperationStep,
} from './ops-analytics.repository';
import { opsStepsRepository } from './ops-steps.repository';

/** The `ops` source's namespaced translation keys (web: features/analytics/locales/…/analytics-ops.json). */
const k = (key: string) => `analytics-ops:${key}`;
const TABLE_ROWS = 200;
const s = (n: number | null | undefined) => (n === null || n === undefined ? null : String(n));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Refuses drill keys a page does not have (400 msgAnalyticsDrillInvalid). */
function drillKeys(drill: TAnalyticsDrill, allowed: string[]) {
  for (const key of Object.keys(drill))
    if (!allowed.includes(key))
      throw badRequest(
        [{ field: `drill_${key}`, msgKey: ANALYTICS_MSG.drillInvalid }],
        ANALYTICS_MSG.drillInvalid,
      );
}

const result = (
  page: string,
  periodBasisKey: string,
  kpis: TAnalyticsResult['kpis'],
  charts: TAnalyticsChart[],
  table: TAnalyticsTable,
  noteKeys: string[] = [],
): TAnalyticsResult => ({
  page,
  generatedAt: new Date().toISOString(),
  periodBasisKey,
  kpis,
  charts,
  table,
  noteKeys,
});

const paging = (q: TAnalyticsDocumentsQuery) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

/** The offices of a page's rows, sorted ('' for none). */
const officesOf = (rows: { office: string | null }[]) => [...new Set(rows.map((r) => r.office ?? ''))].sort();

/** A table of one row per office (drill by office) and the totals, its cells from `cellsOf` a row filter. */
function officeTable<R extends { office: string | null }>(
  columns: TAnalyticsTable['columns'],
  offices: string[],
  cellsOf: (p: (r: R) => boolean) => Record<string, string | null>,
): TAnalyticsTable {
  return {
    columns,
    rows: offices.map((o) => ({
      cells: { office: o, ...cellsOf((r) => (r.office ?? '') === o) },
      drill: { office: o },
    })),
    totals: { office: null, ...cellsOf(() => true) },
    truncated: false,
  };
}

/** One page of a drill's documents, with the query's paging and what the value column shows. */
const documents = (
  q: TAnalyticsDocumentsQuery,
  rows: TAnalyticsDocuments['rows'],
  total: number,
  valueKind: TAnalyticsDocuments['valueKind'],
  valueLabelKey: string,
): TAnalyticsDocuments => ({ rows, total, page: q.page, pageSize: q.pageSize, valueKind, valueLabelKey });

/** A document row of the step and handled-documents drills (no party), with its value. */
const stepDoc = (r: OpsDocRow, value: string | null) => ({
  kind: r.kind,
  key: r.key,
  number: r.number,
  status: r.status,
  date: new Date(r.at).toISOString().slice(0, 10),
  party: null,
  office: r.office,
  value,
});

// ---------------------------------------------------------------------------------------------------------
// OperationAlertPBI: the alerts of the dashboard now, by kind, colour, office and the week they began.
// ---------------------------------------------------------------------------------------------------------

async function alertPage(ctx: AnalyticsCtx, f: TAnalyticsFilters): Promise<TAnalyticsResult> {
  const cube = await alerts.cube(ctx.db, ctx.actor, { office: f.office });
  const total = (p: (r: (typeof cube)[number]) => boolean) => sum(cube.filter(p).map((r) => r.n));
  const offices = officesOf(cube);
  const weeks = [...new Set(cube.map((r) => r.week))].sort();
  const kpis: TAnalyticsResult['kpis'] = [
    {
      key: 'red',
      labelKey: k('kpi.red'),
      value: s(total((r) => r.colour === 'red')),
      kind: 'count',
      drill: { colour: 'red' },
    },
    {
      key: 'yellow',
      labelKey: k('kpi.yellow'),
      value: s(total((r) => r.colour === 'yellow')),
      kind: 'count',
      drill: { colour: 'yellow' },
    },
    ...OPERATION_ALERT_KINDS.map((kind) => ({
      key: kind,
      labelKey: k(`kind.${kind}`),
      value: s(total((r) => r.kind === kind)),
      kind: 'count' as const,
      drill: { kind },
    })),
  ];
  const colourSeries = OPERATION_ALERT_COLOURS.map((c) => ({
    key: c,
    labelKey: k(`colour.${c}`),
    kind: 'count' as const,
  }));
  const kindSeries = OPERATION_ALERT_KINDS.map((kind) => ({
    key: kind,
    labelKey: k(`kind.${kind}`),
    kind: 'count' as const,
  }));
  const charts: TAnalyticsChart[] = [
    {
      key: 'byOffice',
      titleKey: k('chart.alertsByOffice'),
      type: 'stackedBar',
      series: colourSeries,
      points: offices.map((o) => ({
        x: o,
        values: Object.fromEntries(
          OPERATION_ALERT_COLOURS.map((c) => [c, s(total((r) => (r.office ?? '') === o && r.colour === c))]),
        ),
        drill: { office: o },
      })),
    },
    {
      key: 'byWeek',
      titleKey: k('chart.alertsByWeek'),
      type: 'stackedBar',
      series: kindSeries,
      points: weeks.map((w) => ({
        x: w,
        values: Object.fromEntries(
          OPERATION_ALERT_KINDS.map((kind) => [kind, s(total((r) => r.week === w && r.kind === kind))]),
        ),
        drill: { week: w },
      })),
    },
  ];
  const columns: TAnalyticsTable['columns'] = [
    { key: 'office', labelKey: k('col.office'), kind: 'text' },
    ...OPERATION_ALERT_KINDS.map((kind) => ({
      key: kind,
      labelKey: k(`kind.${kind}`),
      kind: 'count' as const,
    })),
    { key: 'red', labelKey: k('colour.red'), kind: 'count' },
    { key: 'yellow', labelKey: k('colour.yellow'), kind: 'count' },
    { key: 'total', labelKey: k('col.total'), kind: 'count' },
  ];
  const rowOf = (p: (r: (typeof cube)[number]) => boolean) => ({
    ...Object.fromEntries(
      OPERATION_ALERT_KINDS.map((kind) => [kind, s(total((r) => p(r) && r.kind === kind))]),
    ),
    red: s(total((r) => p(r) && r.colour === 'red')),
    yellow: s(total((r) => p(r) && r.colour === 'yellow')),
    total: s(total(p)),
  });
  const table = officeTable(columns, offices, rowOf);
  return result('OperationAlertPBI', k('basis.now'), kpis, charts, table, [k('note.alertsNow')]);
}

async function alertDocs(
  ctx: AnalyticsCtx,
  q: TAnalyticsDocumentsQuery,
  drill: TAnalyticsDrill,
): Promise<TAnalyticsDocuments> {
  drillKeys(drill, ['office', 'kind', 'colour', 'week']);
  const kind = drill.kind as TOperationAlertKind | undefined;
  const colour = drill.colour as TOperationAlertColour | undefined;
  if (
    (kind && !OPERATION_ALERT_KINDS.includes(kind)) ||
    (colour && !OPERATION_ALERT_COLOURS.includes(colour))
  )
    throw badRequest([{ field: 'drill', msgKey: ANALYTICS_MSG.drillInvalid }], ANALYTICS_MSG.drillInvalid);
  const { limit, offset } = paging(q);
  // The week filter is applied to the oldest-first list in memory: a drill by week reads the capped union.
  const office = drill.office ?? q.office;
  const all = drill.week
    ? (await alerts.page(ctx.db, ctx.actor, { office, kind, colour }, 100_000, 0)).rows.filter(
        (r) => weekOfIso(r.alert_at) === drill.week,
      )
    : null;
  const page = all
    ? { rows: all.slice(offset, offset + limit), total: all.length }
    : await alerts.page(ctx.db, ctx.actor, { office, kind, colour }, limit, offset);
  const rows = page.rows.map(presentAlert).map((r) => ({
    kind: docKindOf(r),
    key: r.kind === 'invoice' ? String(r.doc_id) : r.number,
    number: r.number,
    status: r.status,
    date: r.alert_at.slice(0, 10),
    party: r.owner,
    office: r.office,
    value: r.colour,
  }));
  return documents(q, rows, page.total, 'text', k('col.colour'));
}

/** Which document an alert opens: plans are consolidations, the SOs waiting for a plan are bookings. */
function docKindOf(r: { kind: TOperationAlertKind; list: string }): 'booking' | 'consolidation' | 'invoice' {
  if (r.kind === 'invoice') return 'invoice';
  if (r.kind === 'load_plan') return 'consolidation';
  if (r.kind === 'consolidation' && r.list !== 'pending_consolidation_creation') return 'consolidation';
  return 'booking';
}

/** Monday of the ISO week of a timestamp (as date_trunc('week') gives it), YYYY-MM-DD. */
function weekOfIso(at: string) {
  const d = new Date(at);
  const day = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day))
    .toISOString()
    .slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------------
// OperationReportPBI: documents created, confirmed, approved and posted per week and office; hours per step.
// ---------------------------------------------------------------------------------------------------------

const TIMED: TOperationStep[] = [
  'booking_confirmed',
  'booking_approved',
  'consol_approved',
  'invoice_posted',
];

async function operationPage(ctx: AnalyticsCtx, f: TAnalyticsFilters): Promise<TAnalyticsResult> {
  // The aggregate (exact: corrected live for documents changed since its last refresh); live when it cannot
  // answer (docs/analytics.md "Operation report aggregate").
  const cube =
    (await opsStepsRepository.cube(ctx.db, ctx.actor, f)) ?? (await repo.operationCube(ctx.db, ctx.actor, f));
  const count = (p: (r: (typeof cube)[number]) => boolean) => sum(cube.filter(p).map((r) => r.n));
  const avg = (p: (r: (typeof cube)[number]) => boolean) => {
    const rows = cube.filter(p);
    const n = sum(rows.map((r) => r.n_hours));
    return n ? (sum(rows.map((r) => Number(r.sum_hours ?? 0))) / n).toFixed(1) : null;
  };
  const weeks = [...new Set(cube.map((r) => r.week))].sort();
  const offices = officesOf(cube);
  const kpis: TAnalyticsResult['kpis'] = [
    ...OPERATION_STEPS.map((step) => ({
      key: step,
      labelKey: k(`step.${step}`),
      value: s(count((r) => r.step === step)),
      kind: 'count' as const,
      drill: { step },
    })),
    ...TIMED.map((step) => ({
      key: `${step}_hours`,
      labelKey: k(`hours.${step}`),
      value: avg((r) => r.step === step),
      kind: 'decimal' as const,
    })),
  ];
  const charts: TAnalyticsChart[] = [
    {
      key: 'byWeek',
      titleKey: k('chart.throughputByWeek'),
      type: 'line',
      series: OPERATION_STEPS.map((step) => ({
        key: step,
        labelKey: k(`step.${step}`),
        kind: 'count' as const,
      })),
      points: weeks.map((w) => ({
        x: w,
        values: Object.fromEntries(
          OPERATION_STEPS.map((step) => [step, s(count((r) => r.week === w && r.step === step))]),
        ),
        drill: { week: w },
      })),
    },
    {
      key: 'hoursByOffice',
      titleKey: k('chart.hoursByOffice'),
      type: 'bar',
      series: TIMED.map((step) => ({ key: step, labelKey: k(`hours.${step}`), kind: 'decimal' as const })),
      points: offices.map((o) => ({
        x: o,
        values: Object.fromEntries(
          TIMED.map((step) => [step, avg((r) => (r.office ?? '') === o && r.step === step)]),
        ),
        drill: { office: o },
      })),
    },
  ];
  const rowOf = (p: (r: (typeof cube)[number]) => boolean) => ({
    ...Object.fromEntries(OPERATION_STEPS.map((step) => [step, s(count((r) => p(r) && r.step === step))])),
    ...Object.fromEntries(TIMED.map((step) => [`${step}_hours`, avg((r) => p(r) && r.step === step)])),
  });
  const columns: TAnalyticsTable['columns'] = [
    { key: 'office', labelKey: k('col.office'), kind: 'text' },
    ...OPERATION_STEPS.map((step) => ({ key: step, labelKey: k(`step.${step}`), kind: 'count' as const })),
    ...TIMED.map((step) => ({
      key: `${step}_hours`,
      labelKey: k(`hours.${step}`),
      kind: 'decimal' as const,
    })),
  ];
  const table = officeTable(columns, offices, rowOf);
  return result('OperationReportPBI', k('basis.eventDate'), kpis, charts, table, [k('note.operationSteps')]);
}

async function operationDocs(
  ctx: AnalyticsCtx,
  q: TAnalyticsDocumentsQuery,
  drill: TAnalyticsDrill,
): Promise<TAnalyticsDocuments> {
  drillKeys(drill, ['step', 'office', 'week']);
  const step = (drill.step ?? 'booking_created') as TOperationStep;
  if (!OPERATION_STEPS.includes(step))
    throw badRequest(
      [{ field: 'drill_step', msgKey: ANALYTICS_MSG.drillInvalid }],
      ANALYTICS_MSG.drillInvalid,
    );
  const { limit, offset } = paging(q);
  const rows = await repo.operationDocs(
    ctx.db,
    ctx.actor,
    q,
    step,
    { office: drill.office, week: drill.week },
    limit,
    offset,
  );
  const docs = rows.map((r) => stepDoc(r, r.hours));
  return documents(q, docs, rows[0]?.total ?? 0, 'decimal', k('col.hours'));
}

// ---------------------------------------------------------------------------------------------------------
// ProductivityReportPBI: documents handled (any status-history entry) per user and office.
// ---------------------------------------------------------------------------------------------------------

const HANDLED_KINDS = ['booking', 'consolidation', 'invoice'] as const;

async function productivityPage(ctx: AnalyticsCtx, f: TAnalyticsFilters): Promise<TAnalyticsResult> {
  const rows = await repo.productivity(ctx.db, ctx.actor, f);
  type Row = (typeof rows)[number];
  const docs = (p: (r: Row) => boolean) => sum(rows.filter(p).map((r) => r.docs));
  const users = new Map<string, string>();
  for (const r of rows) users.set(r.actor_uid ?? '', r.actor_name ?? r.actor_uid ?? '');
  const offices = officesOf(rows);
  const pairs = [...new Set(rows.map((r) => JSON.stringify([r.actor_uid ?? '', r.office ?? ''])))].map(
    (p) => JSON.parse(p) as [string, string],
  );
  const byUser = [...users.keys()]
    .map((u) => ({ u, n: docs((r) => (r.actor_uid ?? '') === u) }))
    .sort((a, b) => b.n - a.n);
  const kindSeries = HANDLED_KINDS.map((kind) => ({
    key: kind,
    labelKey: k(`handled.${kind}`),
    kind: 'count' as const,
  }));
  const kpis: TAnalyticsResult['kpis'] = [
    { key: 'users', labelKey: k('kpi.activeUsers'), value: s(users.size), kind: 'count' },
    {
      key: 'docs',
      labelKey: k('kpi.documentsHandled'),
      value: s(docs(() => true)),
      kind: 'count',
      drill: {},
    },
    { key: 'actions', labelKey: k('kpi.actions'), value: s(sum(rows.map((r) => r.actions))), kind: 'count' },
  ];
  const charts: TAnalyticsChart[] = [
    {
      key: 'byUser',
      titleKey: k('chart.documentsByUser'),
      type: 'stackedBar',
      series: kindSeries,
      points: byUser.slice(0, 15).map(({ u }) => ({
        x: u,
        label: users.get(u) ?? u,
        values: Object.fromEntries(
          HANDLED_KINDS.map((kind) => [kind, s(docs((r) => (r.actor_uid ?? '') === u && r.kind === kind))]),
        ),
        drill: { user: u },
      })),
    },
    {
      key: 'byOffice',
      titleKey: k('chart.documentsByOffice'),
      type: 'stackedBar',
      series: kindSeries,
      points: offices.map((o) => ({
        x: o,
        values: Object.fromEntries(
          HANDLED_KINDS.map((kind) => [kind, s(docs((r) => (r.office ?? '') === o && r.kind === kind))]),
        ),
        drill: { office: o },
      })),
    },
  ];
  const cellsOf = (p: (r: Row) => boolean) => ({
    ...Object.fromEntries(HANDLED_KINDS.map((kind) => [kind, s(docs((r) => p(r) && r.kind === kind))])),
    documents: s(docs(p)),
    actions: s(sum(rows.filter(p).map((r) => r.actions))),
  });
  const tableRows = pairs
    .map(([u, o]) => ({
      cells: {
        user: users.get(u) ?? u,
        office: o,
        ...cellsOf((r) => (r.actor_uid ?? '') === u && (r.office ?? '') === o),
      },
      drill: { user: u, office: o },
    }))
    .sort((a, b) => Number(b.cells.documents) - Number(a.cells.documents));
  const table: TAnalyticsTable = {
    columns: [
      { key: 'user', labelKey: k('col.user'), kind: 'text' },
      { key: 'office', labelKey: k('col.office'), kind: 'text' },
      ...HANDLED_KINDS.map((kind) => ({ key: kind, labelKey: k(`handled.${kind}`), kind: 'count' as const })),
      { key: 'documents', labelKey: k('col.documents'), kind: 'count' },
      { key: 'actions', labelKey: k('kpi.actions'), kind: 'count' },
    ],
    rows: tableRows.slice(0, TABLE_ROWS),
    totals: { user: null, office: null, ...cellsOf(() => true) },
    truncated: tableRows.length > TABLE_ROWS,
  };
  return result('ProductivityReportPBI', k('basis.actionDate'), kpis, charts, table, [
    k('note.productivity'),
  ]);
}

async function productivityDocs(
  ctx: AnalyticsCtx,
  q: TAnalyticsDocumentsQuery,
  drill: TAnalyticsDrill,
): Promise<TAnalyticsDocuments> {
  drillKeys(drill, ['user', 'office', 'kind']);
  const { limit, offset } = paging(q);
  const rows = await repo.handledDocs(ctx.db, ctx.actor, q, drill, limit, offset);
  const docs = rows.map((r) => stepDoc(r, String(r.actions)));
  return documents(q, docs, rows[0]?.total ?? 0, 'count', k('kpi.actions'));
}

// ---------------------------------------------------------------------------------------------------------
// InsightTrackerReportPBI (per screen) and WeblogTrackerReportPBI (per user): the page-view log.
// ---------------------------------------------------------------------------------------------------------

async function insightPage(ctx: AnalyticsCtx, f: TAnalyticsFilters): Promise<TAnalyticsResult> {
  // Summed in the database from the day rollup: views, users and last view per day, per route and in all.
  const figures = await repo.insightFigures(ctx.db, ctx.actor, f);
  type Acc = { n: number; users: { size: number }; last: string | null };
  const toAcc = (r: (typeof figures)[number]): Acc => ({ n: r.n, users: { size: r.users }, last: r.last_at });
  const byDay = new Map(figures.filter((r) => r.part === 'day').map((r) => [r.key ?? '', toAcc(r)]));
  const byRoute = new Map(figures.filter((r) => r.part === 'route').map((r) => [r.key ?? '', toAcc(r)]));
  const allRow = figures.find((r) => r.part === 'all');
  const all: Acc = allRow ? toAcc(allRow) : { n: 0, users: { size: 0 }, last: null };
  const days = [...byDay.keys()].sort();
  const routes = [...byRoute]
    .map(([route, a]) => ({ route, n: a.n }))
    .sort((a, b) => b.n - a.n || a.route.localeCompare(b.route));
  const kpis: TAnalyticsResult['kpis'] = [
    { key: 'views', labelKey: k('kpi.pageViews'), value: s(all.n), kind: 'count' },
    { key: 'users', labelKey: k('kpi.activeUsers'), value: s(all.users.size), kind: 'count', drill: {} },
    { key: 'routes', labelKey: k('kpi.screensUsed'), value: s(routes.length), kind: 'count' },
  ];
  const charts: TAnalyticsChart[] = [
    {
      key: 'byDay',
      titleKey: k('chart.viewsByDay'),
      type: 'line',
      series: [
        { key: 'views', labelKey: k('kpi.pageViews'), kind: 'count' },
        { key: 'users', labelKey: k('kpi.activeUsers'), kind: 'count' },
      ],
      points: days.map((d) => ({
        x: d,
        values: { views: s(byDay.get(d)?.n ?? 0), users: s(byDay.get(d)?.users.size ?? 0) },
      })),
    },
    {
      key: 'byRoute',
      titleKey: k('chart.topScreens'),
      type: 'bar',
      series: [{ key: 'views', labelKey: k('kpi.pageViews'), kind: 'count' }],
      points: routes
        .slice(0, 15)
        .map(({ route, n }) => ({ x: route, values: { views: s(n) }, drill: { route } })),
    },
  ];
  const table: TAnalyticsTable = {
    columns: [
      { key: 'route', labelKey: k('col.screen'), kind: 'text' },
      { key: 'views', labelKey: k('kpi.pageViews'), kind: 'count' },
      { key: 'users', labelKey: k('kpi.activeUsers'), kind: 'count' },
      { key: 'last', labelKey: k('col.lastViewed'), kind: 'date' },
    ],
    rows: routes.slice(0, TABLE_ROWS).map(({ route, n }) => ({
      cells: {
        route,
        views: s(n),
        users: s(byRoute.get(route)?.users.size ?? 0),
        last: byRoute.get(route)?.last?.slice(0, 10) ?? null,
      },
      drill: { route },
    })),
    totals: { route: null, views: s(all.n), users: s(all.users.size), last: null },
    truncated: routes.length > TABLE_ROWS,
  };
  return result('InsightTrackerReportPBI', k('basis.viewedAt'), kpis, charts, table, [k('note.pageViews')]);
}

async function weblogPage(ctx: AnalyticsCtx, f: TAnalyticsFilters): Promise<TAnalyticsResult> {
  // Summed in the database from the day rollup: per user, and views per day × profile type ('' = none: '-').
  const figures = await repo.weblogFigures(ctx.db, ctx.actor, f);
  const label = (p: string | null) => (p ? p : '-');
  const dayProfile = new Map<string, number>();
  const daySet = new Set<string>();
  const profileSet = new Set<string>();
  let total = 0;
  for (const r of figures) {
    if (r.part !== 'day') continue;
    const p = label(r.profile_type);
    dayProfile.set(`${r.day}\u0000${p}`, r.n);
    daySet.add(r.day ?? '');
    profileSet.add(p);
    total += r.n;
  }
  const days = [...daySet].sort();
  const profiles = [...profileSet].sort();
  const users = figures
    .filter((r) => r.part === 'user')
    .map((r) => {
      const u = r.user_uid ?? '';
      return {
        u,
        name: r.user_name || r.login_id || u,
        login: r.login_id ?? null,
        profiles: [...new Set((r.profiles ?? []).map(label))].sort().join(', '),
        n: r.n,
        routes: r.routes,
        days: r.days,
        last: r.last_at,
      };
    })
    .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name));
  const kpis: TAnalyticsResult['kpis'] = [
    { key: 'views', labelKey: k('kpi.pageViews'), value: s(total), kind: 'count' },
    { key: 'users', labelKey: k('kpi.activeUsers'), value: s(users.length), kind: 'count', drill: {} },
    {
      key: 'perUser',
      labelKey: k('kpi.viewsPerUser'),
      value: users.length ? (total / users.length).toFixed(1) : null,
      kind: 'decimal',
    },
  ];
  const charts: TAnalyticsChart[] = [
    {
      key: 'byDay',
      titleKey: k('chart.viewsByDayProfile'),
      type: 'stackedBar',
      series: profiles.map((p) => ({ key: p, label: p, kind: 'count' as const })),
      points: days.map((d) => ({
        x: d,
        values: Object.fromEntries(profiles.map((p) => [p, s(dayProfile.get(`${d}\u0000${p}`) ?? 0)])),
      })),
    },
    {
      key: 'byUser',
      titleKey: k('chart.topUsers'),
      type: 'bar',
      series: [{ key: 'views', labelKey: k('kpi.pageViews'), kind: 'count' }],
      points: users
        .slice(0, 15)
        .map((u) => ({ x: u.u, label: u.name, values: { views: s(u.n) }, drill: { user: u.u } })),
    },
  ];
  const table: TAnalyticsTable = {
    columns: [
      { key: 'user', labelKey: k('col.user'), kind: 'text' },
      { key: 'login', labelKey: k('col.login'), kind: 'text' },
      { key: 'profile', labelKey: k('col.profileType'), kind: 'text' },
      { key: 'views', labelKey: k('kpi.pageViews'), kind: 'count' },
      { key: 'routes', labelKey: k('kpi.screensUsed'), kind: 'count' },
      { key: 'days', labelKey: k('col.daysActive'), kind: 'count' },
      { key: 'last', labelKey: k('col.lastViewed'), kind: 'date' },
    ],
    rows: users.slice(0, TABLE_ROWS).map((u) => ({
      cells: {
        user: u.name,
        login: u.login,
        profile: u.profiles,
        views: s(u.n),
        routes: s(u.routes),
        days: s(u.days),
        last: u.last?.slice(0, 10) ?? null,
      },
      drill: { user: u.u },
    })),
    totals: { user: null, login: null, profile: null, views: s(total), routes: null, days: null, last: null },
    truncated: users.length > TABLE_ROWS,
  };
  return result('WeblogTrackerReportPBI', k('basis.viewedAt'), kpis, charts, table, [k('note.pageViews')]);
}

/** The users behind a usage figure (drill route or user): one row per user and route, most views first. */
async function usageDocs(
  ctx: AnalyticsCtx,
  q: TAnalyticsDocumentsQuery,
  drill: TAnalyticsDrill,
): Promise<TAnalyticsDocuments> {
  drillKeys(drill, ['route', 'user', 'day']);
  const rows = (await repo.pageViewCube(ctx.db, ctx.actor, q)).filter(
    (r) =>
      (!drill.route || r.route === drill.route) &&
      (!drill.user || r.user_uid === drill.user) &&
      (!drill.day || r.day === drill.day),
  );
  const grouped = new Map<
    string,
    { login: string; name: string; profile: string | null; route: string; n: number; last: string }
  >();
  for (const r of rows) {
    const key = `${r.user_uid}|${r.route}`;
    const g = grouped.get(key) ?? {
      login: r.login_id ?? r.user_uid,
      name: r.user_name || r.login_id || r.user_uid,
      profile: r.profile_type,
      route: r.route,
      n: 0,
      last: r.last_at,
    };
    g.n += r.n;
    if (r.last_at > g.last) g.last = r.last_at;
    grouped.set(key, g);
  }
  const all = [...grouped.values()].sort((a, b) => b.n - a.n || a.name.localeCompare(b.name));
  const { limit, offset } = paging(q);
  const docs = all.slice(offset, offset + limit).map((g) => ({
    kind: 'user' as const,
    key: g.login,
    number: `${g.name} · ${g.route}`,
    status: g.profile,
    date: g.last.slice(0, 10),
    party: null,
    office: null,
    value: String(g.n),
  }));
  return documents(q, docs, all.length, 'count', k('kpi.pageViews'));
}

/** Export headers of the `ops` pages in the three languages (the web translates the same keys). */
const LABELS = {
  'col.office': { 'en-US': 'Office', 'zh-HK': '辦事處', 'zh-CN': '办事处' },
  'col.total': { 'en-US': 'Total', 'zh-HK': '合計', 'zh-CN': '合计' },
  'col.user': { 'en-US': 'User', 'zh-HK': '用戶', 'zh-CN': '用户' },
  'col.login': { 'en-US': 'Login ID', 'zh-HK': '登入帳號', 'zh-CN': '登录账号' },
  'col.profileType': { 'en-US': 'Profile type', 'zh-HK': '身份類型', 'zh-CN': '身份类型' },
  'col.documents': { 'en-US': 'Documents', 'zh-HK': '文件', 'zh-CN': '单据' },
  'col.screen': { 'en-US': 'Screen', 'zh-HK': '畫面', 'zh-CN': '页面' },
  'col.lastViewed': { 'en-US': 'Last viewed', 'zh-HK': '最後瀏覽', 'zh-CN': '最后浏览' },
  'col.daysActive': { 'en-US': 'Days active', 'zh-HK': '活躍日數', 'zh-CN': '活跃天数' },
  'colour.red': { 'en-US': 'Red', 'zh-HK': '紅色', 'zh-CN': '红色' },
  'colour.yellow': { 'en-US': 'Yellow', 'zh-HK': '黃色', 'zh-CN': '黄色' },
  'kind.booking': { 'en-US': 'Bookings', 'zh-HK': '訂艙', 'zh-CN': '订舱' },
  'kind.booking_approval': { 'en-US': 'Booking approvals', 'zh-HK': '訂艙審批', 'zh-CN': '订舱审批' },
  'kind.consolidation': { 'en-US': 'Consolidations', 'zh-HK': '拼箱', 'zh-CN': '拼箱' },
  'kind.load_plan': { 'en-US': 'Load plans', 'zh-HK': '配載計劃', 'zh-CN': '配载计划' },
  'kind.invoice': { 'en-US': 'Invoices', 'zh-HK': '發票', 'zh-CN': '发票' },
  'kpi.actions': { 'en-US': 'Actions', 'zh-HK': '操作次數', 'zh-CN': '操作次数' },
  'kpi.pageViews': { 'en-US': 'Page views', 'zh-HK': '瀏覽次數', 'zh-CN': '浏览次数' },
  'kpi.activeUsers': { 'en-US': 'Active users', 'zh-HK': '活躍用戶', 'zh-CN': '活跃用户' },
  'kpi.screensUsed': { 'en-US': 'Screens used', 'zh-HK': '使用畫面數', 'zh-CN': '使用页面数' },
  'handled.booking': { 'en-US': 'Bookings handled', 'zh-HK': '處理訂艙', 'zh-CN': '处理订舱' },
  'handled.consolidation': { 'en-US': 'Consolidations handled', 'zh-HK': '處理拼箱', 'zh-CN': '处理拼箱' },
  'handled.invoice': { 'en-US': 'Invoices handled', 'zh-HK': '處理發票', 'zh-CN': '处理发票' },
  'step.booking_created': { 'en-US': 'Bookings created', 'zh-HK': '新建訂艙', 'zh-CN': '新建订舱' },
  'step.booking_confirmed': { 'en-US': 'Bookings confirmed', 'zh-HK': '已確認訂艙', 'zh-CN': '已确认订舱' },
  'step.booking_approved': { 'en-US': 'Bookings approved', 'zh-HK': '已審批訂艙', 'zh-CN': '已审批订舱' },
  'step.consol_created': { 'en-US': 'Consolidations created', 'zh-HK': '新建拼箱', 'zh-CN': '新建拼箱' },
  'step.consol_approved': {
    'en-US': 'Consolidations approved',
    'zh-HK': '已審批拼箱',
    'zh-CN': '已审批拼箱',
  },
  'step.invoice_created': { 'en-US': 'Invoices created', 'zh-HK': '新建發票', 'zh-CN': '新建发票' },
  'step.invoice_posted': { 'en-US': 'Invoices posted', 'zh-HK': '已過賬發票', 'zh-CN': '已过账发票' },
  'hours.booking_confirmed': {
    'en-US': 'Hours to confirm',
    'zh-HK': '確認所需小時',
    'zh-CN': '确认所需小时',
  },
  'hours.booking_approved': { 'en-US': 'Hours to approve', 'zh-HK': '審批所需小時', 'zh-CN': '审批所需小时' },
  'hours.consol_approved': {
    'en-US': 'Hours to approve a consolidation',
    'zh-HK': '拼箱審批所需小時',
    'zh-CN': '拼箱审批所需小时',
  },
  'hours.invoice_posted': { 'en-US': 'Hours to post', 'zh-HK': '過賬所需小時', 'zh-CN': '过账所需小时' },
} as const;

let registered = false;
/** Registers the `ops` source's pages with the analytics module (once, from the routes function). */
export function registerOpsPages() {
  if (registered) return;
  registered = true;
  registerAnalyticsLabels(Object.fromEntries(Object.entries(LABELS).map(([key, v]) => [k(key), v])));
  registerAnalyticsPage({ page: 'OperationAlertPBI', compute: alertPage, documents: alertDocs });
  registerAnalyticsPage({ page: 'OperationReportPBI', compute: operationPage, documents: operationDocs });
  registerAnalyticsPage({
    page: 'ProductivityReportPBI',
    compute: productivityPage,
    documents: productivityDocs,
  });
  registerAnalyticsPage({ page: 'InsightTrackerReportPBI', compute: insightPage, documents: usageDocs });
  registerAnalyticsPage({ page: 'WeblogTrackerReportPBI', compute: weblogPage, documents: usageDocs });
}
