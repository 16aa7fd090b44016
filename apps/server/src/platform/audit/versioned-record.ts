import { type Actor, actorName } from '../access/access';
import type { Db, DbOrTx } from '../db/client';
import { conflict, notFound } from '../errors/app-error';
import { diffFields, diffRows, type FieldChanges, recordHistory } from './history';

/** The acting user as the status history records it. */
export const historyActor = (actor: Actor) => ({ uid: actor.user_uid, name: actorName(actor) });

/** Who wrote a row (the audit columns a create fills). */
interface CreatedStamp {
  created_by: string;
  updated_by: string;
}

/**
 * The repository calls a versioned record needs (each master-data repository has them). `insert` answers
 * `Inserted` and `updateIfVersion` `Updated`: the stored row (or undefined) for versionedRecord itself.
 */
export interface VersionedRepository<
  Row,
  Values,
  Id extends string | number = number,
  Inserted = Row,
  Updated = Row | undefined,
> {
  byId(db: DbOrTx, id: Id, forUpdate?: boolean): Promise<Row | undefined>;
  insert(db: DbOrTx, values: Values & CreatedStamp): Promise<Inserted>;
  /** Updates only while the stored version is `version` (and raises it); undefined otherwise. */
  updateIfVersion(
    db: DbOrTx,
    id: Id,
    version: number,
    values: Values & { updated_by: string },
  ): Promise<Updated>;
}

/**
 * A versioned repository whose stored row is a joined read (a rate or sailing with its carrier's name):
 * `insert` answers the new id and `updateIfVersion` whether it wrote, and the row is then read again with
 * `byId` inside the same transaction.
 */
export function rereadRepository<Row, Values, Id extends string | number = number>(
  r: VersionedRepository<Row, Values, Id, Id, unknown>,
): VersionedRepository<Row, Values, Id> {
  const reread = async (db: DbOrTx, id: Id) => {
    const row = await r.byId(db, id);
    if (!row) throw notFound();
    return row;
  };
  return {
    byId: r.byId,
    insert: async (db, values) => reread(db, await r.insert(db, values)),
    updateIfVersion: async (db, id, version, values) =>
      (await r.updateIfVersion(db, id, version, values)) ? reread(db, id) : undefined,
  };
}

export interface VersionedRecordSpec<
  Row,
  Values,
  Id extends string | number = number,
  Answer = Row,
  Checked = void,
> {
  /** Entity type of the status-history entries. */
  entityType: string;
  repo: VersionedRepository<Row, Values, Id>;
  /** The stored row's id (the history's entity id). */
  idOf: (row: Row) => Id;
  /** Fields whose changes an update records. */
  editable: readonly (keyof Row & keyof Values & string)[];
  /** The row's status for the history; leave out for records without one. */
  statusOf?: (row: Row) => string | null;
  /**
   * Refuses the stored row to this actor (e.g. an edit by someone who is not its owner), right after it is
   * loaded for an update and before the version check; throw to refuse.
   */
  guard?: (before: Row, actor: Actor) => void;
  /**
   * Rules checked inside the transaction before writing (duplicates, references); throw to refuse.
   * `id` is the record being updated, undefined on create. What it answers (e.g. the codes it resolved to
   * ids) is handed to `children.write`.
   */
  check?: (tx: DbOrTx, values: Values, id?: Id) => Promise<Checked>;
  /** Turns a database error (a unique index hit by a concurrent write) into the same answer as `check`. */
  onError?: (e: unknown, values: Values) => never;
  /**
   * What create and update answer, read inside their transaction from the row written (e.g. with names joined
   * in the caller's language) and the values saved; the row itself when left out.
   */
  answer?: (tx: DbOrTx, row: Row, values: Values) => Promise<Answer> | Answer;
  /** The name the created_by / updated_by columns store for the actor; the login id when left out. */
  stampOf?: (actor: Actor) => string;
  /**
   * The values a create records in its history entry, as changes from nothing (e.g. the tracked fields of the
   * written row); the create entry has no changes when left out.
   */
  createdValues?: (row: Row, values: Values) => Record<string, unknown>;
  /**
   * The record as its history compares it, from a stored row and its children's `read` (e.g. the row as the
   * API presents it, with its child rows as one text); the row with the children's fields beside it when left out.
   */
  compare?: (row: Row, children: Record<string, unknown>) => Record<string, unknown>;
  /** An update records its entry even when no field changed (a save is an event of its own); off by default. */
  recordUnchanged?: boolean;
  /**
   * Child rows saved with the record (a group's members, a rate's containers): `write` makes them what the
   * values say after the record is written; `read` gives their comparable text per field in `fields`, which an
   * update records in the history beside the record's own `editable` fields (read before and after the write),
   * and their lists of rows per field in `rows`, compared row by row on the columns named there
   * (`diffRows`: `rules.0.rate`). Without `read` the children are saved but not recorded.
   */
  children?: {
    fields?: readonly string[];
    rows?: Record<string, readonly string[]>;
    write: (tx: DbOrTx, id: Id, values: Values, checked: Checked) => Promise<void>;
    read?: (tx: DbOrTx, id: Id) => Promise<Record<string, unknown>>;
  };
}

