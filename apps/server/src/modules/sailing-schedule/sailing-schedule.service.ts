import {
  lastDayOfNextMonth,
  MAX_EXPORT_ROWS,
  MSG,
  TBC_REFRESH_DAY,
  type TFieldError,
  type TSailingLeg,
  type TSailingScheduleListQuery,
  type ZCreateSailingScheduleRequest,
  ZSailingScheduleFields,
  type ZUpdateSailingScheduleRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/access';
import { diffFields, listHistory, recordHistory } from '../../platform/audit/history';
import { rereadRepository, versionedRecord } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors/app-error';
import { assertExportSize } from '../../platform/export/excel';
import { presentSailing } from './sailing-schedule.presenter';
import {
  sailingScheduleRepository as repo,
  type SailingLegRow,
  type SailingRow,
} from './sailing-schedule.repository';

export const SAILING_ENTITY = 'sailing_schedule';
/** Who the history names for changes made by the scheduled TBC refresh. */
export const TBC_JOB_ACTOR = { uid: 'system', name: 'TBC ETD refresh', login: 'system' } as const;

type SailingInput = z.output<typeof ZCreateSailingScheduleRequest>;
type SailingUpdate = z.output<typeof ZUpdateSailingScheduleRequest>;
const EDITABLE = Object.keys(ZSailingScheduleFields.shape) as (keyof typeof ZSailingScheduleFields.shape &
  string)[];

/** One line per leg, so the history shows leg changes as readable text. */
const legsText = (legs: readonly Omit<TSailingLeg, never>[]) =>
  legs
    .map((l) =>
      `${l.port_from}→${l.port_to} ${l.etd}/${l.eta} ${l.vessel_name} ${l.voyage} ${l.service_code ?? ''}`.trim(),
    )
    .join(' | ');

/** A stored sailing in the shape of the request, for comparing before and after. */
const comparable = (row: SailingRow, legs: SailingLegRow[]) => {
  const { legs: _legs, ...p } = presentSailing(row, legs);
  return { ...p, legs: legsText(legs) } as Record<string, unknown>;
};

/** Carrier and ports must exist (reference data); answers every unknown one on its field. */
async function assertReferences(db: DbOrTx, v: SailingInput) {
  const details: TFieldError[] = [];
  const carriers = await repo.existingCarriers(db, [v.carrier_code]);
  if (!carriers.has(v.carrier_code)) details.push({ field: 'carrier_code', msgKey: MSG.carrierUnknown });
  const portFields: [string, string][] = [
    ['pol', v.pol],
    ['pod', v.pod],
    ...(v.transshipment_port ? [['transshipment_port', v.transshipment_port] as [string, string]] : []),
    ...v.legs.flatMap((l, i): [string, string][] => [
      [`legs.${i}.port_from`, l.port_from],
      [`legs.${i}.port_to`, l.port_to],
    ]),
  ];
  const known = await repo.existingPorts(db, [...new Set(portFields.map(([, c]) => c))]);
  for (const [field, code] of portFields)
    if (!known.has(code)) details.push({ field, msgKey: MSG.portUnknown, params: { value: code } });
  if (details.length) throw badRequest(details);
}

const legsOf = async (db: DbOrTx, id: number) => (await repo.legsOf(db, [id])).get(id) ?? [];

const columnsOf = <V extends SailingInput>(v: V) => {
  const { legs: _legs, ...cols } = v;
  return cols;
};

/** One sailing with its legs, as the API shows it. */
async function withLegs(db: DbOrTx, id: number) {
  const row = await repo.byId(db, id);
  if (!row) throw notFound();
  return presentSailing(row, await legsOf(db, id));
}

/**
 * Create and update with version check and history (versionedRecord): the carrier and ports exist; the legs
 * are child rows; the history compares the sailing as the API shows it, with its legs as one text.
 */
const versioned = versionedRecord<SailingRow, SailingInput, number, Awaited<ReturnType<typeof withLegs>>>({
  entityType: SAILING_ENTITY,
  // The stored sailing is read with its carrier's name (what the history compares and the answer shows).
  repo: rereadRepository({
    byId: repo.byId,
    insert: (db, v) => repo.insert(db, columnsOf(v)),
    updateIfVersion: (db, id, version, v) => repo.updateIfVersion(db, id, version, columnsOf(v)),
  }),
  idOf: (r) => r.sailing_schedule_id,
  editable: EDITABLE.filter((f) => f !== 'legs') as Exclude<(typeof EDITABLE)[number], 'legs'>[],
  statusOf: (r) => r.status,
  check: assertReferences,
  children: {
    fields: ['legs'],
    write: (tx, id, v) => repo.replaceLegs(tx, id, v.legs),
    read: async (tx, id) => ({ legs: await legsOf(tx, id) }),
  },
  compare: (row, kids) => comparable(row, kids.legs as SailingLegRow[]),
  answer: (tx, row) => withLegs(tx, row.sailing_schedule_id),
});

/** Sailing schedule maintenance rules (001 §3 Sailing schedule, §4 TBC rule). */
export const sailingScheduleService = {
  list: (db: Db, query: TSailingScheduleListQuery) => repo.page(db, query),

  /** A page with each sailing's legs. */
  async listWithLegs(db: Db, query: TSailingScheduleListQuery) {
    const page = await repo.page(db, query);
    const legs = await repo.legsOf(
      db,
      page.rows.map((r) => r.sailing_schedule_id),
    );
    return { ...page, rows: page.rows.map((r) => presentSailing(r, legs.get(r.sailing_schedule_id))) };
  },

  get: withLegs,

  /** Rows for an export, refused beyond MAX_EXPORT_ROWS. */
  async exportRows(db: Db, query: TSailingScheduleListQuery) {
    const rows = await repo.all(db, query, MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    return rows.map((r) => presentSailing(r));
  },

  history: (db: Db, id: number) => listHistory(db, SAILING_ENTITY, id),

  /** Creates a sailing with its legs; the answer is the sailing as the API shows it. */
  create: ({ db, input, actor }: { db: Db; input: SailingInput; actor: Actor }) =>
    versioned.create({ db, input, actor }),

  /** Saves an edit made on `input.version`; a newer stored version answers "record not latest". */
  update: ({ db, id, input, actor }: { db: Db; id: number; input: SailingUpdate; actor: Actor }) =>
    versioned.update({ db, id, input, actor }),

  /**
   * The TBC rule (001 §4, §9): on the 16th, every active TBC sailing's ETD moves to the last day of the
   * next month (ETA, cut-offs and legs move by the same days). `today` is 'YYYY-MM-DD' in the business
   * time zone. On any other day nothing happens; a second run the same day changes nothing.
   */
  async refreshTbcEtds({ db, today }: { db: Db; today: string }) {
    if (Number(today.slice(8, 10)) !== TBC_REFRESH_DAY) return { ran: false, target: null, moved: 0 };
    const target = lastDayOfNextMonth(today);
    const moved = await db.transaction(async (tx) => {
      const rows = await repo.moveTbcEtds(tx, target, TBC_JOB_ACTOR.login);
      for (const r of rows) {
        await recordHistory(tx, {
          entityType: SAILING_ENTITY,
          entityId: r.id,
          action: 'tbc_refresh',
          reason: `TBC ETD refresh on ${today}`,
          changes: diffFields({ etd: r.old_etd, eta: r.old_eta }, { etd: r.etd, eta: r.eta }),
          actor: TBC_JOB_ACTOR,
        });
      }
      return rows.length;
    });
    return { ran: true, target, moved };
  },
};
