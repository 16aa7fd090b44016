import {
  MAX_EXPORT_ROWS,
  MSG,
  money,
  type TFieldError,
  type TRateListQuery,
  type TRateQuoteRequest,
  type ZCreateRateRequest,
  ZRateFields,
  type ZUpdateRateRequest,
} from '@portal/contracts';
import currencyCodes from 'currency-codes';
import type { z } from 'zod';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, listHistory, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors/app-error';
import { assertExportSize } from '../../platform/export/excel';
import { presentRate } from './rate.presenter';
import { type RateContainerRow, type RateRow, rateRepository as repo } from './rate.repository';

export const RATE_ENTITY = 'rate';
type RateInput = z.output<typeof ZCreateRateRequest>;
type RateUpdate = z.output<typeof ZUpdateRateRequest>;
type RateValues = Omit<RateInput, 'source_key'>;
const EDITABLE = Object.keys(ZRateFields.shape) as (keyof typeof ZRateFields.shape & string)[];

/** Container prices as one readable line for the history, amounts with the currency's decimals (money.ts). */
const containersText = (list: readonly { container_type: string; amount: string }[], currency: string) =>
  list.map((c) => `${c.container_type} ${money.round(c.amount, currency)}`).join('; ');

const comparable = (row: RateRow, containers: RateContainerRow[]) => {
  const { rate_containers: _c, ...p } = presentRate(row, containers);
  return { ...p, rate_containers: containersText(containers, row.currency) } as Record<string, unknown>;
};

const duplicateKey = (key: string) =>
  new AppError(409, MSG.rateDuplicateSourceKey, {
    params: { value: key },
    details: [{ field: 'source_key', msgKey: MSG.rateDuplicateSourceKey, params: { value: key } }],
  });

/** Carrier, ports and currency must exist (reference data); answers every unknown one on its field. */
async function assertReferences(db: DbOrTx, v: RateValues) {
  const details: TFieldError[] = [];
  if (!(await repo.carrierExists(db, v.carrier_code)))
    details.push({ field: 'carrier_code', msgKey: MSG.carrierUnknown });
  const known = await repo.existingPorts(db, [v.pol, v.pod]);
  for (const f of ['pol', 'pod'] as const)
    if (!known.has(v[f])) details.push({ field: f, msgKey: MSG.portUnknown, params: { value: v[f] } });
  if (!currencyCodes.code(v.currency)) details.push({ field: 'currency', msgKey: MSG.currencyInvalid });
  if (details.length) throw badRequest(details);
}

const columnsOf = (v: RateValues) => {
  const { rate_containers: _c, ...cols } = v;
  return { ...cols, transit_days: cols.transit_days ?? null, free_time_days: cols.free_time_days ?? null };
};

