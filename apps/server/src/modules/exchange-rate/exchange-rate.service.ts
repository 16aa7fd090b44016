import {
  EXCHANGE_RATE_MSG,
  EXCHANGE_RATE_SCALE,
  money,
  type TCreateExchangeRateRequest,
  type TExchangeRateListQuery,
  type TExchangeRateLookup,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, listHistory, recordHistory } from '../../platform/audit/history';
import { historyActor } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, conflict, notFound, unprocessable } from '../../platform/errors/app-error';
import { uniqueConstraintOf } from '../../platform/errors/unique-violation';
import { type ExchangeRateRow, exchangeRateRepository as repo } from './exchange-rate.repository';

export const EXCHANGE_RATE_ENTITY = 'exchange_rate';

const duplicate = () =>
  new AppError(409, EXCHANGE_RATE_MSG.duplicate, {
    details: [{ field: 'effective_date', msgKey: EXCHANGE_RATE_MSG.duplicate }],
  });

/** The 002 §8 change message: old value, new value and who changed it. */
const changeMessage = (row: ExchangeRateRow, oldRate: string, by: string) => ({
  msgKey: EXCHANGE_RATE_MSG.updated,
  params: { from: row.from_currency, to: row.to_currency, oldRate, newRate: row.rate, updatedBy: by },
});

/**
 * The rate of `from` → `to` effective on `date`: 1 for equal currencies; else the pair's latest rate on or
 * before the date, or the inverse pair's (1 ÷ rate, 6 decimals); none answers 422 msgExchangeRateMissing.
 */
export async function rateOn(
  db: DbOrTx,
  from: string,
  to: string,
  date: string,
): Promise<TExchangeRateLookup> {
  if (from === to)
    return { from, to, rate: money.round('1', { scale: EXCHANGE_RATE_SCALE }), effective_date: null };
  const direct = await repo.effective(db, from, to, date);
  if (direct) return { from, to, rate: direct.rate, effective_date: direct.effective_date };
  const inverse = await repo.effective(db, to, from, date);
  if (inverse)
    return {
      from,
      to,
      rate: money.round(money.div('1', inverse.rate, 12), { scale: EXCHANGE_RATE_SCALE }),
      effective_date: inverse.effective_date,
    };
  throw new AppError(422, EXCHANGE_RATE_MSG.missing, { params: { from, to, date } });
}

/** Exchange-rate maintenance (Admin) and lookup. */
export const exchangeRateService = {
  list: (db: Db, q: TExchangeRateListQuery) => repo.page(db, q),

  async get(db: Db, id: number) {
    const row = await repo.byId(db, id);
    if (!row) throw notFound();
    return row;
  },

  history: (db: Db, id: number) => listHistory(db, EXCHANGE_RATE_ENTITY, id),

  lookup: (db: Db, q: { from: string; to: string; date: string }) => rateOn(db, q.from, q.to, q.date),

  /** A new rate for a pair and date; the pair's rate on that date already there answers 409. */
  async create(o: { db: Db; input: TCreateExchangeRateRequest; actor: Actor }) {
    const by = actorName(o.actor);
    const v = o.input as Required<TCreateExchangeRateRequest>;
    try {
      return await o.db.transaction(async (tx) => {
        if (await repo.samePairAndDate(tx, v.from_currency, v.to_currency, v.effective_date))
          throw duplicate();
        const row = await repo.insert(tx, { ...v, created_by: by, updated_by: by });
        await recordHistory(tx, {
          entityType: EXCHANGE_RATE_ENTITY,
          entityId: row.id,
          action: 'create',
          changes: diffFields(null, row, ['rate']),
          actor: historyActor(o.actor),
        });
        return { row, message: null };
      });
    } catch (e) {
      if (uniqueConstraintOf(e) === 'exchange_rates_pair_date_uq') throw duplicate();
      throw e;
    }
  },

  /** Changes a rate (version checked) and answers the 002 §8 message with old and new value and updater. */
  async update(o: { db: Db; id: number; rate: string; version: number; actor: Actor }) {
    const by = actorName(o.actor);
    return o.db.transaction(async (tx) => {
      const before = await repo.byId(tx, o.id, true);
      if (!before) throw notFound();
      if (before.version !== o.version) throw conflict();
      if (before.from_currency === before.to_currency && money.compare(o.rate, '1') !== 0)
        throw unprocessable(EXCHANGE_RATE_MSG.mustBeOne, [
          { field: 'rate', msgKey: EXCHANGE_RATE_MSG.mustBeOne },
        ]);
      const row = await repo.updateRateIfVersion(tx, o.id, o.version, o.rate, by);
      if (!row) throw conflict();
      if (money.compare(before.rate, row.rate) === 0) return { row, message: null };
      await recordHistory(tx, {
        entityType: EXCHANGE_RATE_ENTITY,
        entityId: row.id,
        action: 'update',
        changes: diffFields(before, row, ['rate']),
        actor: historyActor(o.actor),
      });
      return { row, message: changeMessage(row, before.rate, by) };
    });
  },
};
