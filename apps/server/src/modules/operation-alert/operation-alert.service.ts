import {
  COUNT_CAP,
  OPERATION_ALERT_KINDS,
  PAGE_VIEW_RETENTION_DAYS,
  type TOperationAlertDashboard,
  type TOperationAlertQuery,
  type TOperationAlertRow,
  type TPageViewBatch,
} from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { Db, DbOrTx } from '../../platform/db/client';
import { alertCandidates } from './alert-candidates.repository';
import {
  type AlertRowRaw,
  pageViewRepository,
  operationAlertRepository as repo,
} from './operation-alert.repository';

const iso = (v: string) => new Date(v).toISOString();

/** A row as the API answers it (timestamps ISO; the load plan's ETD stays a date). */
export function presentAlert(r: AlertRowRaw): TOperationAlertRow {
  return {
    kind: r.kind,
    list: r.list,
    doc_id: Number(r.doc_id),
    number: r.number,
    status: r.status,
    colour: r.colour,
    since: r.since.length > 10 ? iso(r.since) : r.since,
    alert_at: iso(r.alert_at),
    office: r.office,
    owner: r.owner,
    is_e_booking: !!r.is_e_booking,
    inv_type: r.inv_type,
  };
}

let lastSweep = 0;
const SWEEP_EVERY_MS = 3_600_000;
/** Views dated more than this before their arrival are dated at arrival (a client clock or a stale batch). */
const MAX_AGE_MS = 24 * 3_600_000;

export const operationAlertService = {
  /**
   * Installs the alert candidates' triggers and rebuilds the candidates when their definition changed
   * (alert-candidates.repository.ts); OPS_ALERT_CANDIDATES=off leaves them out (a kill switch; the bench's
   * before/after), and until then the dashboard reads the documents directly.
   */
  async installCandidates(db: Db) {
    if (process.env.OPS_ALERT_CANDIDATES !== 'off') await alertCandidates.install(db);
  },
  /**
   * The operation alert dashboard (docs/operation-alerts.md): every yellow or red document the viewer may see,
   * grouped by owner and office (the group with the oldest alert first), the first `perGroup` rows of each.
   */
  async dashboard(db: Db, actor: Actor, q: TOperationAlertQuery): Promise<TOperationAlertDashboard> {
    const raw = await repo.dashboard(db, actor, q, q.perGroup);
    const byGroup = new Map<string, TOperationAlertRow[]>();
    const keyOf = (owner: string | null, office: string | null) => JSON.stringify([owner, office]);
    for (const r of raw.rows) {
      const key = keyOf(r.owner, r.office);
      byGroup.set(key, [...(byGroup.get(key) ?? []), presentAlert(r)]);
    }
    const kindCount = (kind: string, colour: string) =>
      raw.kinds.filter((k) => k.kind === kind && k.colour === colour).reduce((n, k) => n + k.n, 0);
    const byKind = OPERATION_ALERT_KINDS.map((kind) => ({
      kind,
      yellow: kindCount(kind, 'yellow'),
      red: kindCount(kind, 'red'),
    }));
    const sorted = (v: (string | null)[]) =>
      [...new Set(v.filter((x): x is string => !!x))].sort((a, b) => a.localeCompare(b));
    return {
      generatedAt: new Date().toISOString(),
      cap: COUNT_CAP,
      capped: raw.lists.some((l) => l.n > COUNT_CAP),
      totals: {
        yellow: byKind.reduce((n, k) => n + k.yellow, 0),
        red: byKind.reduce((n, k) => n + k.red, 0),
      },
      byKind,
      offices: sorted(raw.groups.map((g) => g.office)),
      owners: sorted(raw.groups.map((g) => g.owner)),
      groups: raw.groups.map((g) => ({
        owner: g.owner,
        office: g.office,
        yellow: g.yellow,
        red: g.red,
        rows: byGroup.get(keyOf(g.owner, g.office)) ?? [],
      })),
    };
  },
};

/** The page-view day rollup rebuilt from the log (bulk loads such as the analytics bench's). */
export const rebuildPageViewAggregates = (db: DbOrTx) => pageViewRepository.rebuildDayCube(db);

export const pageViewService = {
  /**
   * Records a batch of page views of the signed-in user (POST /PageViews). Only the route pattern, the time,
   * the user id and the profile type are kept; a view dated in the future or more than a day back is dated
   * now. Views older than PAGE_VIEW_RETENTION_DAYS are swept at most once an hour per instance.
   */
  async record(db: Db, actor: Actor, batch: TPageViewBatch) {
    const now = Date.now();
    const rows = batch.views.map((v) => {
      const at = Date.parse(v.at);
      const ok = Number.isFinite(at) && at <= now + 60_000 && at >= now - MAX_AGE_MS;
      return {
        user_uid: actor.user_uid,
        // Query and hash never belong to a pattern; the schema refuses them, this is belt and braces.
        route: v.route.split(/[?#]/)[0],
        profile_type: actor.profile_type,
        viewed_at: new Date(ok ? Math.min(at, now) : now).toISOString(),
      };
    });
    await pageViewRepository.insert(db, rows);
    if (now - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = now;
      pageViewRepository.sweep(db, PAGE_VIEW_RETENTION_DAYS).catch(() => {});
    }
    return { recorded: rows.length };
  },
};