/** Rate maintenance rules (001 §3 Rate, §5 Rates and sailings). */
export const rateService = {
  /** A page with each rate's container prices. */
  async list(db: Db, query: TRateListQuery) {
    const page = await repo.page(db, query);
    const containers = await repo.containersOf(
      db,
      page.rows.map((r) => r.rate_id),
    );
    return { ...page, rows: page.rows.map((r) => presentRate(r, containers.get(r.rate_id))) };
  },

  /** One rate by its source key. */
  async get(db: DbOrTx, sourceKey: string) {
    const row = await repo.byKey(db, sourceKey.toUpperCase());
    if (!row) throw notFound();
    return presentRate(row, (await repo.containersOf(db, [row.rate_id])).get(row.rate_id));
  },

  /** Rows for an export (with container prices), refused beyond MAX_EXPORT_ROWS. */
  async exportRows(db: Db, query: TRateListQuery) {
    const rows = await repo.all(db, query, MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    const containers = await repo.containersOf(
      db,
      rows.map((r) => r.rate_id),
    );
    return rows.map((r) => presentRate(r, containers.get(r.rate_id)));
  },

  async history(db: Db, sourceKey: string) {
    const rate = await rateService.get(db, sourceKey);
    return listHistory(db, RATE_ENTITY, rate.rate_id);
  },

  async create({ db, input, actor }: { db: Db; input: RateInput; actor: Actor }) {
    const { source_key, ...values } = input;
    await db
      .transaction(async (tx) => {
        if (await repo.byKey(tx, source_key)) throw duplicateKey(source_key);
        await assertReferences(tx, values);
        const id = await repo.insert(tx, {
          source_key,
          ...columnsOf(values),
          created_by: actor.login_id,
          updated_by: actor.login_id,
        });
        await repo.replaceContainers(tx, id, values.rate_containers);
        await recordHistory(tx, {
          entityType: RATE_ENTITY,
          entityId: id,
          action: 'create',
          toStatus: values.status,
          actor: { uid: actor.user_uid, name: actorName(actor) },
        });
      })
      .catch((e) => {
        const err = e as { code?: string; cause?: { code?: string } };
        if ((err.code ?? err.cause?.code) === '23505') throw duplicateKey(source_key);
        throw e;
      });
    return rateService.get(db, source_key);
  },

  /** Saves an edit made on `input.version`; a newer stored version answers "record not latest". */
  async update({
    db,
    sourceKey,
    input,
    actor,
  }: {
    db: Db;
    sourceKey: string;
    input: RateUpdate;
    actor: Actor;
  }) {
    const { version, ...values } = input;
    const key = sourceKey.toUpperCase();
    await db.transaction(async (tx) => {
      const before = await repo.byKey(tx, key, true);
      if (!before) throw notFound();
      if (before.version !== version) throw conflict();
      await assertReferences(tx, values);
      const beforeContainers = (await repo.containersOf(tx, [before.rate_id])).get(before.rate_id) ?? [];
      const ok = await repo.updateIfVersion(tx, before.rate_id, version, {
        ...columnsOf(values),
        updated_by: actor.login_id,
      });
      if (!ok) throw conflict();
      await repo.replaceContainers(tx, before.rate_id, values.rate_containers);
      // The stored rate and its containers before against after.
      const [after] = await repo.byIds(tx, [before.rate_id]);
      const afterContainers = (await repo.containersOf(tx, [before.rate_id])).get(before.rate_id) ?? [];
      const changes = diffFields(
        comparable(before, beforeContainers),
        comparable(after, afterContainers),
        EDITABLE,
      );
      if (Object.keys(changes).length) {
        await recordHistory(tx, {
          entityType: RATE_ENTITY,
          entityId: before.rate_id,
          action: 'update',
          fromStatus: before.status,
          toStatus: values.status,
          changes,
          actor: { uid: actor.user_uid, name: actorName(actor) },
        });
      }
    });
    return rateService.get(db, key);
  },

  /**
   * Rates that price a container mix on a lane and day, cheapest first, with total_rate computed in SQL
   * numeric. For the comparison screen (issue 6); an empty answer is "no rate found" (001 §8).
   */
  async quote(db: Db, q: TRateQuoteRequest) {
    const priced = await repo.quote(db, q);
    const rows = new Map(
      (
        await repo.byIds(
          db,
          priced.map((p) => p.rate_id),
        )
      ).map((r) => [r.rate_id, r]),
    );
    return priced.flatMap((p) => {
      const r = rows.get(p.rate_id);
      if (!r) return [];
      return [
        {
          rate_id: r.rate_id,
          source_key: r.source_key,
          carrier_code: r.carrier_code,
          pol: r.pol,
          pod: r.pod,
          service: r.service,
          currency: r.currency,
          valid_from: r.valid_from,
          valid_to: r.valid_to,
          transit_days: r.transit_days,
          free_time_days: r.free_time_days,
          rate_containers: p.lines,
          total_rate: p.total_rate,
        },
      ];
    });
  },
};
