import { containerCheckDigit, MBL_MSG } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBooking } from '../../../test/booking-factory';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { validateDcsa } from '../../platform/dcsa';
import { callsOf } from '../consolidation/consolidation.test-helpers';

/** Issue 39: the DCSA SI needs an HS code per SO; demo cargo carries real ones; a refusal names each SO. */
let t: TestApp;
let ops: Record<string, string>;
let api: ReturnType<typeof callsOf>;

beforeAll(async () => {
  t = await createTestApp();
  api = callsOf(t);
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
});
afterAll(async () => t?.close());

const cn = (owner: string, serial: number) => {
  const first10 = `${owner}${String(serial).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
};
const fclSo = (containerNo: string) =>
  createTestBooking(t.db, { status: 'CONFIRMED' }, [
    {
      size_type: '40HQ',
      container_no: containerNo,
      seal_no: `S${containerNo.slice(-4)}`,
      carrier_booking_no: 'MAEU555',
      package_qty: 100,
      gross_weight: '1000',
      cbm: '10',
    },
  ]);
const hsLine = (soId: number, code: string) =>
  t.db.execute(sql`insert into so_hs_lines (so_id, line_no, hs_code, description, package_qty, gross_weight, cbm)
    values (${soId}, 1, ${code}, 'Cargo', 100, 1000, 10)`);

describe('HS codes for the DCSA Shipping Instructions (issue 39)', () => {
  it('gives every demo booking a real HS 2022 code', async () => {
    const { rows } = await t.db.execute<{ so_no: string }>(sql`
      select so.so_no from shipping_orders so
       where so.so_no like 'DEMO%'
         and not exists (select 1 from so_hs_lines h join hs_codes r on r.hs_code = left(h.hs_code, 6)
                          where h.so_id = so.so_id)`);
    expect(rows.map((r) => r.so_no)).toEqual([]);
    const { rows: n } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from shipping_orders where so_no like 'DEMO%'`,
    );
    expect(n[0].n).toBeGreaterThan(20);
  });

  it('exports a demo master bill (its SOs carry HS codes)', async () => {
    const { rows } = await t.db.execute<{ mbl_no: string }>(
      sql`select mbl_no from master_bls where status = 'DRAFT' and source = 'FCL' order by mbl_no limit 1`,
    );
    expect(rows.length).toBe(1);
    const res = await api.get(ops, `/MasterBL/${rows[0].mbl_no}/dcsa/shipping-instructions`);
    expect(res.statusCode, res.body).toBe(200);
    expect(validateDcsa('ebl-si-3.0', res.json())).toEqual([]);
    expect(res.json().consignmentItems[0].HSCodes[0]).toMatch(/^\d{6}$/);
  });

  it('refuses while an SO has no HS code or one not in HS 2022, listing each such SO by number', async () => {
    const [a, b, c] = [
      await fclSo(cn('TCLU', 391201)),
      await fclSo(cn('TCLU', 391202)),
      await fclSo(cn('TCLU', 391203)),
    ];
    await hsLine(a.so_id, '6110.30');
    await hsLine(b.so_id, '123456'); // well-formed but no HS 2022 subheading
    const draft = await api.get(ops, `/MasterBL/draft?so_nos=${a.so_no},${b.so_no},${c.so_no}`);
    expect(draft.statusCode, draft.body).toBe(200);
    const bl = (await api.post(ops, '/MasterBL', draft.json())).json();
    const sos = (bl.sos as { so_no: string }[]).map((s) => s.so_no);
    const res = await api.get(ops, `/MasterBL/${bl.mbl_no}/dcsa/shipping-instructions`);
    expect(res.statusCode).toBe(422);
    const body = res.json() as {
      msgKey: string;
      details: { field: string; msgKey: string; params: { so_no: string } }[];
    };
    expect(body.msgKey).toBe(MBL_MSG.soNoHsCode);
    expect(body.details.map((d) => [d.field, d.msgKey, d.params.so_no])).toEqual([
      [`so_nos.${sos.indexOf(b.so_no)}`, MBL_MSG.soNoHsCode, b.so_no],
      [`so_nos.${sos.indexOf(c.so_no)}`, MBL_MSG.soNoHsCode, c.so_no],
    ]);

    // With real codes the file goes out, each SO with its code.
    await t.db.execute(sql`update so_hs_lines set hs_code = '950691' where so_id = ${b.so_id}`);
    await hsLine(c.so_id, '85182200');
    const ok = await api.get(ops, `/MasterBL/${bl.mbl_no}/dcsa/shipping-instructions`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      ok
        .json()
        .consignmentItems.map((i: { HSCodes: string[] }) => i.HSCodes[0])
        .sort(),
    ).toEqual(['611030', '85182200', '950691'].sort());
  });
});
