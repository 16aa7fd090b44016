import { randomUUID } from 'node:crypto';
import {
  formatSequenceNumber,
  MAX_EXPORT_ROWS,
  MSG,
  seqPeriodKey,
  type TSeqResetPeriod,
  type TSequenceRuleListQuery,
  type ZCreateSequenceRuleRequest,
  ZSequenceRuleFields,
} from '@portal/contracts';
import type { z } from 'zod';
import { listHistory } from '../../platform/audit/history';
import { versionedRecord } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, notFound } from '../../platform/errors/app-error';
import { uniqueConstraintOf } from '../../platform/errors/unique-violation';
import { assertExportSize } from '../../platform/export/excel';
import { ruleFormat } from './sequence.presenter';
import { sequenceRepository as repo, type SequenceRuleRow } from './sequence.repository';

export const SEQUENCE_RULE_ENTITY = 'sequence_rule';
type RuleInput = z.output<typeof ZCreateSequenceRuleRequest>;

const EDITABLE = Object.keys(ZSequenceRuleFields.shape) as (keyof typeof ZSequenceRuleFields.shape)[];
/** Counters shown on the detail screen: two years of monthly periods. */
const RECENT_COUNTERS = 24;

const duplicate = (v: RuleInput) =>
  new AppError(409, MSG.seqRuleDuplicate, {
    params: { docType: v.doc_type, officeCode: v.office_code ?? '' },
    details: [
      {
        field: 'office_code',
        msgKey: MSG.seqRuleDuplicate,
        params: { docType: v.doc_type, officeCode: v.office_code ?? '' },
      },
    ],
  });

/** The unique index hit by a concurrent save becomes the same answer as the pre-check. */
function mapUniqueViolation(e: unknown, v: RuleInput): never {
  if (uniqueConstraintOf(e) === 'mst_seq_rules_doc_office_uq') throw duplicate(v);
  throw e;
}

/** Where each rule stands now: its current period and the running number the next allocation gets. */
async function currentState(db: DbOrTx, rows: SequenceRuleRow[], at: Date) {
  const wanted = rows.map((r) => ({
    id: r.mst_seq_rule_id,
    periodKey: seqPeriodKey(r.reset_period as TSeqResetPeriod, at),
  }));
  const counters = await repo.counters(db, wanted);
  const free = await repo.lowestFree(db, wanted);
  return rows.map((r, i) => {
    const c = counters.find(
      (x) => x.mst_seq_rule_id === r.mst_seq_rule_id && x.period_key === wanted[i].periodKey,
    );
    // A free number (takeConcurrent) goes before the counter's next.
    const f = free.find((x) => x.id === r.mst_seq_rule_id && x.periodKey === wanted[i].periodKey);
    return { periodKey: wanted[i].periodKey, nextNumber: f?.lowest ?? c?.next_number ?? r.start_number, at };
  });
}

/** What allocateNumber answers: the formatted number and where it came from. */
export interface AllocatedNumber {
  /** The document number, e.g. SOHKG260500001. */
  number: string;
  mst_seq_rule_id: number;
  period_key: string;
  running_number: number;
}

/**
 * A unique stand-in for a document number, for a row written before its number is taken. The counter row
 * stays locked from allocateNumber to the commit (that keeps numbers gap-free), so every save under the same
 * rule and period waits for it: a creating transaction writes its rows with this stand-in, takes the number
 * as late as possible and then sets it, holding the lock for those last statements and the commit only
 * (issue 20, docs/decisions.md "Write path"). Never committed: the same transaction replaces it.
 */
export const provisionalNumber = () => `~${randomUUID()}`;

/**
 * Allocates the next document number for `docType` at `officeCode`, INSIDE the caller's transaction (the one
 * that creates the document). The office's own active rule wins over the generic one; no rule answers 422
 * msgSeqRuleNotFound. Numbers are gap-free per rule and period: concurrent callers wait on the counter row,
 * and a rolled-back transaction gives its number back.
 */
export async function allocateNumber(
  tx: DbOrTx,
  o: { docType: string; officeCode: string | null; at?: Date; inUse?: NumberInUse },
): Promise<AllocatedNumber> {
  return (await prepareNumber(tx, o))();
}

/**
 * Whether a formatted number is already used by a document of its kind that the sequence did not number (imported
 * with numbers in the running period's range, or a counter set back): the caller's own lookup (its table, its
 * transaction).
 */
export type NumberInUse = (number: string) => Promise<boolean>;

/**
 * Numbers already in use an allocation skips before it refuses (409 msgSeqNumberInUse). A skipped number stays
 * taken: it is in use, so the sequence has no gap there. A longer run of them is for an administrator (the rule's
 * prefix), not for every creation to walk (docs/decisions.md "A number already in use is skipped").
 */
export const SEQ_NUMBER_SKIPS_MAX = 200;

/** The refusal when SEQ_NUMBER_SKIPS_MAX numbers in a row were in use; `number`: the last one tried. */
export const numbersInUse = (number: string) => new AppError(409, MSG.seqNumberInUse, { params: { number } });

/**
 * allocateNumber in two steps: finds the rule now (422 msgSeqRuleNotFound before anything is written) and
 * answers the function that takes the number, to call as late as possible (provisionalNumber): from that
 * call to the commit the counter row is locked, so the fewer statements after it the better.
 */