type ChildRows = readonly Record<string, unknown>[];
/** The row-by-row changes of the children's lists of rows (`rows`: field → compared columns). */
const rowChanges = (
  rows: Record<string, readonly string[]>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldChanges =>
  Object.assign(
    {},
    ...Object.entries(rows).map(([field, columns]) =>
      diffRows(field, (before[field] ?? []) as ChildRows, (after[field] ?? []) as ChildRows, columns),
    ),
  );

/**
 * Create and update-with-history of a master-data record with optimistic concurrency (ARCHITECTURE "Data"):
 * create checks, inserts with created_by/updated_by (`stampOf`), saves the children and records `create`
 * (with `createdValues`); update loads the row locked (404 when missing), lets `guard` refuse it to the actor,
 * refuses an edit made on an older version (409 msgRecordNotLatest), checks, writes with version + 1 and
 * updated_by, saves the children, and records `update` with the changed editable fields and children (nothing
 * when none changed, unless `recordUnchanged`). Both run in one transaction, and a unique violation goes
 * through `onError`. They answer `answer`'s reading of the written row (inside the transaction), or the row.
 */
export function versionedRecord<
  Row extends { version: number },
  Values extends Record<string, unknown>,
  Id extends string | number = number,
  Answer = Row,
  Checked = void,
>(spec: VersionedRecordSpec<Row, Values, Id, Answer, Checked>) {
  const { repo, entityType, statusOf } = spec;
  const compared = (row: Row, kids: Record<string, unknown>) =>
    spec.compare ? spec.compare(row, kids) : { ...(row as Record<string, unknown>), ...kids };
  const stamp = (actor: Actor) => (spec.stampOf ? spec.stampOf(actor) : actor.login_id);
  const fail = (values: Values) => (e: unknown) =>
    spec.onError ? spec.onError(e, values) : Promise.reject(e);
  const answer = (tx: DbOrTx, row: Row, values: Values): Promise<Answer> | Answer =>
    spec.answer ? spec.answer(tx, row, values) : (row as unknown as Answer);
  return {
    create({ db, input, actor }: { db: Db; input: Values; actor: Actor }): Promise<Answer> {
      return db
        .transaction(async (tx) => {
          const checked = (await spec.check?.(tx, input)) as Checked;
          const row = await repo.insert(tx, {
            ...input,
            created_by: stamp(actor),
            updated_by: stamp(actor),
          });
          await spec.children?.write(tx, spec.idOf(row), input, checked);
          await recordHistory(tx, {
            entityType,
            entityId: spec.idOf(row),
            action: 'create',
            toStatus: statusOf?.(row),
            changes: spec.createdValues ? diffFields(null, spec.createdValues(row, input)) : undefined,
            actor: historyActor(actor),
          });
          return answer(tx, row, input);
        })
        .catch(fail(input));
    },

    /** Saves an edit made on `input.version`; a newer stored version answers "record not latest". */
    update({
      db,
      id,
      input,
      actor,
    }: {
      db: Db;
      id: Id;
      input: Values & { version: number };
      actor: Actor;
    }): Promise<Answer> {
      const { version, ...rest } = input;
      const values = rest as unknown as Values;
      return db
        .transaction(async (tx) => {
          const before = await repo.byId(tx, id, true);
          if (!before) throw notFound();
          spec.guard?.(before, actor);
          if (before.version !== version) throw conflict();
          const checked = (await spec.check?.(tx, values, id)) as Checked;
          const kids = spec.children;
          const readKids = async () => (kids?.read ? kids.read(tx, id) : {});
          const kidsBefore = await readKids();
          const row = await repo.updateIfVersion(tx, id, version, { ...values, updated_by: stamp(actor) });
          if (!row) throw conflict();
          if (kids) await kids.write(tx, id, values, checked);
          const kidsAfter = await readKids();
          // The stored row (and its children) before against the row the update returned (and the children now).
          const changes = {
            ...diffFields<string>(compared(before, kidsBefore), compared(row, kidsAfter), [
              ...spec.editable,
              ...(kids?.fields ?? []),
            ]),
            ...rowChanges(kids?.rows ?? {}, kidsBefore, kidsAfter),
          };
          if (spec.recordUnchanged || Object.keys(changes).length) {
            await recordHistory(tx, {
              entityType,
              entityId: id,
              action: 'update',
              fromStatus: statusOf?.(before),
              toStatus: statusOf?.(row),
              changes,
              actor: historyActor(actor),
            });
          }
          return answer(tx, row, values);
        })
        .catch(fail(values));
    },
  };
}
