import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

/** Receipts and payments against posted invoices: arithmetic, refusals, reversal, groups (docs/settlement.md). */
let t: TestApp;
type H = Record<string, string>;
let ops: H;
let finance: H;
let shipper: H;
let job: { job_no: string; so_no: string; etd: string };

interface Line {
  id: number;
  line_no: number;
  total_amount: string;
  settled_amount: string;
  outstanding_amount: string;
}
interface Inv {
  inv_id: number;
  invoice_no: string;
  version: number;
  status: string;
  total_amount: string;
  base_total_amount: string;
  settled_amount: string;
  outstanding_amount: string;
  payment_ref: string | null;
  payment_marker: string | null;
  group_no: string | null;
  lines: Line[];
}

const line = (over: Record<string, unknown> = {}) => ({
  charge_code: 'DOC',
  description: 'Documentation',
  unit_price: '100',
  quantity: '1',
  uom: 'SHPT',
  dr_cr: 'DR',
  tax_code: 'VAT6',
  tax_rate: '6',
  price_includes_tax: false,
  ...over,
});
const call = (method: 'GET' | 'POST', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
const get = async (id: number): Promise<Inv> => (await call('GET', `/Invoice/${id}`, finance)).json();

/** A posted invoice (posting is another part of issue 15: the test puts it straight into Posted). */
const posted = async (over: Record<string, unknown> = {}): Promise<Inv> => {
  const res = await call('POST', '/Invoice', ops, {
    inv_type: 'AR',
    kind: 'AR',
    account_code: 'HKCUS001',
    job_nos: [job.job_no],
    so_nos: [job.so_no],
    currency: 'HKD',
    invoice_date: job.etd,
    sub_type: 'VAT_SPECIAL',
    lines: [line()],
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { inv_id } = res.json();
  await t.db.execute(
    sql`update invoices set status = 'POSTED', posted_at = now(), acct_process_status = 'SUCCESS', version = version + 1 where inv_id = ${inv_id}`,
  );
  return get(inv_id);
};
/** A USD invoice at 7.8 with two lines: 100 + 6 % tax = 106.00 and 50 (no tax) = 50.00; total 156.00. */
const usd = () =>
  posted({
    currency: 'USD',
    exchange_rate: '7.8',
    lines: [
      line(),
      line({
        charge_code: 'HDL',
        description: 'Handling fee',
        unit_price: '50',
        tax_code: null,
        tax_rate: '0',
      }),
    ],
  });
const receipt = (invoices: object[], over: Record<string, unknown> = {}) =>
  call('POST', '/Settlement', finance, {
    settlement_date: '2026-06-01',
    method: 'BANK_TRANSFER',
    currency: 'HKD',
    invoices,
    ...over,
  });
const count = async () =>
  Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from settlements`)).rows[0].n);

beforeAll(async () => {
  t = await createTestApp();
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  finance = bearer(await sessionToken(t, 'finance@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
  const { rows } = await t.db.execute<{ job_no: string; so_no: string; etd: string }>(
    sql`select job_no, so_no, etd::text as etd from shipping_orders where job_no is not null and handling_office in (select code from offices where country_code = 'CN') order by job_no limit 1`,
  );
  job = rows[0];
});
afterAll(() => t.close());

describe('recording receipts', () => {
  it('settles an invoice in full: every line, PAID marker, bank ref as payment ref, in Settled not Unsettled', async () => {
    const inv = await posted();
    const res = await receipt([{ inv_id: inv.inv_id, version: inv.version }], { bank_ref: 'HSBC-778812' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.settlement).toMatchObject({
      kind: 'RECEIPT',
      amount: '106.00',
      base_amount: '106.00',
      exchange_difference: '0.00',
      exchange_rate: '1.000000',
      reversed: false,
    });
    expect(body.settlement.settlement_no).toMatch(/^RC\d{8}$/);
    const after = await get(inv.inv_id);
    expect(after).toMatchObject({
      settled_amount: '106.00',
      outstanding_amount: '0.00',
      payment_marker: 'PAID',
      payment_ref: 'HSBC-778812',
      version: inv.version + 1,
    });
    expect(after.lines[0]).toMatchObject({ settled_amount: '106.00', outstanding_amount: '0.00' });
    const settled = await call('GET', `/Invoice/arSearch/Settled?q=${inv.invoice_no}`, finance);
    expect(settled.json().rows.map((r: Inv) => r.invoice_no)).toContain(inv.invoice_no);
    const unsettled = await call('GET', `/Invoice/arSearch/Unsettled?q=${inv.invoice_no}`, finance);
    expect(unsettled.json().rows.map((r: Inv) => r.invoice_no)).not.toContain(inv.invoice_no);
    // The invoice's history tells who settled it, with the settlement no.
    const history = (await call('GET', `/Invoice/${inv.inv_id}/history`, finance)).json();
    expect(JSON.stringify(history)).toContain(body.settlement.settlement_no);
  });

  it('settles part of a USD invoice at the day’s rate: outstanding drops, the exchange difference is shown', async () => {
    const inv = await usd();
    expect(inv).toMatchObject({ total_amount: '156.00', outstanding_amount: '156.00' });
    const res = await receipt([{ inv_id: inv.inv_id, version: inv.version, amount: '60' }], {
      currency: 'USD',
      exchange_rate: '7.75',
      amount: '60',
    });
    expect(res.statusCode).toBe(201);
    const s = res.json().settlement;
    // 60 × 7.75 = 465.00 received; booked at 7.8 = 468.00: a loss of 3.00 on this receipt.
    expect(s).toMatchObject({
      amount: '60.00',
      base_amount: '465.00',
      invoice_base_amount: '468.00',
      exchange_difference: '-3.00',
    });
    // Spread in line order: all on line 1 (106.00 outstanding).
    expect(s.allocations).toHaveLength(1);
    expect(s.allocations[0]).toMatchObject({ line_no: 1, amount: '60.00', exchange_difference: '-3.00' });
    const after = await get(inv.inv_id);
    expect(after).toMatchObject({
      settled_amount: '60.00',
      outstanding_amount: '96.00',
      payment_marker: 'PART',
    });
    expect(after.lines.map((l) => l.outstanding_amount)).toEqual(['46.00', '50.00']);
    const unsettled = await call('GET', `/Invoice/arSearch/Unsettled?q=${inv.invoice_no}`, finance);
    expect(unsettled.json().rows.map((r: Inv) => r.invoice_no)).toContain(inv.invoice_no);
  });

  it('settles chosen lines by chosen amounts, then the rest in full with the day’s rate looked up', async () => {
    const inv = await usd();
    const [l1, l2] = inv.lines;
    const first = await receipt(
      [{ inv_id: inv.inv_id, version: inv.version, lines: [{ line_id: l2.id, amount: '50' }] }],
      { currency: 'USD', exchange_rate: '7.81' },
    );
    expect(first.statusCode).toBe(201);
    expect(first.json().settlement).toMatchObject({
      amount: '50.00',
      base_amount: '390.50',
      exchange_difference: '0.50',
    });
    let after = await get(inv.inv_id);
    expect(after.lines.map((l) => l.outstanding_amount)).toEqual(['106.00', '0.00']);
    expect(after.outstanding_amount).toBe('106.00');
    // No rate given: the demo USD→HKD rate effective on the date (7.78); no amount: the whole outstanding.
    const rest = await receipt([{ inv_id: inv.inv_id, version: after.version }], {
      currency: 'USD',
      settlement_date: '2026-07-01',
    });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().settlement).toMatchObject({
      exchange_rate: '7.780000',
      amount: '106.00',
      base_amount: '824.68',
      invoice_base_amount: '826.80',
      exchange_difference: '-2.12',
    });
    expect(rest.json().settlement.allocations.map((a: Line) => a.line_no)).toEqual([l1.line_no]);
    after = await get(inv.inv_id);
    expect(after).toMatchObject({
      settled_amount: '156.00',
      outstanding_amount: '0.00',
      payment_marker: 'PAID',
    });
  });

  it('settles several invoices of one account in one receipt (the amount confirmed must match)', async () => {
    const a = await posted();
    const b = await posted();
    const wrong = await receipt(
      [
        { inv_id: a.inv_id, version: a.version },
        { inv_id: b.inv_id, version: b.version, amount: '6' },
      ],
      { amount: '100' },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      msgKey: 'msgSettlementAmountMismatch',
      params: { expected: '112.00' },
    });
    const ok = await receipt(
      [
        { inv_id: a.inv_id, version: a.version },
        { inv_id: b.inv_id, version: b.version, amount: '6' },
      ],
      { amount: '112' },
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().invoices.map((i: Inv) => i.outstanding_amount)).toEqual(['0.00', '100.00']);
  });

  it('settles a credit note (negative total) through its CR lines', async () => {
    const cn = await posted({ kind: 'CN', lines: [line({ dr_cr: 'CR' })] });
    expect(cn.total_amount).toBe('-106.00');
    const part = await receipt([{ inv_id: cn.inv_id, version: cn.version, amount: '-6' }]);
    expect(part.statusCode).toBe(201);
    expect(part.json().settlement.amount).toBe('-6.00');
    const mid = await get(cn.inv_id);
    expect(mid).toMatchObject({ settled_amount: '-6.00', outstanding_amount: '-100.00' });
    const wrongWay = await receipt([{ inv_id: cn.inv_id, version: mid.version, amount: '6' }]);
    expect(wrongWay.json().msgKey).toBe('msgSettlementOverOutstanding');
    const rest = await receipt([{ inv_id: cn.inv_id, version: mid.version }]);
    expect(rest.json().invoices[0]).toMatchObject({ outstanding_amount: '0.00', payment_marker: 'PAID' });
  });
});

describe('refusals: 4xx with a message key, nothing saved', () => {
  it('refuses more than outstanding, on the invoice and on a line', async () => {
    const inv = await usd();
    const before = await count();
    const over = await receipt([{ inv_id: inv.inv_id, version: inv.version, amount: '156.01' }], {
      currency: 'USD',
    });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      msgKey: 'msgSettlementOverOutstanding',
      params: { invoiceNo: inv.invoice_no, lineNo: 0, outstanding: '156.00' },
    });
    const overLine = await receipt(
      [{ inv_id: inv.inv_id, version: inv.version, lines: [{ line_id: inv.lines[1].id, amount: '50.01' }] }],
      { currency: 'USD' },
    );
    expect(overLine.json()).toMatchObject({
      msgKey: 'msgSettlementOverLineOutstanding',
      params: { lineNo: 2 },
    });
    const scale = await receipt([{ inv_id: inv.inv_id, version: inv.version, amount: '1.005' }], {
      currency: 'USD',
    });
    expect(scale.json().msgKey).toBe('msgAmountScale');
    expect(await count()).toBe(before);
    expect(await get(inv.inv_id)).toMatchObject({ version: inv.version, outstanding_amount: '156.00' });
  });

  it('refuses an invoice that is not posted, a currency mismatch and invoices of two accounts', async () => {
    const open = await posted();
    await t.db.execute(sql`update invoices set status = 'IMPORTED' where inv_id = ${open.inv_id}`);
    const notPosted = await receipt([{ inv_id: open.inv_id, version: open.version }]);
    expect(notPosted.statusCode).toBe(422);
    expect(notPosted.json()).toMatchObject({
      msgKey: 'msgSettlementNotPosted',
      params: { status: 'IMPORTED' },
    });
    const hkd = await posted();
    const mismatch = await receipt([{ inv_id: hkd.inv_id, version: hkd.version }], { currency: 'USD' });
    expect(mismatch.json()).toMatchObject({
      msgKey: 'msgSettlementCurrencyMismatch',
      params: { currency: 'HKD' },
    });
    const other = await posted({ account_code: 'HKSHP001' });
    const mixed = await receipt([
      { inv_id: hkd.inv_id, version: hkd.version },
      { inv_id: other.inv_id, version: other.version },
    ]);
    expect(mixed.json().msgKey).toBe('msgSettlementMixedInvoices');
    const twice = await receipt([
      { inv_id: hkd.inv_id, version: hkd.version },
      { inv_id: hkd.inv_id, version: hkd.version },
    ]);
    expect(twice.json().msgKey).toBe('msgSettlementDuplicate');
    const missing = await receipt([{ inv_id: 2147483000, version: 1 }]);
    expect(missing.statusCode).toBe(404);
    expect((await get(hkd.inv_id)).outstanding_amount).toBe('106.00');
  });

  it('settles a closed invoice (the period close locks posting, not payments) without changing its refs', async () => {
    const inv = await posted();
    await t.db.execute(
      sql`update invoices set status = 'CLOSED', is_closed = true where inv_id = ${inv.inv_id}`,
    );
    const res = await receipt([{ inv_id: inv.inv_id, version: inv.version }], { bank_ref: 'LATE-PAY-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json().invoices[0]).toMatchObject({
      outstanding_amount: '0.00',
      payment_ref: null,
      payment_marker: 'PAID',
    });
  });

  it('refuses a stale version (409) and, of two receipts racing on one version, saves one', async () => {
    const inv = await posted();
    const stale = await receipt([{ inv_id: inv.inv_id, version: inv.version - 1 }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msgKey).toBe('msgRecordNotLatest');
    const race = await Promise.all([
      receipt([{ inv_id: inv.inv_id, version: inv.version, amount: '100' }]),
      receipt([{ inv_id: inv.inv_id, version: inv.version, amount: '100' }]),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await get(inv.inv_id)).toMatchObject({ settled_amount: '100.00', outstanding_amount: '6.00' });
  });

  it('refuses bad input with a 400 and field messages', async () => {
    const inv = await posted();
    const res = await receipt([{ inv_id: inv.inv_id, version: inv.version, amount: '1e3' }], {
      method: 'GOLD',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('reversal', () => {
  it('restores outstanding on the invoice and its lines, clears marker and ref; twice is 409', async () => {
    const inv = await usd();
    const s = (
      await receipt([{ inv_id: inv.inv_id, version: inv.version }], {
        currency: 'USD',
        exchange_rate: '7.9',
        bank_ref: 'CHQ-1001',
      })
    ).json().settlement;
    expect((await get(inv.inv_id)).payment_ref).toBe('CHQ-1001');
    const noReason = await call('POST', `/Settlement/${s.settlement_id}/reverse`, finance, {
      version: s.version,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const asOps = await call('POST', `/Settlement/${s.settlement_id}/reverse`, ops, {
      version: s.version,
      reason: 'x',
    });
    expect(asOps.statusCode).toBe(403);
    const res = await call('POST', `/Settlement/${s.settlement_id}/reverse`, finance, {
      version: s.version,
      reason: 'Cheque bounced',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settlement).toMatchObject({ reversed: true, reverse_reason: 'Cheque bounced' });
    const after = await get(inv.inv_id);
    expect(after).toMatchObject({
      settled_amount: '0.00',
      outstanding_amount: '156.00',
      payment_marker: null,
      payment_ref: null,
    });
    expect(after.lines.map((l) => l.outstanding_amount)).toEqual(['106.00', '50.00']);
    const again = await call('POST', `/Settlement/${s.settlement_id}/reverse`, finance, {
      version: res.json().settlement.version,
      reason: 'again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msgKey).toBe('msgSettlementAlreadyReversed');
    // The panel still lists it, flagged.
    const list = (await call('GET', `/Settlement?inv_id=${inv.inv_id}`, finance)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ settlement_no: s.settlement_no, reversed: true });
  });
});

describe('reversing a settled invoice', () => {
  it('refuses to reverse an invoice while a settlement stands (409, nothing written); after it is reversed the invoice reverses', async () => {
    const inv = await posted();
    const res = await receipt([{ inv_id: inv.inv_id, version: inv.version, amount: '50' }]);
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json().settlement;
    const before = await get(inv.inv_id);
    const refused = await call('POST', `/Invoice/${inv.inv_id}/action`, finance, {
      action: 'reverse',
      version: before.version,
      reason: 'Billed to the wrong customer',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      msgKey: 'msgSettlementInvoiceSettled',
      params: { invoiceNo: inv.invoice_no, settlements: s.settlement_no },
    });
    const still = await get(inv.inv_id);
    expect(still).toMatchObject({ status: 'POSTED', version: before.version, settled_amount: '50.00' });
    const reversals = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoices where invoice_no = ${`${inv.invoice_no}R`}`,
    );
    expect(reversals.rows[0].n).toBe(0);
    // Reverse the receipt first: then the invoice reverses.
    const undo = await call('POST', `/Settlement/${s.settlement_id}/reverse`, finance, {
      version: s.version,
      reason: 'Wrong customer',
    });
    expect(undo.statusCode, undo.body).toBe(200);
    const fresh = await get(inv.inv_id);
    const ok = await call('POST', `/Invoice/${inv.inv_id}/action`, finance, {
      action: 'reverse',
      version: fresh.version,
      reason: 'Billed to the wrong customer',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await get(inv.inv_id)).status).toBe('REVERSED');
  });

  it('never settles a reversed invoice nor its reversal, even once closed (issue 38, money invariants)', async () => {
    // Closed is settleable (late payments), but an invoice closed after its reversal owes nothing: settling it
    // would book a receipt against a cancelled receivable.
    const inv = await posted();
    const ok = await call('POST', `/Invoice/${inv.inv_id}/action`, finance, {
      action: 'reverse',
      version: inv.version,
      reason: 'Wrong customer',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const closed = await call('POST', `/Invoice/${inv.inv_id}/action`, finance, {
      action: 'close',
      version: ok.json().version,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const { rows } = await t.db.execute<{ inv_id: number }>(
      sql`select inv_id from invoices where invoice_no = ${`${inv.invoice_no}R`}`,
    );
    await t.db.execute(
      sql`update invoices set status = 'CLOSED', is_closed = true, version = version + 1 where inv_id = ${rows[0].inv_id}`,
    );
    for (const id of [inv.inv_id, rows[0].inv_id]) {
      const before = await get(id);
      const res = await receipt([{ inv_id: id, version: before.version }]);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().msgKey).toBe('msgSettlementNotPosted');
      expect(await get(id)).toMatchObject({ version: before.version, settled_amount: before.settled_amount });
    }
  });
});

describe('batch payment groups', () => {
  it('settles a payment group in full; the group no. becomes the payment ref', async () => {
    const a = await posted();
    const b = await posted();
    const g = await call('POST', '/Invoice/group', finance, {
      kind: 'PAYMENT',
      rows: [
        { inv_id: a.inv_id, version: a.version },
        { inv_id: b.inv_id, version: b.version },
      ],
    });
    expect(g.statusCode).toBe(200);
    const groupNo = g.json().group.group_no;
    const wrong = await call('POST', `/Settlement/group/${groupNo}`, finance, {
      settlement_date: '2026-06-02',
      method: 'BANK_TRANSFER',
      currency: 'HKD',
      amount: '200',
    });
    expect(wrong.json()).toMatchObject({
      msgKey: 'msgSettlementAmountMismatch',
      params: { expected: '212.00' },
    });
    const res = await call('POST', `/Settlement/group/${groupNo}`, finance, {
      settlement_date: '2026-06-02',
      method: 'BANK_TRANSFER',
      currency: 'HKD',
      amount: '212.00',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().settlement.group_no).toBe(groupNo);
    for (const inv of [a, b])
      expect(await get(inv.inv_id)).toMatchObject({
        outstanding_amount: '0.00',
        payment_ref: groupNo,
        payment_marker: 'PAID',
      });
    const done = await call('POST', `/Settlement/group/${groupNo}`, finance, {
      settlement_date: '2026-06-02',
      method: 'BANK_TRANSFER',
      currency: 'HKD',
      amount: '0',
    });
    expect(done.json().msgKey).toBe('msgSettlementGroupNotPayable');
    const list = (await call('GET', `/Settlement?group_no=${groupNo}`, finance)).json();
    expect(list).toHaveLength(1);
  });
});

describe('access', () => {
  it('records only with inv_closing; reads by the side’s function; external profiles never', async () => {
    const inv = await posted();
    const asOps = await call('POST', '/Settlement', ops, {
      settlement_date: '2026-06-01',
      method: 'CASH',
      currency: 'HKD',
      invoices: [{ inv_id: inv.inv_id, version: inv.version }],
    });
    expect(asOps.statusCode).toBe(403);
    expect((await call('POST', '/Settlement/group/PG1', ops, {})).statusCode).toBe(403);
    expect((await call('GET', `/Settlement?inv_id=${inv.inv_id}`, ops)).statusCode).toBe(200);
    expect((await call('GET', `/Settlement?inv_id=${inv.inv_id}`, shipper)).statusCode).toBe(403);
    expect(
      (await call('GET', '/Settlement/openInvoices?inv_type=AR&account_code=HKCUS001', shipper)).statusCode,
    ).toBe(403);
    const open = await call(
      'GET',
      '/Settlement/openInvoices?inv_type=AR&account_code=HKCUS001&currency=HKD',
      finance,
    );
    expect(open.statusCode).toBe(200);
    expect(open.json().map((r: Inv) => r.inv_id)).toContain(inv.inv_id);
  });
});
