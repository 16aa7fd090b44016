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
import type { Actor } from '../../platform/access/access';
import { listHistory } from '../../platform/audit/history';
import { rereadRepository, versionedRecord } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error';
import { assertExportSize } from '../../platform/export/excel';
import { presentRate, rateTerms } from './rate.presenter';
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

const containersOf = async (db: DbOrTx, id: number) => (await repo.containersOf(db, [id])).get(id) ?? [];

const columnsOf = <V extends RateValues>(v: V) => {
  const { rate_containers: _c, ...cols } = v;
  return { ...cols, transit_days: cols.transit_days ?? null, free_time_days: cols.free_time_days ?? null };
};

/** A rate with its container prices, as the API shows it. */
const withContainers = async (db: DbOrTx, row: RateRow) =>
  presentRate(row, await containersOf(db, row.rate_id));

/**
 * Create and update with version check and history (versionedRecord): the source key is new, the carrier,
 * ports and currency exist; the container prices are child rows; the history compares the rate as the API
 * shows it, with its container prices as one text.
 */
const versioned = versionedRecord<RateRow, RateInput, number, Awaited<ReturnType<typeof withContainers>>>({
  entityType: RATE_ENTITY,
  // The stored rate is read with its carrier's name (what the history compares and the answer shows).
  repo: rereadRepository({
    byId: repo.byId,
    insert: (db, v) => repo.insert(db, columnsOf(v)),
    updateIfVersion: (db, id, version, { source_key: _key, ...v }) =>
      repo.updateIfVersion(db, id, version, columnsOf(v)),
  }),
  idOf: (row) => row.rate_id,
  editable: EDITABLE.filter((f) => f !== 'rate_containers') as Exclude<
    (typeof EDITABLE)[number],
    'rate_containers'
  >[],
  statusOf: (row) => row.status,
  check: async (tx, v, id) => {
    if (id === undefined && (await repo.byKey(tx, v.source_key))) throw duplicateKey(v.source_key);
    await assertReferences(tx, v);
  },
  children: {
    fields: ['rate_containers'],
    write: (tx, id, v) => repo.replaceContainers(tx, id, v.rate_containers),
    read: async (tx, id) => ({ rate_containers: await containersOf(tx, id) }),
  },
  compare: (row, kids) => comparable(row, kids.rate_containers as RateContainerRow[]),
  answer: withContainers,
});

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

  /** Creates a rate with its container prices; any unique violation is a duplicate source key. */
  create: ({ db, input, actor }: { db: Db; input: RateInput; actor: Actor }) =>
    versioned.create({ db, input, actor }).catch((e) => {
      const err = e as { code?: string; cause?: { code?: string } };
      if ((err.code ?? err.cause?.code) === '23505') throw duplicateKey(input.source_key);
      throw e;
    }),

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
    const found = await repo.byKey(db, sourceKey.toUpperCase());
    if (!found) throw notFound();
    // The source key is the rate's name, not an edited field: it stays as stored.
    return versioned.update({
      db,
      id: found.rate_id,
      input: { ...input, source_key: found.source_key },
      actor,
    });
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
          ...rateTerms(r),
          rate_containers: p.lines,
          total_rate: p.total_rate,
        },
      ];
    });
  },
};
