import { describe, expect, it } from 'vitest';
import type { Actor } from '../access/access';
import type { Db, DbOrTx } from '../db/client';
import { versionedRecord } from './versioned-record';

/** One stored record, the history entries written and a stand-in database whose transaction runs at once. */
function stand() {
  const rows = new Map<number, Row>();
  const history: Record<string, unknown>[] = [];
  // recordHistory runs its insert rendered once and prepared (client.ts runRendered): the stand-in answers
  // `prepare` as Drizzle does, and its `execute` fills the placeholders (a value not filled was written as SQL
  // null). runRendered keeps the first rendering (for stand-ins without a dialect: this file's first stand's) and
  // runs it on each call's `session.client`: that is where this stand's history is.
  const tx = {
    session: { client: history },
    insert: () => ({
      values: (v: Record<string, unknown>) => ({
        prepare: () => ({
          queryString: 'insert into status_history',
          rawQueryConfig: {},
          queryConfig: {},
          async execute(this: { client: Record<string, unknown>[] }, fill: Record<string, unknown>) {
            this.client.push(Object.fromEntries(Object.keys(v).map((k) => [k, k in fill ? fill[k] : null])));
          },
        }),
      }),
    }),
  };
  const db = { transaction: (fn: (t: DbOrTx) => unknown) => fn(tx as unknown as DbOrTx) } as unknown as Db;
  const repo = {
    byId: async (_: DbOrTx, id: number) => rows.get(id),
    insert: async (_: DbOrTx, v: Values & { created_by: string; updated_by: string }) => {
      const row = { id: rows.size + 1, version: 1, ...v };
      rows.set(row.id, row);
      return row;
    },
    updateIfVersion: async (_: DbOrTx, id: number, version: number, v: Values & { updated_by: string }) => {
      const row = rows.get(id);
      if (row?.version !== version) return undefined;
      const next = { ...row, ...v, version: version + 1 };
      rows.set(id, next);
      return next;
    },
  };
  /** The spec every case starts from. */
  const base = { entityType: 'thing', repo, idOf: (r: Row) => r.id, editable: ['name', 'rate'] as const };
  return { rows, history, db, base };
}
interface Values extends Record<string, unknown> {
  name: string;
  rate: string;
}
type Row = Values & { id: number; version: number; created_by: string; updated_by: string };

const actor = { user_uid: 'u1', login_id: 'ann', first_name: 'Ann', last_name: 'Lee' } as Actor;

describe('versionedRecord', () => {
  it('stamps the login id, records no changes on create and nothing for an unchanged save', async () => {
    const { db, base, history } = stand();
    const v = versionedRecord(base);
    const row = await v.create({ db, input: { name: 'A', rate: '1.50' }, actor });
    expect(row).toMatchObject({ created_by: 'ann', updated_by: 'ann' });
    await v.update({ db, id: row.id, input: { name: 'A', rate: '1.5', version: 1 }, actor });
    expect(history.map((h) => [h.action, h.changes])).toEqual([['create', null]]);
    await expect(
      v.update({ db, id: row.id, input: { name: 'B', rate: '1', version: 1 }, actor }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  it('stampOf names the stamp, createdValues fills the create entry, recordUnchanged records every save', async () => {
    const { db, base, history } = stand();
    const v = versionedRecord({
      ...base,
      stampOf: (a) => `${a.first_name} ${a.last_name}`,
      createdValues: (r) => ({ name: r.name, rate: r.rate }),
      recordUnchanged: true,
      answer: (_tx, r, values) => ({ id: r.id, by: r.updated_by, saved: values.name }),
    });
    const made = await v.create({ db, input: { name: 'A', rate: '' }, actor });
    expect(made).toEqual({ id: 1, by: 'Ann Lee', saved: 'A' });
    await v.update({ db, id: 1, input: { name: 'A', rate: '', version: 1 }, actor });
    await v.update({ db, id: 1, input: { name: 'B', rate: '', version: 2 }, actor });
    expect(history.map((h) => [h.action, h.changes])).toEqual([
      ['create', { name: { from: null, to: 'A' } }],
      ['update', null],
      ['update', { name: { from: 'A', to: 'B' } }],
    ]);
  });

  it('guard refuses the stored row before the version check; children rows are compared row by row', async () => {
    const { db, base, history } = stand();
    const kids = new Map<number, { code: string; qty: number }[]>();
    const v = versionedRecord({
      ...base,
      editable: ['name'],
      guard: (before, a) => {
        if (before.created_by !== a.login_id) throw new Error('not the owner');
      },
      children: {
        rows: { lines: ['code', 'qty'] },
        write: async (_tx, id, values) => {
          kids.set(
            id,
            values.rate.split(',').map((code, i) => ({ code, qty: i + 1 })),
          );
        },
        read: async (_tx, id) => ({ lines: kids.get(id) ?? [] }),
      },
    });
    await v.create({ db, input: { name: 'A', rate: 'X,Y' }, actor });
    const other = { ...actor, login_id: 'bob' };
    await expect(
      v.update({ db, id: 1, input: { name: 'A', rate: 'X', version: 9 }, actor: other }),
    ).rejects.toThrow('not the owner');
    await v.update({ db, id: 1, input: { name: 'B', rate: 'Z', version: 1 }, actor });
    expect(history.map((h) => [h.action, h.changes])).toEqual([
      ['create', null],
      [
        'update',
        {
          name: { from: 'A', to: 'B' },
          'lines.0.code': { from: 'X', to: 'Z' },
          'lines.1.code': { from: 'Y', to: null },
          'lines.1.qty': { from: 2, to: null },
        },
      ],
    ]);
  });

  it('hands what check answers to children.write; children without read are saved but not recorded', async () => {
    const { db, base, history } = stand();
    const written: [number, string][] = [];
    const v = versionedRecord({
      ...base,
      check: async (_tx, values: Values) => values.rate.toUpperCase(),
      children: {
        write: async (_tx, id, _values, checked: string) => {
          written.push([id, checked]);
        },
      },
    });
    await v.create({ db, input: { name: 'A', rate: 'x' }, actor });
    await v.update({ db, id: 1, input: { name: 'A', rate: 'y', version: 1 }, actor });
    expect(written).toEqual([
      [1, 'X'],
      [1, 'Y'],
    ]);
    expect(history.map((h) => [h.action, h.changes])).toEqual([
      ['create', null],
      ['update', { rate: { from: 'x', to: 'y' } }],
    ]);
  });

  it('compare gives the shape the history compares (the row as presented, children as text)', async () => {
    const { db, base, history } = stand();
    const v = versionedRecord({
      ...base,
      editable: ['name'],
      children: {
        fields: ['codes'],
        write: async () => {},
        read: async () => ({ codes: ['A', 'B'] }),
      },
      compare: (row, kids) => ({ name: row.name.toUpperCase(), codes: (kids.codes as string[]).join(' ') }),
    });
    await v.create({ db, input: { name: 'a', rate: '1' }, actor });
    await v.update({ db, id: 1, input: { name: 'A', rate: '2', version: 1 }, actor });
    await v.update({ db, id: 1, input: { name: 'b', rate: '2', version: 2 }, actor });
    expect(history.map((h) => [h.action, h.changes])).toEqual([
      ['create', null],
      ['update', { name: { from: 'A', to: 'B' } }],
    ]);
  });
});