export async function prepareNumber(
  tx: DbOrTx,
  {
    docType,
    officeCode,
    at = new Date(),
    concurrent = false,
    inUse,
  }: {
    docType: string;
    officeCode: string | null;
    at?: Date;
    /** Take from the free numbers (takeConcurrent): creations never wait for each other. */
    concurrent?: boolean;
    /** Skips numbers this says are in use (NumberInUse), up to SEQ_NUMBER_SKIPS_MAX. */
    inUse?: NumberInUse;
  },
): Promise<() => Promise<AllocatedNumber>> {
  const office = officeCode?.trim().toUpperCase() || null;
  const rule = await repo.applicable(tx, docType, office);
  if (!rule) {
    throw new AppError(422, MSG.seqRuleNotFound, { params: { docType, officeCode: office ?? '' } });
  }
  const periodKey = seqPeriodKey(rule.reset_period as TSeqResetPeriod, at);
  const take = async (): Promise<AllocatedNumber> => {
    const running = concurrent
      ? await takeConcurrent(tx, rule.mst_seq_rule_id, periodKey, rule.start_number)
      : await repo.takeNext(tx, rule.mst_seq_rule_id, periodKey, rule.start_number);
    return {
      number: formatSequenceNumber(ruleFormat(rule), { officeCode: office, at, number: running }),
      mst_seq_rule_id: rule.mst_seq_rule_id,
      period_key: periodKey,
      running_number: running,
    };
  };
  if (!inUse) return take;
  return async () => {
    for (let skipped = 0; ; skipped++) {
      const n = await take();
      if (!(await inUse(n.number))) return n;
      if (skipped + 1 >= SEQ_NUMBER_SKIPS_MAX) throw numbersInUse(n.number);
    }
  };
}

/** How many numbers a creation that found none free, or a top-up, allocates at once. */
export const FREE_NUMBER_BLOCK = 64;
/** A top-up after a creation keeps at least this many numbers free, so the next burst finds them. */
export const FREE_NUMBER_LOW = 64;

/**
 * After a creation committed (not in its transaction): keeps FREE_NUMBER_LOW numbers of its rule and period
 * free, so creations of a burst take free numbers and never lock the counter (takeConcurrent's fallback).
 * One statement (it locks the counter, moves it and adds the numbers), run on its own: a statement outside a
 * transaction is one, so no begin and commit round trips around it (two of a creation's statements, issue 40,
 * session 58). Idempotent; a failure only means the next creation may lock the counter.
 */
export async function topUpFreeNumbers(db: Db, n: Pick<AllocatedNumber, 'mst_seq_rule_id' | 'period_key'>) {
  return repo.topUpFree(db, n.mst_seq_rule_id, n.period_key, FREE_NUMBER_LOW, FREE_NUMBER_BLOCK);
}

/**
 * A running number without a queue (issue 40, docs/decisions.md "Numbers without a queue"): the lowest free
 * number no other transaction is taking; when none is free, the counter is locked (creations that found none
 * wait for each other only here, one block in FREE_NUMBER_BLOCK), free numbers allocated meanwhile by the one
 * before are looked for again, and else the next block is allocated. Unique always; without gaps in the end:
 * a rolled-back creation puts its number back and the next creation takes the lowest, so for a moment (between
 * a failed save and the next creation of that rule and period) a later number may exist before an earlier one.
 */
async function takeConcurrent(tx: DbOrTx, ruleId: number, periodKey: string, start: number) {
  const free = await repo.takeFree(tx, ruleId, periodKey);
  if (free !== undefined) return free;
  const next = await repo.lockCounter(tx, ruleId, periodKey, start);
  // Whoever held the counter before may have committed a block meanwhile (a new snapshot per statement).
  const meanwhile = await repo.takeFree(tx, ruleId, periodKey);
  if (meanwhile !== undefined) return meanwhile;
  await repo.allocateBlock(tx, ruleId, periodKey, next, FREE_NUMBER_BLOCK);
  return next;
}

/** Create and update with version check and history (one rule per document type and office). */
const versioned = versionedRecord({
  entityType: SEQUENCE_RULE_ENTITY,
  repo,
  idOf: (r) => r.mst_seq_rule_id,
  editable: EDITABLE,
  statusOf: (r) => r.status,
  check: async (tx, v: RuleInput, id) => {
    if (await repo.sameScope(tx, v.doc_type, v.office_code, id)) throw duplicate(v);
  },
  onError: mapUniqueViolation,
});

/** Sequence rule maintenance (/BMS/Admin/SEQ). */
export const sequenceService = {
  async list(db: Db, query: TSequenceRuleListQuery, at = new Date()) {
    const page = await repo.page(db, query);
    const state = await currentState(db, page.rows, at);
    return { ...page, rows: page.rows.map((r, i) => ({ row: r, now: state[i] })) };
  },

  async get(db: Db, id: number, at = new Date()) {
    const row = await repo.byId(db, id);
    if (!row) throw notFound();
    const [now] = await currentState(db, [row], at);
    return { row, now, counters: await repo.recentCounters(db, id, RECENT_COUNTERS) };
  },

  /** Rows for an export, refused beyond MAX_EXPORT_ROWS. */
  async exportRows(db: Db, query: TSequenceRuleListQuery, at = new Date()) {
    const rows = await repo.all(db, query, MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    const state = await currentState(db, rows, at);
    return rows.map((r, i) => ({ row: r, now: state[i] }));
  },

  history: (db: Db, id: number) => listHistory(db, SEQUENCE_RULE_ENTITY, id),

  ...versioned,
};
