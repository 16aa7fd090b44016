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
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, listHistory, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error';
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

const columnsOf = (v: SailingInput) => {
  const { legs: _legs, ...cols } = v;
  return cols;
};

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

  /** One sailing with its legs. */
  async get(db: DbOrTx, id: number) {
    const row = await repo.byId(db, id);
    if (!row) throw notFound();
    const legs = (await repo.legsOf(db, [id])).get(id) ?? [];
    return presentSailing(row, legs);
  },

  /** Rows for an export, refused beyond MAX_EXPORT_ROWS. */
  async exportRows(db: Db, query: TSailingScheduleListQuery) {
    const rows = await repo.all(db, query, MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    return rows.map((r) => presentSailing(r));
  },

  history: (db: Db, id: number) => listHistory(db, SAILING_ENTITY, id),

  async create({ db, input, actor }: { db: Db; input: SailingInput; actor: Actor }) {
    const id = await db.transaction(async (tx) => {
      await assertReferences(tx, input);
      const newId = await repo.insert(tx, {
        ...columnsOf(input),
        created_by: actor.login_id,
        updated_by: actor.login_id,
      });
      await repo.replaceLegs(tx, newId, input.legs);
      await recordHistory(tx, {
        entityType: SAILING_ENTITY,
        entityId: newId,
        action: 'create',
        toStatus: input.status,
        actor: { uid: actor.user_uid, name: actorName(actor) },
      });
      return newId;
    });
    return sailingScheduleService.get(db, id);
  },

  /** Saves an edit made on `input.version`; a newer stored version answers "record not latest". */
  async update({ db, id, input, actor }: { db: Db; id: number; input: SailingUpdate; actor: Actor }) {
    const { version, ...values } = input;
    await db.transaction(async (tx) => {
      const before = await repo.byId(tx, id, true);
      if (!before) throw notFound();
      if (before.version !== version) throw conflict();
      await assertReferences(tx, values);
      const beforeLegs = (await repo.legsOf(tx, [id])).get(id) ?? [];
      const ok = await repo.updateIfVersion(tx, id, version, {
        ...columnsOf(values),
        updated_by: actor.login_id,
      });
      if (!ok) throw conflict();
      await repo.replaceLegs(tx, id, values.legs);
      // The stored sailing and its legs before against after.
      const after = (await repo.byId(tx, id)) as SailingRow;
      const changes = diffFields(
        comparable(before, beforeLegs),
        comparable(after, (await repo.legsOf(tx, [id])).get(id) ?? []),
        EDITABLE,
      );
      if (Object.keys(changes).length) {
        await recordHistory(tx, {
          entityType: SAILING_ENTITY,
          entityId: id,
          action: 'update',
          fromStatus: before.status,
          toStatus: values.status,
          changes,
          actor: { uid: actor.user_uid, name: actorName(actor) },
        });
      }
    });
    return sailingScheduleService.get(db, id);
  },

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
