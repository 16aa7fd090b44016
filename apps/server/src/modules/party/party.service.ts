import {
  COUNT_CAP,
  isExternalProfile,
  type Language,
  MAX_EXPORT_ROWS,
  PARTY_LIST_NAMES,
  PARTY_LISTS,
  PARTY_MSG,
  type TFieldError,
  type TPartyFields,
  type TPartyListQuery,
  type ZPartyDuplicateCheckRequest,
  ZPartyFields,
  type ZPartyLookupQuery,
  type ZUpdatePartyRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, listHistory, recordHistory } from '../../platform/audit/history';
import { shortCache } from '../../platform/cache/short-cache';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, conflict, notFound, unprocessable } from '../../platform/errors/app-error';
import { uniqueConstraintOf } from '../../platform/errors/unique-violation';
import { assertExportSize } from '../../platform/export/excel';
import { notifyParty } from '../../platform/notify/notify';
import { presentPartyOption, presentPartyOptionForExternal } from './party.presenter';
import { type PartyInsert, type PartyRow, partyRepository as repo } from './party.repository';

export const PARTY_ENTITY = 'party';
type PartyUpdate = z.output<typeof ZUpdatePartyRequest>;

/** Fields whose changes the history records: every field a user edits (the carrier as its id). */
const EDITABLE = [
  ...Object.keys(ZPartyFields.shape).filter((k) => k !== 'carrier_code'),
  'carrier_id',
] as (keyof PartyRow)[];

/** Similar parties below this combined score are not worth a warning. */
const DUPLICATE_MIN_SCORE = 0.35;

export const who = (actor: Actor) => ({ uid: actor.user_uid, name: actorName(actor) });

const duplicateCode = (code: string) =>
  new AppError(409, PARTY_MSG.duplicateCode, {
    details: [{ field: 'party_code', msgKey: PARTY_MSG.duplicateCode, params: { value: code } }],
    params: { value: code },
  });

/** A concurrent insert hitting parties_code_uq becomes the same duplicate answer as the pre-check. */
function mapUniqueViolation(e: unknown, code: string): never {
  if (uniqueConstraintOf(e) === 'parties_code_uq') throw duplicateCode(code);
  throw e;
}

/** Stored values of the edited fields (credit limit already a 2-decimal string from ZMoney, carrier by id). */
const toColumns = (
  { carrier_code: _, ...v }: TPartyFields,
  carrierId: number | null,
): Omit<PartyInsert, 'approval_status'> => ({
  ...v,
  carrier_id: carrierId,
  credit_limit: v.credit_limit,
});

/** References the form picks (account group, carrier) must exist; answers the carrier's id. */
async function checkReferences(tx: DbOrTx, v: TPartyFields) {
  const details: TFieldError[] = [];
  if (v.customer_id && !(await repo.accountGroupExists(tx, v.customer_id)))
    details.push({ field: 'customer_id', msgKey: PARTY_MSG.accountGroupUnknown });
  const carrierId = v.carrier_code ? await repo.carrierIdByCode(tx, v.carrier_code) : null;
  if (v.carrier_code && !carrierId) details.push({ field: 'carrier_code', msgKey: PARTY_MSG.carrierUnknown });
  if (details.length) throw unprocessable(details[0].msgKey, details);
  return carrierId ?? null;
}

type PartyCounts = { counts: Record<string, { total: number; totalCapped: boolean }> };

/** Rows in each of the 13 lists, from one count per approval status (each capped at COUNT_CAP + 1). */
async function countRows(db: Db): Promise<PartyCounts> {
  const perStatus = new Map((await repo.statusCounts(db)).map((r) => [r.approval_status, r.n]));
  const all = [...perStatus.values()].reduce((a, b) => a + b, 0);
  const counts: PartyCounts['counts'] = {};
  for (const list of PARTY_LIST_NAMES) {
    const statuses: readonly string[] | null = PARTY_LISTS[list];
    const n = statuses ? statuses.reduce((a, s) => a + (perStatus.get(s) ?? 0), 0) : all;
    counts[list] = n > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: n, totalCapped: false };
  }
  return { counts };
}

/**
 * Dashboard counts per database client, kept at most 5 s: every open dashboard polls all 13 counts, and one
 * load reads up to 10,001 index entries per status. A party write on this instance drops them at once.
 */
const countsCache = shortCache<Db, PartyCounts>({ ttlMs: 5000 });

/** Drops the cached dashboard counts; call after a party write on this instance has committed. */
export const partyCountsChanged = (db: Db) => countsCache.invalidate(db);

