import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

/** Bad input on an invoice (issue 38): digits beyond the currency, exchange rates, closed periods. */
let t: TestApp;
type H = Record<string, string>;
let ops: H;
let supervisor: H;
let job: { job_no: string; so_no: string; etd: string };

const line = (over: Record<string, unknown> = {}) => ({
  charge_code: 'DOC',
  description: 'Documentation',
  unit_price: '100',
  quantity: '1',
  uom: 'SHPT',
  dr_cr: 'DR',
  tax_code: 'ZERO',
  tax_rate: '0',
  price_includes_tax: false,
  ...over,
});
const body = (over: Record<string, unknown> = {}) => ({
  inv_type: 'AR',
  kind: 'AR',
  account_code: 'HKCUS001',
  job_nos: [job.job_no],
  so_nos: [job.so_no],
  currency: 'HKD',
  invoice_date: job.etd,
  sub_type: 'RECEIPT',
  lines: [line()],
  ...over,
});
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
const create = (over: Record<string, unknown> = {}) => call('POST', '/Invoice', ops, body(over));
const act = (id: number, headers: H, action: string, version: number) =>
  call('POST', `/Invoice/${id}/action`, headers, { action, version });
const field = (res: { json: () => { details?: { field: string; msgKey: string }[] } }) =>
  res.json().details?.map((d) => [d.field, d.msgKey]);

beforeAll(async () => {
  t = await createTestApp();
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  supervisor = bearer(await sessionToken(t, 'supervisor@demo.test'));
  const { rows } = await t.db.execute<{ job_no: string; so_no: string; etd: string }>(
    sql`select job_no, so_no, etd::text as etd from shipping_orders where job_no is not null order by job_no limit 1`,
  );
  job = rows[0];
});
afterAll(() => t.close());

describe('amounts with more digits than the currency allows are refused, not rounded', () => {
  it('the total the user saw: HKD 100.001 and JPY 100.5 answer msgAmountScale on total_amount', async () => {
    const hkd = await create({ total_amount: '100.001' });
    expect(hkd.statusCode).toBe(422);
    expect(hkd.json()).toMatchObject({ msgKey: 'msgAmountScale', params: { currency: 'HKD', digits: 2 } });
    expect(field(hkd)).toEqual([['total_amount', 'msgAmountScale']]);
    const jpy = await create({
      currency: 'JPY',
      exchange_rate: '0.052',
      total_amount: '100.5',
      lines: [line({ unit_price: '100' })],
    });
    expect(jpy.json().msgKey).toBe('msgAmountScale');
    // The same totals in the currency's digits are taken.
    expect((await create({ total_amount: '100.00' })).statusCode).toBe(201);
    expect(
      (await create({ currency: 'JPY', exchange_rate: '0.052', total_amount: '100' })).json().total_amount,
    ).toBe('100');
  });

  it('unit prices keep their own 4 decimals (a JPY line of 0.5 × 3 is 2, rounded per line)', async () => {
    const res = await create({
      currency: 'JPY',
      exchange_rate: '0.052',
      lines: [line({ unit_price: '0.5', quantity: '3' })],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().lines[0]).toMatchObject({ unit_price: '0.5', amount: '2' });
    const five = await create({ lines: [line({ unit_price: '1.23456' })] });
    expect(five.statusCode).toBe(400);
    expect(five.json().details[0]).toMatchObject({ field: 'lines.0.unit_price', msgKey: 'msgAmountInvalid' });
  });
});

describe('exchange rate of a foreign-currency invoice', () => {
  it.each([
    ['zero', '0'],
    ['negative', '-7.8'],
    ['not a number', 'abc'],
  ])('%s is refused on exchange_rate', async (_, rate) => {
    const res = await create({ currency: 'USD', exchange_rate: rate });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual(
      expect.objectContaining({ field: 'exchange_rate', msgKey: 'msgExchangeRateInvalid' }),
    );
  });

  it('absent with no rate on the invoice date: 422 msgExchangeRateMissing naming exchange_rate', async () => {
    const res = await create({ currency: 'USD', exchange_rate: null, invoice_date: '2001-01-02' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      msgKey: 'msgExchangeRateMissing',
      params: { from: 'USD', to: 'HKD' },
    });
    expect(field(res)).toEqual([['exchange_rate', 'msgExchangeRateMissing']]);
  });
});

describe('a closed period refuses every write into it (msgAccountLockedForClosing)', () => {
  it('moves, edits, the inter-account DN and the batch sub-type; allowed again after a reopen', async () => {
    const created = await create({ is_inter_account: true });
    expect(created.statusCode).toBe(201);
    let inv = created.json();
    inv = (await act(inv.inv_id, ops, 'prepare', inv.version)).json();
    expect(inv.status).toBe('PREPARED');
    const period = job.etd.slice(0, 7);
    const office = inv.office_code as string;
    const close = (status: 'CLOSED' | 'OPEN') =>
      t.db.execute(sql`
        insert into accounting_periods (office_code, period, kind, status)
        values (${office}, ${period}, 'TRADE', ${status})
        on conflict (office_code, period, kind) do update set status = excluded.status`);
    await close('CLOSED');
    try {
      const locked = { msgKey: 'msgAccountLockedForClosing', params: { office, period } };
      const approve = await act(inv.inv_id, supervisor, 'approve_1', inv.version);
      expect(approve.statusCode).toBe(409);
      expect(approve.json()).toMatchObject(locked);
      const unprepare = await act(inv.inv_id, ops, 'unprepare', inv.version);
      expect(unprepare.json()).toMatchObject(locked);
      const dn = await call('POST', `/Invoice/${inv.inv_id}/interAccountDn`, ops, { version: inv.version });
      expect(dn.json()).toMatchObject(locked);
      const sub = await call('POST', '/Invoice/batch/subType', ops, {
        rows: [{ inv_id: inv.inv_id, version: inv.version }],
        sub_type: 'TRANSFER',
      });
      expect(sub.json()).toMatchObject(locked);
      // A new invoice or an edit dated into the month (the save check).
      expect((await create()).json().msgKey).toBe('msgAccountLockedForClosing');
      // Nothing changed.
      const now = (await call('GET', `/Invoice/${inv.inv_id}`, ops)).json();
      expect(now).toMatchObject({ status: 'PREPARED', version: inv.version, sub_type: 'RECEIPT' });
    } finally {
      await close('OPEN');
    }
    expect((await act(inv.inv_id, supervisor, 'approve_1', inv.version)).json().status).toBe('APPROVED_1');
  });
});
