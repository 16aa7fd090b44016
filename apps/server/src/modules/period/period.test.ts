import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_TOKEN,
  type LedgerStandIn,
  startLedgerStandIn,
} from '../../../../../standins/ledger/ledger-stand-in.mjs';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { assertPeriodOpen, jobGpLocked, periodOpen } from './index';

/** Period close and reopen (issue 15, docs/period-close.md) against the ledger stand-in. */
let t: TestApp;
let ledger: LedgerStandIn;
type H = Record<string, string>;
let ops: H;
let finance: H;
let manager: H;
let job: { job_no: string; so_no: string };
/** Another job of the same handling office (not on any invoice of the closed month). */
let job2: { job_no: string; so_no: string };
let office: string;
/** A month no demo invoice uses, so only this file's invoices are in it. */
const PERIOD = '2024-03';
const DAY = '2024-03-15';

const call = (method: 'GET' | 'POST', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
const draft = () => ({
  inv_type: 'AR',
  kind: 'AR',
  account_code: 'HKCUS001',
  job_nos: [job.job_no],
  so_nos: [job.so_no],
  currency: 'HKD',
  invoice_date: DAY,
  sub_type: 'VAT_SPECIAL',
  lines: [
    {
      charge_code: 'DOC',
      description: 'Documentation',
      unit_price: '100',
      quantity: '1',
      uom: 'SHPT',
      dr_cr: 'DR',
      tax_code: 'NOTAX',
      tax_rate: '0',
    },
  ],
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await call('POST', '/Invoice', ops, { ...draft(), ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { inv_id: number; office_code: string };
};
/** Puts an invoice straight into a status (steps of other parts: approval, posting, settlement). */
const force = (id: number, status: string, acct = 'SUCCESS', outstanding?: string) =>
  t.db.execute(sql`update invoices set status = ${status}, acct_process_status = ${acct},
      outstanding_amount = coalesce(${outstanding ?? null}::numeric, outstanding_amount), version = version + 1
    where inv_id = ${id}`);
const invoice = async (id: number) =>
  (
    await t.db.execute<{ status: string; is_closed: boolean; close_period: string | null }>(
      sql`select status, is_closed, close_period from invoices where inv_id = ${id}`,
    )
  ).rows[0];
const q = (p = PERIOD) => `?office_code=${office}&period=${p}`;
const view = async (base = '/InvoiceClose', p = PERIOD) =>
  (await call('GET', `${base}${q(p)}`, finance)).json();

let unapproved: number;
let unposted: number;
let failed: number;
let posted: number;
let receipt: number;
let nonTrade: number;

beforeAll(async () => {
  ledger = await startLedgerStandIn();
  t = await createTestApp({ ACCOUNTING_URL: ledger.url, ACCOUNTING_TOKEN: DEMO_TOKEN });
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  finance = bearer(await sessionToken(t, 'finance@demo.test'));
  manager = bearer(await sessionToken(t, 'manager@demo.test'));
  const { rows } = await t.db.execute<{ job_no: string; so_no: string }>(
    sql`select job_no, so_no from shipping_orders where job_no is not null order by job_no limit 1`,
  );
  job = rows[0];
  job2 = (
    await t.db.execute<{ job_no: string; so_no: string }>(
      sql`select o.job_no, o.so_no from shipping_orders o
           where o.job_no is not null and o.job_no <> ${job.job_no}
             and o.handling_office = (select handling_office from shipping_orders where so_no = ${job.so_no})
           order by o.job_no limit 1`,
    )
  ).rows[0];
  // The demo rates do not reach back to this month (the tax-inclusive cap is checked in CNY).
  await t.db.execute(sql`insert into exchange_rates (from_currency, to_currency, rate, effective_date)
    values ('HKD', 'CNY', 0.92, '2024-01-01') on conflict do nothing`);
  unapproved = (await create()).inv_id;
  const p = await create();
  posted = p.inv_id;
  office = p.office_code;
  unposted = (await create()).inv_id;
  failed = (await create()).inv_id;
  receipt = (await create()).inv_id;
  // A cheque request (an AP kind; made one here, the kind is all a close looks at).
  await t.db.execute(sql`update invoices set kind = 'CR' where inv_id = ${receipt}`);
  nonTrade = (await create({ kind: 'NON_TRADE' })).inv_id;
  await force(posted, 'POSTED');
  await force(unposted, 'IMPORTED', 'NA');
  await force(failed, 'POSTED', 'FAILURE');
  await force(receipt, 'POSTED', 'SUCCESS');
  await force(nonTrade, 'APPROVED_2', 'NA');
});
afterAll(async () => {
  await t?.close();
  await ledger?.close();
});

describe('period close: access and input', () => {
  it('guards each close screen by its function id', async () => {
    expect((await call('GET', `/InvoiceClose${q()}`, ops)).statusCode).toBe(403);
    expect((await call('GET', `/InvoiceGenericClose${q()}`, manager)).statusCode).toBe(403);
    expect(
      (await call('POST', '/InvoiceClose/close', ops, { office_code: office, period: PERIOD })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/InvoiceClose${q()}`, finance)).statusCode).toBe(200);
    expect((await call('GET', `/InvoiceGenericClose${q()}`, finance)).statusCode).toBe(200);
  });

  it('refuses a future month, a malformed month and an unknown office with message keys', async () => {
    const future = await call('GET', `/InvoiceClose${q('2999-01')}`, finance);
    expect(future.statusCode).toBe(400);
    expect(future.json().msgKey).toBe('msgPeriodInvalid');
    expect((await call('GET', `/InvoiceClose${q('2024-13')}`, finance)).statusCode).toBe(400);
    const noOffice = await call('GET', `/InvoiceClose?office_code=NOPE&period=${PERIOD}`, finance);
    expect(noOffice.statusCode).toBe(400);
    expect(noOffice.json().msgKey).toBe('msgPeriodOfficeUnknown');
  });
});

describe('period close: blockers', () => {
  it('lists what blocks the close, each with its reason; non-trade invoices only on the generic screen', async () => {
    // A cheque request must be paid before its month closes (docs/period-close.md).
    const v = await view();
    expect(v.status).toBe('OPEN');
    const reasons = Object.fromEntries(
      v.blockers.map((b: { inv_id: number; reason: string }) => [b.inv_id, b.reason]),
    );
    expect(reasons).toEqual({
      [unapproved]: 'UNAPPROVED',
      [unposted]: 'UNPOSTED',
      [failed]: 'POSTING_FAILED',
      [receipt]: 'UNSETTLED',
    });
    expect(v.blocker_count).toBe(4);
    // Amounts in the currency's decimals (stored with 4).
    expect(v.blockers[0]).toMatchObject({ currency: 'HKD', total_amount: '100.00' });
    expect(v.closable_count).toBe(1);
    const g = await view('/InvoiceGenericClose');
    expect(g.blockers.map((b: { inv_id: number; reason: string }) => [b.inv_id, b.reason])).toEqual([
      [nonTrade, 'UNPOSTED'],
    ]);
  });

  it('refuses the close while blockers remain (409 with the list) and changes nothing', async () => {
    const res = await call('POST', '/InvoiceClose/close', finance, { office_code: office, period: PERIOD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msgKey: 'msgPeriodCloseBlocked', params: { count: 4 } });
    // Issue 38: the refusal names the blocking invoices, each detail with its invoice and reason.
    const nos = (
      await t.db.execute<{ invoice_no: string }>(
        sql`select invoice_no from invoices where inv_id in (${unapproved}, ${unposted}, ${failed}, ${receipt})`,
      )
    ).rows.map((r) => r.invoice_no);
    expect(res.json().params.invoices.split(', ').sort()).toEqual([...nos].sort());
    expect(
      res
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual([...nos].sort());
    expect(res.json().details).toHaveLength(4);
    expect(res.json().details[0].msgKey).toMatch(/^msgPeriodBlocker/);
    expect(await invoice(posted)).toMatchObject({ status: 'POSTED', is_closed: false });
    expect((await view()).status).toBe('OPEN');
    expect(await periodOpen(t.db, office, PERIOD)).toBe(true);
  });
});

describe('period close: close, lock, reopen', () => {
  it('closes once the blockers are gone: invoices Closed with the close period, jobs GP locked, posting refused', async () => {
    await force(unapproved, 'DELETED', 'NA');
    await force(unposted, 'POSTED');
    await force(failed, 'POSTED');
    await force(receipt, 'POSTED', 'SUCCESS', '0');
    const res = await call('POST', '/InvoiceClose/close', finance, { office_code: office, period: PERIOD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msgKey: 'msgPeriodClosed', params: { invoices: 4, jobs: 1 } });
    expect(res.json().view).toMatchObject({ status: 'CLOSED', closed_count: 4, locked_job_count: 1 });
    for (const id of [posted, unposted, failed, receipt])
      expect(await invoice(id)).toEqual({ status: 'CLOSED', is_closed: true, close_period: PERIOD });
    expect(await invoice(unapproved)).toMatchObject({ status: 'DELETED', is_closed: false });
    expect(await jobGpLocked(t.db, job.job_no)).toBe(true);
    // Posting (modules/accounting) asks this before it posts: 002 §8 "Account locked for closing".
    expect(await periodOpen(t.db, office, PERIOD)).toBe(false);
    expect(await periodOpen(t.db, office, PERIOD, 'TRADE')).toBe(false);
    expect(await periodOpen(t.db, office, PERIOD, 'GENERIC')).toBe(true);
    await expect(assertPeriodOpen(t.db, office, PERIOD)).rejects.toMatchObject({
      statusCode: 409,
      msgKey: 'msgAccountLockedForClosing',
    });
    await expect(assertPeriodOpen(t.db, office, '2024-04')).resolves.toBeUndefined();
    // The invoice's own history names the close.
    const hist = await call('GET', `/Invoice/${posted}/history`, finance);
    if (hist.statusCode === 200) expect(JSON.stringify(hist.json())).toContain('CLOSED');
  });

  it('refuses a new invoice dated inside the closed month (409 Account locked for closing), not the next month', async () => {
    const refused = await call('POST', '/Invoice', ops, { ...draft(), invoice_date: '2024-03-20' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msgKey).toBe('msgAccountLockedForClosing');
    const other = { job_nos: [job2.job_no], so_nos: [job2.so_no] };
    expect(
      (await call('POST', '/Invoice', ops, { ...draft(), ...other, invoice_date: '2024-04-02' })).statusCode,
    ).toBe(201);
  });

  it('refuses a new invoice on a job the close locked (Completed-GP Locked), in any month; nothing saved', async () => {
    const count = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from invoice_jobs where job_no = ${job.job_no}`,
        )
      ).rows[0].n;
    const before = await count();
    const res = await call('POST', '/Invoice', ops, { ...draft(), invoice_date: '2024-04-02' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      msgKey: 'msgPeriodJobGpLocked',
      params: { job: job.job_no, period: PERIOD },
    });
    // A multi-job invoice naming the locked job among others is refused too.
    const both = await call('POST', '/Invoice', ops, {
      ...draft(),
      job_nos: [job2.job_no, job.job_no],
      so_nos: [job2.so_no, job.so_no],
      invoice_date: '2024-04-02',
    });
    expect(both.statusCode, both.body).toBe(409);
    expect(both.json().msgKey).toBe('msgPeriodJobGpLocked');
    expect(await count()).toBe(before);
  });

  it('refuses Import Document dating an invoice into the closed month (409, nothing imported); an open month imports', async () => {
    const inv = await create({ job_nos: [job2.job_no], so_nos: [job2.so_no], invoice_date: '2024-04-10' });
    await force(inv.inv_id, 'EXPORTED', 'NA');
    const row = (await call('GET', `/Invoice/${inv.inv_id}`, finance)).json();
    const refused = await call('POST', '/Invoice/importDocument', finance, {
      rows: [{ inv_id: inv.inv_id, version: row.version, gov_invoice_no: 'GOV-CLOSED-1', invoice_date: DAY }],
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      msgKey: 'msgAccountLockedForClosing',
      params: { office, period: PERIOD },
    });
    const still = (
      await t.db.execute<{
        status: string;
        gov_invoice_no: string | null;
        invoice_date: string;
        version: number;
      }>(
        sql`select status, gov_invoice_no, invoice_date::text as invoice_date, version from invoices where inv_id = ${inv.inv_id}`,
      )
    ).rows[0];
    expect(still).toEqual({
      status: 'EXPORTED',
      gov_invoice_no: null,
      invoice_date: '2024-04-10',
      version: row.version,
    });
    const ok = await call('POST', '/Invoice/importDocument', finance, {
      rows: [
        {
          inv_id: inv.inv_id,
          version: row.version,
          gov_invoice_no: 'GOV-OPEN-1',
          invoice_date: '2024-04-12',
        },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await invoice(inv.inv_id)).status).toBe('IMPORTED');
  });

  it('refuses closing twice (409) and keeps one close in the history', async () => {
    const res = await call('POST', '/InvoiceClose/close', finance, { office_code: office, period: PERIOD });
    expect(res.statusCode).toBe(409);
    expect(res.json().msgKey).toBe('msgPeriodAlreadyClosed');
    const v = await view();
    expect(v.history.map((e: { action: string }) => e.action)).toEqual(['CLOSE']);
  });

  it('needs a reason to reopen and records the reopen: invoices back to Posted, jobs unlocked', async () => {
    const noReason = await call('POST', '/InvoiceClose/reopen', finance, {
      office_code: office,
      period: PERIOD,
    });
    expect(noReason.statusCode).toBe(400);
    expect(
      (await call('POST', '/InvoiceClose/reopen', ops, { office_code: office, period: PERIOD, reason: 'x' }))
        .statusCode,
    ).toBe(403);
    const res = await call('POST', '/InvoiceClose/reopen', finance, {
      office_code: office,
      period: PERIOD,
      reason: 'Late supplier invoice',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msgKey: 'msgPeriodReopened', params: { invoices: 4, jobs: 1 } });
    expect(
      res.json().view.history.map((e: { action: string; reason: string | null }) => [e.action, e.reason]),
    ).toEqual([
      ['REOPEN', 'Late supplier invoice'],
      ['CLOSE', null],
    ]);
    expect(await invoice(posted)).toEqual({ status: 'POSTED', is_closed: false, close_period: null });
    expect(await jobGpLocked(t.db, job.job_no)).toBe(false);
    expect(await periodOpen(t.db, office, PERIOD)).toBe(true);
    const again = await call('POST', '/InvoiceClose/reopen', finance, {
      office_code: office,
      period: PERIOD,
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msgKey).toBe('msgPeriodNotClosed');
    const list = await call('GET', `/InvoiceClose/periods?office_code=${office}`, finance);
    expect(list.json().rows).toContainEqual(
      expect.objectContaining({ period: PERIOD, status: 'OPEN', reopen_reason: 'Late supplier invoice' }),
    );
  });

  it('refuses the reopen once the ledger has closed the month, or while the ledger cannot be asked', async () => {
    expect(
      (await call('POST', '/InvoiceClose/close', finance, { office_code: office, period: PERIOD }))
        .statusCode,
    ).toBe(200);
    const body = { office_code: office, period: PERIOD, reason: 'Correction' };
    ledger.setPeriod(PERIOD, 'closed');
    const refused = await call('POST', '/InvoiceClose/reopen', finance, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msgKey).toBe('msgPeriodLedgerClosed');
    expect(await invoice(posted)).toMatchObject({ status: 'CLOSED' });
    ledger.setPeriod(PERIOD, 'open');
    ledger.control('down');
    const down = await call('POST', '/InvoiceClose/reopen', finance, body);
    expect(down.statusCode).toBe(503);
    expect(down.json().msgKey).toBe('msgPeriodLedgerUnavailable');
    ledger.control('up');
    expect((await view()).status).toBe('CLOSED');
    expect((await view()).history.map((e: { action: string }) => e.action)).toEqual([
      'CLOSE',
      'REOPEN',
      'CLOSE',
    ]);
  });

  it('closes the generic (non-trade) side on its own', async () => {
    await force(nonTrade, 'POSTED');
    const res = await call('POST', '/InvoiceGenericClose/close', finance, {
      office_code: office,
      period: PERIOD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().params.invoices).toBe(1);
    expect(await invoice(nonTrade)).toMatchObject({ status: 'CLOSED', close_period: PERIOD });
    expect(await periodOpen(t.db, office, PERIOD, 'GENERIC')).toBe(false);
  });

  it('closes a single posted invoice through the close move (closed flag, close period of its invoice date)', async () => {
    // On the other job: the first job is GP locked by the close above.
    const one = await create({ invoice_date: '2024-05-02', job_nos: [job2.job_no], so_nos: [job2.so_no] });
    await force(one.inv_id, 'POSTED');
    const row = (await call('GET', `/Invoice/${one.inv_id}`, finance)).json();
    const res = await call('POST', `/Invoice/${one.inv_id}/action`, finance, {
      action: 'close',
      version: row.version,
    });
    expect(res.statusCode).toBe(200);
    expect(await invoice(one.inv_id)).toEqual({ status: 'CLOSED', is_closed: true, close_period: '2024-05' });
  });
});
