import {
  SAILING_FILTER_FIELDS,
  type SAILING_SORTABLE,
  type TSailingLeg,
  type TSailingScheduleListQuery,
} from '@portal/contracts';
import { asc, eq, getTableColumns, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { customFilterSql, filterFieldsOf } from '../../platform/list/custom-filter';
import { type ListSpec, listOrder, listPage, listWhere } from '../../platform/list/list-query';
import { carriers } from '../carrier';
import { ports } from '../lookup';
import { sailingScheduleLegs, sailingSchedules } from './sailing-schedule.tables';

export type SailingRow = typeof sailingSchedules.$inferSelect & { carrier_name: string | null };
export type SailingLegRow = typeof sailingScheduleLegs.$inferSelect;
type Sort = (typeof SAILING_SORTABLE)[number];
const s = sailingSchedules;

const spec: ListSpec<Sort> = {
  table: s,
  sortable: {
    etd: s.etd,
    eta: s.eta,
    carrier_code: s.carrier_code,
    vessel_name: s.vessel_name,
    voyage: s.voyage,
    pol: s.pol,
    pod: s.pod,
    status: s.status,
    updated_at: s.updated_at,
  },
  defaultSort: 'etd',
  tiebreak: s.sailing_schedule_id,
  // Same expression as the trigram index sailing_schedules_search_trgm_idx.
  searchText: sql`lower(${s.vessel_name} || ' ' || ${s.voyage} || ' ' || coalesce(${s.service_code}, '') || ' ' || coalesce(${s.service_name}, '') || ' ' || coalesce(${s.imo}, ''))`,
};

/** The custom filter whitelist: SAILING_FILTER_FIELDS with the column behind each name. */
const filterFields = filterFieldsOf(SAILING_FILTER_FIELDS, {
  carrier_code: s.carrier_code,
  vessel_name: s.vessel_name,
  imo: s.imo,
  voyage: s.voyage,
  service_name: s.service_name,
  service_code: s.service_code,
  pol: s.pol,
  pod: s.pod,
  transshipment_port: s.transshipment_port,
  etd: s.etd,
  eta: s.eta,
  status: s.status,
});

/** Filters of the list; pol + pod + ETD range is the comparison query (sailing_schedules_lane_etd_idx). */
const filters = (q: TSailingScheduleListQuery): (SQL | undefined)[] => [
  q.carrier_code ? eq(s.carrier_code, q.carrier_code) : undefined,
  q.pol ? eq(s.pol, q.pol) : undefined,
  q.pod ? eq(s.pod, q.pod) : undefined,
  q.etd_from ? gte(s.etd, q.etd_from) : undefined,
  q.etd_to ? lte(s.etd, q.etd_to) : undefined,
  q.is_tbc === undefined ? undefined : eq(s.is_tbc, q.is_tbc),
  q.status ? eq(s.status, q.status) : undefined,
  ...customFilterSql(q.filters, filterFields),
];

const columns = { ...getTableColumns(s), carrier_name: carriers.display_name };
const selectSailings = (db: DbOrTx) =>
  db.select(columns).from(s).leftJoin(carriers, eq(carriers.carrier_code, s.carrier_code));

/** Sailing schedule queries. */
export const sailingScheduleRepository = {
  page(db: DbOrTx, q: TSailingScheduleListQuery) {
    const where = listWhere(spec, q.q, filters(q));
    return listPage(db, spec, q, where, ({ where, orderBy, limit, offset }) =>
      selectSailings(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  /** Every matching row in list order, at most `limit`. */
  all(db: DbOrTx, q: TSailingScheduleListQuery, limit: number) {
    return selectSailings(db)
      .where(listWhere(spec, q.q, filters(q)))
      .orderBy(...listOrder(spec, q))
      .limit(limit);
  },

  async byId(db: DbOrTx, id: number, forUpdate = false): Promise<SailingRow | undefined> {
    if (forUpdate)
      await db
        .select({ id: s.sailing_schedule_id })
        .from(s)
        .where(eq(s.sailing_schedule_id, id))
        .for('update');
    const [row] = await selectSailings(db).where(eq(s.sailing_schedule_id, id));
    return row;
  },

  /** Legs of these sailings in order, grouped by sailing id. */
  async legsOf(db: DbOrTx, ids: number[]) {
    const byId = new Map<number, SailingLegRow[]>();
    if (!ids.length) return byId;
    const rows = await db
      .select()
      .from(sailingScheduleLegs)
      .where(inArray(sailingScheduleLegs.sailing_schedule_id, ids))
      .orderBy(asc(sailingScheduleLegs.sailing_schedule_id), asc(sailingScheduleLegs.seq));
    for (const r of rows) byId.set(r.sailing_schedule_id, [...(byId.get(r.sailing_schedule_id) ?? []), r]);
    return byId;
  },

  async insert(db: DbOrTx, values: typeof s.$inferInsert) {
    const [row] = await db.insert(s).values(values).returning({ id: s.sailing_schedule_id });
    return row.id;
  },

  /** Updates only when the stored version is still `version`; answers false otherwise. */
  updateIfVersion: versionedUpdate(s, s.sailing_schedule_id),

  /** Replaces a sailing's legs with `legs` in the given order. */
  async replaceLegs(db: DbOrTx, id: number, legs: TSailingLeg[]) {
    await db.delete(sailingScheduleLegs).where(eq(sailingScheduleLegs.sailing_schedule_id, id));
    if (legs.length)
      await db
        .insert(sailingScheduleLegs)
        .values(legs.map((l, i) => ({ ...l, sailing_schedule_id: id, seq: i + 1 })));
  },

  /** Which of these carrier codes exist. */
  async existingCarriers(db: DbOrTx, codes: string[]) {
    const rows = await db
      .select({ code: carriers.carrier_code })
      .from(carriers)
      .where(inArray(carriers.carrier_code, codes));
    return new Set(rows.map((r) => r.code));
  },

  /** Which of these UN/LOCODEs are known ports. */
  async existingPorts(db: DbOrTx, codes: string[]) {
    if (!codes.length) return new Set<string>();
    const rows = await db.select({ code: ports.un_code }).from(ports).where(inArray(ports.un_code, codes));
    return new Set(rows.map((r) => r.code));
  },

  /**
   * The TBC refresh (001 §4): every active TBC sailing whose ETD is not `target` gets ETD = `target`;
   * ETA, cut-offs and legs move by the same number of days so every order rule still holds. Locks the
   * rows it moves; answers what moved (before and after).
   */
  async moveTbcEtds(db: DbOrTx, target: string, actorLogin: string) {
    const { rows: locked } = await db.execute<{ id: number }>(
      sql`select sailing_schedule_id as id from sailing_schedules
           where is_tbc and status = 'A' and etd <> ${target}::date
           order by sailing_schedule_id for update`,
    );
    if (!locked.length) return [];
    const ids = locked.map((r) => r.id);
    // Legs first: their shift is computed from the sailing's ETD before it changes.
    await db.execute(
      sql`update sailing_schedule_legs l
             set etd = l.etd + (${target}::date - s.etd), eta = l.eta + (${target}::date - s.etd)
            from sailing_schedules s
           where s.sailing_schedule_id = l.sailing_schedule_id and s.sailing_schedule_id in ${ids}`,
    );
    // In SET every expression sees the row before the update, so `etd` below is the old ETD.
    const { rows } = await db.execute<{
      id: number;
      old_etd: string;
      etd: string;
      old_eta: string;
      eta: string;
    }>(
      sql`with old as (
            select sailing_schedule_id, etd, eta from sailing_schedules where sailing_schedule_id in ${ids}
          )
          update sailing_schedules s
             set eta = s.eta + (${target}::date - s.etd),
                 cfs_cutoff = s.cfs_cutoff + make_interval(days => ${target}::date - s.etd),
                 cy_cutoff = s.cy_cutoff + make_interval(days => ${target}::date - s.etd),
                 vgm_cutoff = s.vgm_cutoff + make_interval(days => ${target}::date - s.etd),
                 si_cutoff = s.si_cutoff + make_interval(days => ${target}::date - s.etd),
                 etd = ${target}::date,
                 version = s.version + 1,
                 updated_at = now(),
                 updated_by = ${actorLogin}
            from old
           where old.sailing_schedule_id = s.sailing_schedule_id
       returning s.sailing_schedule_id as id, old.etd::text as old_etd, s.etd::text as etd,
                 old.eta::text as old_eta, s.eta::text as eta`,
    );
    return rows;
  },
};
