import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { createDb, type Db } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import {
  allocateNumber,
  FREE_NUMBER_BLOCK,
  prepareNumber,
  SEQ_NUMBER_SKIPS_MAX,
  topUpFreeNumbers,
} from './sequence.service';
import { mstSeqRules } from './sequence.tables';

let t: TestApp;
let admin: Record<string, string>;
let supervisor: Record<string, string>;
let ops: Record<string, string>;
let shipper: Record<string, string>;

const valid = (over: Record<string, unknown> = {}) => ({
  doc_type: 'MBL',
  office_code: 'HKG',
  description: 'Master BLs of Hong Kong',
  prefix: 'mb',
  include_office: true,
  date_format: 'YYMM',
  separator: '-',
  seq_width: 4,
  reset_period: 'MONTHLY',
  start_number: 1,
  status: 'A',
  ...over,
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers = supervisor, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

/** A rule straight in the table, for allocation tests with a document type of their own. */
async function rule(db: Db, over: Partial<typeof mstSeqRules.$inferInsert> & { doc_type: string }) {
  const [row] = await db
    .insert(mstSeqRules)
    .values({
      prefix: 'T',
      include_office: false,
      date_format: 'NONE',
      separator: '',
      seq_width: 5,
      reset_period: 'NEVER',
      start_number: 1,
      status: 'A',
      ...over,
    })
    .returning();
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
  supervisor = bearer(await sessionToken(t, 'supervisor@demo.test'));
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
});
afterAll(() => t.close());

describe('sequence rule access', () => {
  it('lets seq_base holders and administrators in, and refuses everyone else', async () => {
    expect((await api('GET', '/SequenceRule', supervisor)).statusCode).toBe(200);
    expect((await api('GET', '/SequenceRule', admin)).statusCode).toBe(200);
    for (const who of [ops, shipper]) {
      expect((await api('GET', '/SequenceRule', who)).statusCode).toBe(403);
      expect((await api('POST', '/SequenceRule', who, valid())).statusCode).toBe(403);
      expect((await api('GET', '/SequenceRule/1', who)).statusCode).toBe(403);
      expect((await api('GET', '/SequenceRule/export', who)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/SequenceRule' })).statusCode).toBe(401);
  });
});

describe('sequence rule maintenance', () => {
  it('lists the seeded default rules with a preview of the next number', async () => {
    const res = await api('GET', '/SequenceRule?pageSize=50');
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as { doc_type: string; office_code: string | null; preview: string }[];
    expect(rows.map((r) => r.doc_type).sort()).toEqual([
      'CONSOL',
      'HBL',
      'INVOICE_AP',
      'INVOICE_AR',
      'JOB',
      'MBL',
      'SO',
    ]);
    const so = rows.find((r) => r.doc_type === 'SO');
    expect(so?.office_code).toBeNull();
    expect(so?.preview).toMatch(/^SOHKG\d{4}00001$/);
  });

  it('creates a rule, uppercasing prefix and office, shows its preview and records the history', async () => {
    const res = await api('POST', '/SequenceRule', supervisor, valid({ office_code: 'hkg' }));
    expect(res.statusCode).toBe(201);
    const r = res.json();
    // The create answers the detail the screen shows next (GET and PUT answer the same shape).
    expect(r).toMatchObject({ prefix: 'MB', office_code: 'HKG', next_number: 1, version: 1, counters: [] });
    expect(r.preview).toMatch(/^MB-HKG-\d{4}-0001$/);
    const detail = await api('GET', `/SequenceRule/${r.mst_seq_rule_id}`);
    expect(detail.json()).toMatchObject({ counters: [], preview: r.preview });
    const h = await api('GET', `/SequenceRule/${r.mst_seq_rule_id}/history`);
    expect(h.json()[0]).toMatchObject({ action: 'create', to_status: 'A' });
  });

  it('refuses a second rule for the same document type and office, also for the generic scope', async () => {
    const dup = await api('POST', '/SequenceRule', supervisor, valid());
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ msgKey: 'msgSeqRuleDuplicate', details: [{ field: 'office_code' }] });
    const generic = await api(
      'POST',
      '/SequenceRule',
      supervisor,
      valid({ doc_type: 'SO', office_code: null }),
    );
    expect(generic.statusCode).toBe(409);
    const other = await api('POST', '/SequenceRule', supervisor, valid({ office_code: 'SZX' }));
    expect(other.statusCode).toBe(201);
  });

  it('answers each broken field with its message key', async () => {
    const res = await api(
      'POST',
      '/SequenceRule',
      supervisor,
      valid({ doc_type: 'XX', prefix: 'S-O', seq_width: 2, start_number: 0, reset_period: 'DAILY' }),
    );
    expect(res.statusCode).toBe(400);
    const details = res.json().details as { field: string; msgKey: string }[];
    const byField = Object.fromEntries(details.map((d) => [d.field, d.msgKey]));
    expect(byField).toMatchObject({
      doc_type: 'msgFieldRequired',
      prefix: 'msgSeqPrefixInvalid',
      seq_width: 'msgSeqWidthRange',
      start_number: 'msgSeqStartNumberRange',
      reset_period: 'msgFieldRequired',
    });
    const wide = await api('POST', '/SequenceRule', supervisor, valid({ seq_width: 11, office_code: 'SHA' }));
    expect(wide.json().details[0]).toMatchObject({ field: 'seq_width', msgKey: 'msgSeqWidthRange' });
  });

  it('saves an edit on the latest version, answers 409 on a stale one and records what changed', async () => {
    const created = (await api('POST', '/SequenceRule', supervisor, valid({ office_code: 'NGB' }))).json();
    const { mst_seq_rule_id: id, version } = created;
    const body = { ...valid({ office_code: 'NGB' }), seq_width: 6, version };
    const saved = await api('PUT', `/SequenceRule/${id}`, supervisor, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ seq_width: 6, version: version + 1 });
    const stale = await api('PUT', `/SequenceRule/${id}`, supervisor, { ...body, seq_width: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msgKey).toBe('msgRecordNotLatest');
    const h = (await api('GET', `/SequenceRule/${id}/history`)).json();
    expect(h[0]).toMatchObject({ action: 'update', changes: { seq_width: { from: 4, to: 6 } } });
    expect((await api('GET', '/SequenceRule/999999')).statusCode).toBe(404);
  });

  it('filters by document type and exports the list as a workbook in the chosen language', async () => {
    const list = (await api('GET', '/SequenceRule?doc_type=INVOICE_AR')).json();
    expect(list.rows).toHaveLength(1);
    const res = await api('GET', '/SequenceRule/export?doc_type=INVOICE_AR&lang=zh-CN');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="sequence-rules-.*\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('文件类型');
    expect(sheet.getRow(2).getCell(1).value).toBe('INVOICE_AR');
    expect(sheet.rowCount).toBe(2);
  });
});

describe('allocateNumber', () => {
  it('gives 200 concurrent allocations, each in its own transaction, 200 distinct consecutive numbers', async () => {
    const { rows } = await t.db.execute<{ db: string }>(sql`select current_database() as db`);
    const url = inject('adminDbUrl').replace(/\/[^/]*$/, `/${rows[0].db}`);
    const { db, pool } = createDb(url, 12);
    try {
      await rule(t.db, { doc_type: 'T_CONC', prefix: 'C', seq_width: 4 });
      const numbers = await Promise.all(
        Array.from({ length: 200 }, () =>
          db.transaction(async (tx) => {
            const n = await allocateNumber(tx, { docType: 'T_CONC', officeCode: 'HKG' });
            // Hold the transaction open a moment so the allocations really overlap.
            await tx.execute(sql`select pg_sleep(0.002)`);
            return n.number;
          }),
        ),
      );
      expect(new Set(numbers).size).toBe(200);
      expect([...numbers].sort()).toEqual(
        Array.from({ length: 200 }, (_, i) => `C${String(i + 1).padStart(4, '0')}`),
      );
    } finally {
      await pool.end();
    }
  });

  it('gives 50 concurrent creators free numbers without waiting for each other: unique, and no gap once the failed ones are taken again', async () => {
    const { rows } = await t.db.execute<{ db: string }>(sql`select current_database() as db`);
    const url = inject('adminDbUrl').replace(/\/[^/]*$/, `/${rows[0].db}`);
    const { db, pool } = createDb(url, 55);
    const take = (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) =>
      prepareNumber(tx, { docType: 'T_FREE', officeCode: null, concurrent: true }).then((f) => f());
    try {
      await rule(t.db, { doc_type: 'T_FREE', prefix: 'F', seq_width: 4 });
      // The first creation of the period allocates a block; a top-up keeps the next ones ready.
      const first = await db.transaction(take);
      expect(first.number).toBe('F0001');
      expect(await topUpFreeNumbers(db, first)).toBe(FREE_NUMBER_BLOCK);
      expect(await topUpFreeNumbers(db, first)).toBe(0);
      // 50 creators each take a number and then wait until ALL 50 hold theirs before they end: were taking a
      // number to wait for another creator's commit (the counter row's queue), none could get past the barrier.
      // Every 7th fails after taking it (its transaction rolls back).
      const n = 50;
      // The 50 connections opened first, one at a time: 50 PostgreSQL backends started at once on a loaded
      // machine took longer than the connect timeout (2 s), which failed the test for a reason it does not test.
      const held: pg.PoolClient[] = [];
      for (let k = 0; k < n; k++) held.push(await pool.connect());
      for (const c of held) c.release();
      let arrived = 0;
      let open = () => {};
      const barrier = new Promise<void>((r) => {
        open = r;
      });
      const outcomes = await Promise.allSettled(
        Array.from({ length: n }, (_, i) =>
          db.transaction(async (tx) => {
            const got = await take(tx);
            if (++arrived === n) open();
            await Promise.race([
              barrier,
              new Promise((_, reject) =>
                setTimeout(() => reject(new Error('a creator waited for another')), 20_000),
              ),
            ]);
            if (i % 7 === 3) throw new Error('document failed');
            return got.running_number;
          }),
        ),
      );
      const used = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      const failed = outcomes.filter((o) => o.status === 'rejected');
      expect(failed.map((o) => (o as PromiseRejectedResult).reason.message)).toEqual(
        failed.map(() => 'document failed'),
      );
      expect(used).toHaveLength(n - failed.length);
      expect(new Set(used).size).toBe(used.length);
      // The failed creators' numbers went back: the next creations take them, lowest first.
      const after: number[] = [];
      for (let k = 0; k < failed.length; k++) after.push((await db.transaction(take)).running_number);
      const all = [1, ...used, ...after].sort((a, b) => a - b);
      expect(all).toEqual(Array.from({ length: n + 1 }, (_, i) => i + 1));
    } finally {
      await pool.end();
    }
  }, 90_000);

  it('leaves no gap when the creating transaction rolls back', async () => {
    await rule(t.db, { doc_type: 'T_ROLL', prefix: 'R', seq_width: 3 });
    const first = await t.db.transaction((tx) => allocateNumber(tx, { docType: 'T_ROLL', officeCode: null }));
    await expect(
      t.db.transaction(async (tx) => {
        await allocateNumber(tx, { docType: 'T_ROLL', officeCode: null });
        throw new Error('document failed');
      }),
    ).rejects.toThrow('document failed');
    const next = await t.db.transaction((tx) => allocateNumber(tx, { docType: 'T_ROLL', officeCode: null }));
    expect([first.number, next.number]).toEqual(['R001', 'R002']);
  });

  it('skips numbers already in use (counted as taken: no gap), and refuses a run of them too long', async () => {
    await rule(t.db, { doc_type: 'T_INUSE', prefix: 'U', seq_width: 4 });
    // Documents numbered outside the sequence (imported) hold U0002 and U0003.
    const imported = new Set(['U0002', 'U0003']);
    const inUse = async (n: string) => imported.has(n);
    const alloc = () =>
      t.db.transaction((tx) => allocateNumber(tx, { docType: 'T_INUSE', officeCode: null, inUse }));
    expect((await alloc()).number).toBe('U0001');
    expect(await alloc()).toMatchObject({ number: 'U0004', running_number: 4 });
    expect((await alloc()).number).toBe('U0005');
    // Everything in use: a 409 after SEQ_NUMBER_SKIPS_MAX tries, naming the last; its transaction rolls back, so
    // the next allocation starts where this one did.
    let asked = 0;
    const err = await t.db
      .transaction((tx) =>
        allocateNumber(tx, {
          docType: 'T_INUSE',
          officeCode: null,
          inUse: async () => {
            asked++;
            return true;
          },
        }),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      statusCode: 409,
      msgKey: 'msgSeqNumberInUse',
      extra: { params: { number: `U${String(5 + SEQ_NUMBER_SKIPS_MAX).padStart(4, '0')}` } },
    });
    expect(asked).toBe(SEQ_NUMBER_SKIPS_MAX);
    expect((await alloc()).number).toBe('U0006');
  });

  it('starts again each month for a monthly rule, on the Hong Kong calendar', async () => {
    await rule(t.db, {
      doc_type: 'T_MONTH',
      prefix: 'M',
      date_format: 'YYMM',
      reset_period: 'MONTHLY',
      seq_width: 3,
    });
    const at = (iso: string) =>
      allocateNumber(t.db, { docType: 'T_MONTH', officeCode: 'HKG', at: new Date(iso) });
    expect((await at('2026-01-15T02:00:00Z')).number).toBe('M2601001');
    expect((await at('2026-01-31T15:00:00Z')).number).toBe('M2601002');
    // 16:30 UTC on 31 January is already 1 February in Hong Kong.
    const feb = await at('2026-01-31T16:30:00Z');
    expect(feb).toMatchObject({ number: 'M2602001', period_key: '202602', running_number: 1 });
    expect((await at('2026-02-02T00:00:00Z')).number).toBe('M2602002');
  });

  it('starts again each year for a yearly rule and never for a rule without reset', async () => {
    await rule(t.db, {
      doc_type: 'T_YEAR',
      prefix: 'Y',
      date_format: 'YY',
      reset_period: 'YEARLY',
      start_number: 500,
    });
    await rule(t.db, {
      doc_type: 'T_NEVER',
      prefix: 'N',
      date_format: 'YYYY',
      reset_period: 'NEVER',
      seq_width: 3,
    });
    const y = (iso: string) =>
      allocateNumber(t.db, { docType: 'T_YEAR', officeCode: null, at: new Date(iso) });
    const n = (iso: string) =>
      allocateNumber(t.db, { docType: 'T_NEVER', officeCode: null, at: new Date(iso) });
    expect((await y('2026-06-01T00:00:00Z')).number).toBe('Y2600500');
    expect((await y('2026-12-01T00:00:00Z')).number).toBe('Y2600501');
    expect((await y('2027-01-05T00:00:00Z')).number).toBe('Y2700500');
    expect((await n('2026-06-01T00:00:00Z')).number).toBe('N2026001');
    expect((await n('2027-06-01T00:00:00Z')).number).toBe('N2027002');
  });

  it("uses the office's own rule before the generic one, and the generic one when the office's is inactive", async () => {
    await rule(t.db, { doc_type: 'T_OFF', prefix: 'G', include_office: true, separator: '-', seq_width: 3 });
    const own = await rule(t.db, { doc_type: 'T_OFF', office_code: 'SZX', prefix: 'S', seq_width: 3 });
    const alloc = (office: string) => allocateNumber(t.db, { docType: 'T_OFF', officeCode: office });
    expect((await alloc('SZX')).number).toBe('S001');
    expect((await alloc('hkg')).number).toBe('G-HKG-001');
    expect((await alloc('SHA')).number).toBe('G-SHA-002');
    await t.db.execute(
      sql`update mst_seq_rules set status = 'I' where mst_seq_rule_id = ${own.mst_seq_rule_id}`,
    );
    expect((await alloc('SZX')).number).toBe('G-SZX-003');
  });

  it('answers 422 msgSeqRuleNotFound naming the document type when no active rule exists', async () => {
    await rule(t.db, { doc_type: 'T_OFFONLY', office_code: 'SIN' });
    const err = await allocateNumber(t.db, { docType: 'T_OFFONLY', officeCode: 'HKG' }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      statusCode: 422,
      msgKey: 'msgSeqRuleNotFound',
      extra: { params: { docType: 'T_OFFONLY', officeCode: 'HKG' } },
    });
    await expect(allocateNumber(t.db, { docType: 'NOPE', officeCode: null })).rejects.toMatchObject({
      statusCode: 422,
    });
  });

  it('shows the counter of the current period and the next number on the rule after allocations', async () => {
    // The seeded generic MBL rule gives way to the one this test creates for the same scope.
    await t.db.execute(sql`delete from mst_seq_rules where doc_type = 'MBL' and office_code is null`);
    const created = (
      await api('POST', '/SequenceRule', supervisor, valid({ doc_type: 'MBL', office_code: null }))
    ).json();
    await allocateNumber(t.db, { docType: 'MBL', officeCode: 'SIN' });
    await allocateNumber(t.db, { docType: 'MBL', officeCode: 'SIN' });
    const d = (await api('GET', `/SequenceRule/${created.mst_seq_rule_id}`)).json();
    expect(d.next_number).toBe(3);
    expect(d.preview).toMatch(/^MB-HKG-\d{4}-0003$/);
    expect(d.counters).toEqual([
      expect.objectContaining({ period_key: d.current_period_key, next_number: 3 }),
    ]);
  });
});