/** Party maintenance rules (001 §5 Party); the approval moves are in party-approval.service.ts. */
export const partyService = {
  list: (db: Db, query: TPartyListQuery) => repo.page(db, query),

  /** Rows in each of the 13 lists, capped like every list count (cached up to 5 s, see countsCache). */
  counts: (db: Db) => countsCache.get(db, () => countRows(db)),

  async get(db: DbOrTx, id: number) {
    const row = await repo.detail(db, id);
    if (!row) throw notFound();
    return row;
  },

  /** Rows for an export, refused beyond MAX_EXPORT_ROWS. */
  async exportRows(db: Db, query: TPartyListQuery) {
    const rows = await repo.all(db, query, MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    return rows;
  },

  history: (db: Db, id: number) => listHistory(db, PARTY_ENTITY, id),

  /** Party options for the pickers (party.repository `options`). */
  options: (db: DbOrTx, o: Parameters<typeof repo.options>[1]) => repo.options(db, o),

  /**
   * The party lookup: by id (404 when it is not there or not theirs) or by text. External profiles see only
   * their own parties and those on their bookings (decisions.md), presented without the internal fields.
   */
  async lookup(db: Db, actor: Actor, q: z.output<typeof ZPartyLookupQuery>, lang: Language) {
    const external = isExternalProfile(actor.profile_type);
    const rows = await repo.options(db, {
      text: q.party_id ? null : (q.q ?? null),
      ids: q.party_id ? [q.party_id] : null,
      partyType: q.party_type,
      includeUnapproved: q.include_unapproved,
      limit: q.limit,
      lang,
      externalProfileId: external ? (actor.profile ?? -1) : null,
    });
    // One party asked by id that is not there (or not theirs) is a 404, like any record.
    if (q.party_id && !rows.length) throw notFound();
    return rows.map(external ? presentPartyOptionForExternal : presentPartyOption);
  },

  /** Existing parties similar by name and address (a warning, never a refusal). */
  async duplicates(db: Db, input: z.output<typeof ZPartyDuplicateCheckRequest>) {
    const address = [input.address1, input.address2, input.city].filter(Boolean).join(' ').trim() || null;
    const rows = await repo.similar(db, {
      name: input.full_name,
      address,
      excludeId: input.exclude_party_id ?? null,
      limit: 10,
    });
    const round = (n: number) => Math.round(n * 10000) / 10000;
    const matches = rows
      .map((r) => ({
        ...r,
        name_similarity: round(r.name_similarity),
        address_similarity: round(r.address_similarity),
        similarity: round(address ? 0.6 * r.name_similarity + 0.4 * r.address_similarity : r.name_similarity),
      }))
      .filter((r) => r.similarity >= DUPLICATE_MIN_SCORE || r.name_similarity >= 0.6)
      .sort((a, b) => b.similarity - a.similarity);
    return { matches };
  },

  /** Creates a party in status P (pending management approval). */
  async create({ db, input, actor }: { db: Db; input: TPartyFields; actor: Actor }) {
    return db
      .transaction(async (tx) => {
        if (await repo.codeTaken(tx, input.party_code)) throw duplicateCode(input.party_code);
        const carrierId = await checkReferences(tx, input);
        const row = await repo.insert(tx, {
          ...toColumns(input, carrierId),
          approval_status: 'P',
          created_by: actor.login_id,
          updated_by: actor.login_id,
        });
        await recordHistory(tx, {
          entityType: PARTY_ENTITY,
          entityId: row.party_id,
          action: 'create',
          toStatus: 'P',
          reason: input.requester_remarks,
          actor: who(actor),
        });
        await notifyParty(tx, 'create', row, 'P', actor.user_uid);
        return row.party_id;
      })
      .catch((e) => mapUniqueViolation(e, input.party_code))
      .finally(() => partyCountsChanged(db));
  },

  /** Saves an edit made on `input.version`; a newer stored version answers "record not latest". */
  async update({ db, id, input, actor }: { db: Db; id: number; input: PartyUpdate; actor: Actor }) {
    const { version, ...values } = input;
    return db
      .transaction(async (tx) => {
        const before = await repo.byId(tx, id, true);
        if (!before) throw notFound();
        if (before.version !== version) throw conflict();
        if (await repo.codeTaken(tx, values.party_code, id)) throw duplicateCode(values.party_code);
        const carrierId = await checkReferences(tx, values);
        const columns = toColumns(values, carrierId);
        const row = await repo.updateIfVersion(tx, id, version, { ...columns, updated_by: actor.login_id });
        if (!row) throw conflict();
        const changes = diffFields(
          { ...before, target_offices: before.target_offices.join(','), roles: before.roles.join(',') },
          { ...row, target_offices: row.target_offices.join(','), roles: row.roles.join(',') },
          EDITABLE,
        );
        if (Object.keys(changes).length) {
          await recordHistory(tx, {
            entityType: PARTY_ENTITY,
            entityId: id,
            action: 'update',
            fromStatus: before.approval_status,
            toStatus: row.approval_status,
            changes,
            actor: who(actor),
          });
        }
        return id;
      })
      .catch((e) => mapUniqueViolation(e, values.party_code))
      .finally(() => partyCountsChanged(db));
  },
};
