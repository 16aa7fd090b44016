import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { readingAmongEverything } from '../../platform/db/rendered-select.test-helpers';
import { apiOf } from './booking.fixture.test-helpers';
import { EXPORT_BATCH } from './booking-export.repository';

/**
 * The list export (issue 11): ids in list order first, then the exported columns in batches by primary key.
 * Every sheet row must be the list's row, in the list's order, across batch boundaries.
 */
let t: TestApp;
let ops: Record<string, string>;
let shipper: Record<string, string>;
let api: ReturnType<typeof apiOf>;

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
});
afterAll(() => t.close());

type Row = Record<string, string | null>;
const listRows = async (query: string, headers = ops, list = 'search_booking') => {
  const out: Row[] = [];
  let cursor: string | null = null;
  do {
    const res = await api(
      'GET',
      `/Booking/list/${list}?pageSize=100${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    out.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
};
const sheetRows = async (query: string, headers = ops) => {
  const res = await api('GET', `/Booking/list/search_booking/export?lang=en-US${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as string[]).slice(1);
  const rows: Record<string, unknown>[] = [];
  ws.eachRow((r, n) => {
    if (n === 1) return;
    const v = (r.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, v[i] ?? null])));
  });
  return rows;
};

describe('booking list export', () => {
  it('writes every row of the list in its order with its parties and containers, across batches', async () => {
    // More orders than one batch: copies of the seeded ones (same parties and lines as their originals).
    const { rows: n } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from shipping_orders`,
    );
    const copies = Math.ceil((EXPORT_BATCH + 50 - n[0].n) / n[0].n);
    for (let i = 0; i < copies; i++)
      await t.db.execute(sql`
        with src as (select * from shipping_orders where so_no not like 'X%'),
             ins as (insert into shipping_orders
                       select (json_populate_record(null::shipping_orders,
                                 (to_json(src)::jsonb || jsonb_build_object(
                                   'so_id', nextval(pg_get_serial_sequence('shipping_orders', 'so_id')),
                                   'so_no', ${`X${i}-`} || src.so_no, 'job_no', null, 'hbl_no', null))::json)).*
                         from src returning so_id, so_no)
        insert into so_containers (so_id, line_no, container_no, size_type)
          select ins.so_id, c.line_no, c.container_no, c.size_type from ins
            join shipping_orders o on o.so_no = substr(ins.so_no, length(${`X${i}-`}) + 1)
            join so_containers c on c.so_id = o.so_id`);
    const query = '&sort=etd&order=desc';
    const list = await listRows(query);
    expect(list.length).toBeGreaterThan(EXPORT_BATCH);
    const sheet = await sheetRows(query);
    expect(sheet.map((r) => r['SO#'])).toEqual(list.map((r) => r.so_no));
    for (const [i, r] of list.entries()) {
      const s = sheet[i];
      expect(s.Shipper ?? null, r.so_no ?? '').toBe(r.shipper_name);
      expect(s.Consignee ?? null, r.so_no ?? '').toBe(r.consignee_name);
      expect(s.Containers ?? null, r.so_no ?? '').toBe(r.container_nos);
      // Excel keeps times as fractions of a day: equal to the millisecond or so.
      expect(Math.abs((s['Updated At'] as Date).getTime() - Date.parse(r.updated_at ?? ''))).toBeLessThan(2);
    }
  }, 180_000); // ~2,100 orders copied, listed page by page and exported

  it('exports only the rows the user may see, and a list ageing clock', async () => {
    const mine = await listRows('', shipper);
    const sheet = await sheetRows('', shipper);
    expect(sheet.map((r) => r['SO#'])).toEqual(mine.map((r) => r.so_no));
    const res = await api('GET', '/Booking/list/new_e_booking/export?lang=en-US', ops);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const col = (ws.getRow(1).values as string[]).indexOf('Ageing Since');
    const listed = await listRows('', ops, 'new_e_booking');
    expect(ws.rowCount - 1).toBe(listed.length);
    for (const [i, r] of listed.entries())
      expect(
        Math.abs((ws.getRow(i + 2).getCell(col).value as Date).getTime() - Date.parse(r.ageing_since ?? '')),
      ).toBeLessThan(2);
  });

  it('reads a broad number search among its matches as it reads a few: pages, cursors, sorts and the export', async () => {
    // Beyond idSetScan.from matches a list's page and the export's ids are read among the set
    // (selectPageAmong, selectKeysAmong); lowered here so that the demo orders take that path.
    const { rows } = await t.db.execute<{ p: string; n: number }>(sql`
      select left(d.number_norm, length(d.number_norm) - 2) as p, count(distinct d.doc_id)::int as n
        from document_numbers d where d.kind = 'booking' and d.field = 'so_no'
         and left(d.number_norm, length(d.number_norm) - 2) ~ '[0-9]'
       group by 1 order by 2 desc limit 1`);
    expect(rows[0].n).toBeGreaterThan(5);
    const q = `&q=${rows[0].p}`;
    const read = async () => ({
      ops: (await listRows(q)).map((r) => r.so_no),
      byEtd: (await listRows(`${q}&sort=etd&order=desc`)).map((r) => r.so_no),
      shipper: (await listRows(q, shipper)).map((r) => r.so_no),
      sheet: (await sheetRows(`${q}&sort=updated_at&order=desc`)).map((r) => r['SO#']),
    });
    const byKey = await read();
    expect(await readingAmongEverything(read)).toEqual(byKey);
    expect(byKey.ops.length).toBe(rows[0].n);
    expect(byKey.sheet).toHaveLength(rows[0].n);
  });
});
