import { money } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { cnJob } from './invoice.test-helpers';

let t: TestApp;
type H = Record<string, string>;
let admin: H;
let ops: H;
let supervisor: H;
let manager: H;
let agent: H;
let job: { job_no: string; so_no: string; etd: string };

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

const body = (over: Record<string, unknown> = {}) => ({
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

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
const create = async (over: Record<string, unknown> = {}, headers = ops) =>
  call('POST', '/Invoice', headers, body(over));
const act = (id: number, headers: H, action: string, version: number, reason?: string) =>
  call('POST', `/Invoice/${id}/action`, headers, { action, version, reason });

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  supervisor = bearer(await sessionToken(t, 'supervisor@demo.test'));
  manager = bearer(await sessionToken(t, 'manager@demo.test'));
  agent = bearer(await sessionToken(t, 'agent@demo.test'));
  job = await cnJob(t.db);
});
afterAll(() => t.close());

describe('invoice money (exact decimals, no float drift)', () => {
  it('adds 0.1 and 0.2 to 0.30 on the server and in numeric columns', async () => {
    const res = await create({
      lines: [line({ unit_price: '0.1', tax_rate: '0' }), line({ unit_price: '0.2', tax_rate: '0' })],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().total_amount).toBe('0.30');
    const { rows } = await t.db.execute<{ total: string }>(
      sql`select total_amount::text as total from invoices where inv_id = ${res.json().inv_id}`,
    );
    expect(rows[0].total).toBe('0.3000');
  });

  it('totals 200 lines of 19.99 × 3 at 6 % exclusive exactly, and converts at the rate', async () => {
    const res = await create({
      currency: 'USD',
      exchange_rate: '7.78',
      lines: Array.from({ length: 200 }, () => line({ unit_price: '19.99', quantity: '3' })),
    });
    expect(res.statusCode).toBe(201);
    const inv = res.json();
    expect(inv.net_amount).toBe('11994.00');
    expect(inv.tax_amount).toBe('720.00'); // 3.5982 → 3.60 per line
    expect(inv.total_amount).toBe('12714.00');
    expect(inv.exchange_rate).toBe('7.780000');
    expect(inv.base_total_amount).toBe('98914.92');
  });

  it('splits tax-inclusive prices and subtracts credit lines', async () => {
    const res = await create({
      lines: [
        line({ unit_price: '106', price_includes_tax: true }),
        line({ unit_price: '10', dr_cr: 'CR', tax_rate: '0', tax_code: 'ZERO' }),
      ],
    });
    const inv = res.json();
    expect(inv.lines[0]).toMatchObject({ amount: '100.00', tax_amount: '6.00', total_amount: '106.00' });
    expect(inv.total_amount).toBe('96.00');
    expect(inv.net_amount).toBe('90.00');
  });

  it('refuses a total the lines do not add up to (line totals = detail totals)', async () => {
    const res = await create({ total_amount: '106.01' });
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe('msgInvoiceTotalMismatch');
    expect((await create({ total_amount: '106.00' })).statusCode).toBe(201);
  });

  it('refuses a price given as a JSON number', async () => {
    const res = await create({ lines: [line({ unit_price: 0.1 })] });
    expect(res.statusCode).toBe(400);
  });
});

describe('exchange rates', () => {
  it('refuses a rate other than 1 between equal currencies', async () => {
    const res = await create({ exchange_rate: '1.1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe('msgExchangeRateMustBeOne');
    const admin1 = await call('POST', '/ExchangeRate', admin, {
      from_currency: 'HKD',
      to_currency: 'HKD',
      rate: '2',
      effective_date: '2026-01-01',
    });
    expect(admin1.statusCode).toBe(400);
  });

  it('answers Exchange rate missing when no rate covers the invoice date', async () => {
    const res = await create({ currency: 'CHF' });
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe('msgExchangeRateMissing');
    const before = await create({ currency: 'USD', invoice_date: '2025-06-30' });
    expect(before.json().msgKey).toBe('msgExchangeRateMissing');
  });

  it('looks rates up: 1 for equal currencies, the inverse pair otherwise', async () => {
    const same = await call('GET', '/ExchangeRate/lookup?from=HKD&to=HKD&date=2026-03-01', ops);
    expect(same.json().rate).toBe('1.000000');
    const inv = await call('GET', '/ExchangeRate/lookup?from=HKD&to=USD&date=2026-03-01', ops);
    expect(inv.json().rate).toBe('0.128535'); // 1 / 7.78
  });

  it('says old value, new value and updater when an administrator changes a rate', async () => {
    const created = await call('POST', '/ExchangeRate', admin, {
      from_currency: 'AUD',
      to_currency: 'HKD',
      rate: '5.1',
      effective_date: '2026-02-01',
    });
    expect(created.statusCode).toBe(201);
    const r = created.json();
    expect(r.rate).toBe('5.100000');
    const dup = await call('POST', '/ExchangeRate', admin, { ...r, rate: '5.2', id: undefined });
    expect(dup.statusCode).toBe(409);
    const upd = await call('PUT', `/ExchangeRate/${r.id}`, admin, { rate: '5.123456', version: r.version });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().message).toEqual({
      msgKey: 'msgExchangeRateUpdated',
      params: { from: 'AUD', to: 'HKD', oldRate: '5.100000', newRate: '5.123456', updatedBy: 'Ada Admin' },
    });
    const stale = await call('PUT', `/ExchangeRate/${r.id}`, admin, { rate: '5.2', version: r.version });
    expect(stale.statusCode).toBe(409);
    expect((await call('GET', '/ExchangeRate', ops)).statusCode).toBe(403);
  });
});

describe('tax code of the issuing office country (issue 38)', () => {
  const jobIn = async (country: string) =>
    (
      await t.db.execute<{ job_no: string; so_no: string; etd: string }>(
        sql`select job_no, so_no, etd::text as etd from shipping_orders
             where job_no is not null and handling_office in (select code from offices where country_code = ${country})
             order by job_no limit 1`,
      )
    ).rows[0];

  it('refuses VAT6 on a Hong Kong office invoice, naming the line', async () => {
    const hk = await jobIn('HK');
    const res = await create({
      job_nos: [hk.job_no],
      so_nos: [hk.so_no],
      invoice_date: hk.etd,
      lines: [line(), line({ tax_code: 'NOTAX', tax_rate: '0' })],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe('msgTaxCodeNotForCountry');
    expect(res.json().details).toEqual([
      {
        field: 'lines.0.tax_code',
        msgKey: 'msgTaxCodeNotForCountry',
        params: { code: 'VAT6', country: 'HK' },
      },
    ]);
    const ok = await create({
      job_nos: [hk.job_no],
      so_nos: [hk.so_no],
      invoice_date: hk.etd,
      lines: [line({ tax_code: 'NOTAX', tax_rate: '0' })],
    });
    expect(ok.statusCode).toBe(201);
    const upd = await call('PUT', `/Invoice/${ok.json().inv_id}`, ops, {
      ...body({
        job_nos: [hk.job_no],
        so_nos: [hk.so_no],
        invoice_date: hk.etd,
        lines: [line({ tax_code: 'VAT9' })],
      }),
      version: ok.json().version,
    });
    expect(upd.statusCode).toBe(422);
    expect(upd.json().details[0]).toMatchObject({
      field: 'lines.0.tax_code',
      params: { code: 'VAT9', country: 'HK' },
    });
  });

  it('accepts VAT6 and NOTAX on a China office invoice', async () => {
    const res = await create({ lines: [line(), line({ tax_code: 'NOTAX', tax_rate: '0' })] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ net_amount: '200.00', tax_amount: '6.00', total_amount: '206.00' });
  });
});

describe('invoice rules (002 §5)', () => {
  it('needs at least one charge line, one job and one SO', async () => {
    expect((await create({ lines: [] })).json().msgKey).toBe('msgInvoiceNeedChargeLine');
    expect((await create({ so_nos: [] })).json().msgKey).toBe('msgInvoiceNeedJobAndSo');
    expect((await create({ job_nos: ['NOSUCHJOB'] })).json().msgKey).toBe('msgJobNotFound');
    expect((await create({ so_nos: ['NOSUCHSO'] })).json().msgKey).toBe('msgSoNotFound');
  });

  it('refuses jobs of different offices or periods', async () => {
    const { rows } = await t.db.execute<{ job_no: string; so_no: string }>(
      sql`select job_no, so_no from shipping_orders where job_no is not null
           and (handling_office, to_char(etd, 'YYYY-MM')) <> (select handling_office, to_char(etd, 'YYYY-MM') from shipping_orders where so_no = ${job.so_no})
           limit 1`,
    );
    if (!rows[0]) return;
    const res = await create({ job_nos: [job.job_no, rows[0].job_no], so_nos: [job.so_no, rows[0].so_no] });
    expect(res.json().msgKey).toBe('msgInvoiceJobsMismatch');
  });

  it('refuses an AP-only kind on a receivable and an unknown charge code', async () => {
    expect((await create({ kind: 'CR' })).json().msgKey).toBe('msgInvoiceKindWrongSide');
    const res = await create({ lines: [line({ charge_code: 'NOPE' })] });
    expect(res.statusCode).toBe(422);
    expect(res.json().details[0]).toMatchObject({
      field: 'lines.0.charge_code',
      msgKey: 'msgChargeCodeNotFound',
    });
  });

  it('refuses more than 3 tax-invoice e-mail addresses', async () => {
    const res = await create({ tax_invoice_emails: ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test'] });
    expect(res.statusCode).toBe(400);
  });

  it('caps the tax-inclusive total at the configured CNY amount', async () => {
    const capped = await createTestApp({ INVOICE_TAX_INCLUSIVE_CAP_CNY: '1000' });
    try {
      const h = bearer(await sessionToken(capped, 'ops@demo.test'));
      const post = (unit_price: string, currency = 'CNY') =>
        capped.app.inject({
          method: 'POST',
          url: '/api/v1/Invoice',
          headers: h,
          payload: body({ currency, lines: [line({ unit_price, tax_rate: '0', tax_code: 'ZERO' })] }),
        });
      expect((await post('1000')).statusCode).toBe(201);
      const over = await post('1000.01');
      expect(over.statusCode).toBe(422);
      expect(over.json()).toMatchObject({ msgKey: 'msgInvoiceOverTaxInclusiveCap', params: { cap: '1000' } });
      // 140 USD × 7.17 = 1003.80 CNY: over the cap after conversion.
      expect((await post('140', 'USD')).json().msgKey).toBe('msgInvoiceOverTaxInclusiveCap');
    } finally {
      await capped.close();
    }
  });

  it('replays a create with the same Idempotency-Key instead of making a second invoice', async () => {
    const headers = { ...ops, 'idempotency-key': 'inv-test-1' };
    const a = await call('POST', '/Invoice', headers, body());
    const b = await call('POST', '/Invoice', headers, body());
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().inv_id).toBe(a.json().inv_id);
  });

  it('fills a new invoice from a job (newbyjob) without saving anything', async () => {
    const res = await call('GET', `/Invoice/newbyjob/HKCUS001/${job.job_no}?inv_type=AR`, ops);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account_code: 'HKCUS001', job_nos: [job.job_no], inv_type: 'AR' });
    expect(res.json().so_nos).toContain(job.so_no);
    expect((await call('GET', `/Invoice/newbyjob/HKCUS001/NOSUCHJOB`, ops)).json().msgKey).toBe(
      'msgJobNotFound',
    );
  });
});

describe('editing with optimistic concurrency', () => {
  it('refuses a stale save with Record not latest, and saves the fresh one', async () => {
    const inv = (await create()).json();
    const first = await call('PUT', `/Invoice/${inv.inv_id}`, ops, {
      ...body({ remarks: 'first' }),
      version: inv.version,
    });
    expect(first.statusCode).toBe(200);
    const stale = await call('PUT', `/Invoice/${inv.inv_id}`, admin, {
      ...body({ remarks: 'second' }),
      version: inv.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msgKey).toBe('msgRecordNotLatest');
    const now = (await call('GET', `/Invoice/${inv.inv_id}`, ops)).json();
    expect(now.remarks).toBe('first');
    const hist = (await call('GET', `/Invoice/${inv.inv_id}/history`, ops)).json();
    expect(hist[0]).toMatchObject({ action: 'update', changes: { remarks: { from: null, to: 'first' } } });
  });

  it('records in its history exactly the stored header and line values an edit changed (issue 38)', async () => {
    const inv = (await create()).json();
    // The same price written another way is no change; the quantity (and so the amounts) is.
    const res = await call('PUT', `/Invoice/${inv.inv_id}`, ops, {
      ...body({ lines: [line({ unit_price: '100.00', quantity: '2' })] }),
      version: inv.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [h] = (await call('GET', `/Invoice/${inv.inv_id}/history`, ops)).json();
    expect(h.action).toBe('update');
    const keys = Object.keys(h.changes).sort();
    expect(keys).toContain('lines.0.quantity');
    expect(keys).not.toContain('lines.0.unit_price');
    expect(
      keys.every((k: string) =>
        [
          'lines.0.quantity',
          'lines.0.amount',
          'lines.0.tax_amount',
          'lines.0.total_amount',
          'total_amount',
        ].includes(k),
      ),
    ).toBe(true);
    const stored = res.json().lines[0];
    // The stored value (numeric(…, 4)); the answer shows it in the currency's digits.
    expect(Number(h.changes['lines.0.amount'].to)).toBe(Number(stored.amount));
  });

  it('refuses editing once prepared', async () => {
    const inv = (await create()).json();
    const p = (await act(inv.inv_id, ops, 'prepare', inv.version)).json();
    const res = await call('PUT', `/Invoice/${inv.inv_id}`, ops, { ...body(), version: p.version });
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe('msgInvoiceNotEditable');
  });
});

describe('status moves by role (002 §4, §6)', () => {
  it('goes New → Prepared → Approved 1st (supervisor) → Approved 2nd (manager), refusing the wrong roles', async () => {
    let inv = (await create()).json();
    // Approvers cannot prepare; the operator can.
    expect((await act(inv.inv_id, supervisor, 'approve_1', inv.version)).json().msgKey).toBe(
      'msgInvoiceActionNotAllowed',
    );
    const noRight = await act(inv.inv_id, manager, 'prepare', inv.version);
    expect(noRight.statusCode).toBe(403);
    expect(noRight.json().msgKey).toBe('msgNoPermission');
    inv = (await act(inv.inv_id, ops, 'prepare', inv.version)).json();
    expect(inv).toMatchObject({ status: 'PREPARED', prepared_by: 'Oscar Ops' });

    // 1st level: only the supervisor.
    expect((await act(inv.inv_id, ops, 'approve_1', inv.version)).statusCode).toBe(403);
    expect((await act(inv.inv_id, manager, 'approve_1', inv.version)).statusCode).toBe(403);
    expect((await act(inv.inv_id, manager, 'approve_2', inv.version)).json().msgKey).toBe(
      'msgInvoiceActionNotAllowed',
    );
    inv = (await act(inv.inv_id, supervisor, 'approve_1', inv.version)).json();
    expect(inv).toMatchObject({ status: 'APPROVED_1', approved_1_by: 'Sally Supervisor' });

    // 2nd level: only the manager.
    expect((await act(inv.inv_id, supervisor, 'approve_2', inv.version)).statusCode).toBe(403);
    expect((await act(inv.inv_id, ops, 'approve_2', inv.version)).statusCode).toBe(403);
    inv = (await act(inv.inv_id, manager, 'approve_2', inv.version)).json();
    expect(inv).toMatchObject({ status: 'APPROVED_2', approved_2_by: 'Mandy Manager' });

    const hist = (await call('GET', `/Invoice/${inv.inv_id}/history`, ops)).json();
    expect(hist.map((h: { action: string }) => h.action)).toEqual([
      'approve_2',
      'approve_1',
      'prepare',
      'create',
    ]);
    // A move the table has not from Approved 2nd (post) is refused; print and release are tested in
    // invoice-print.test.ts.
    expect((await act(inv.inv_id, admin, 'post', inv.version)).json().msgKey).toBe(
      'msgInvoiceActionNotAllowed',
    );
  });

  it('rejects at either level with a reason, and the operator resubmits', async () => {
    let inv = (
      await create({ inv_type: 'AP', kind: 'AP', account_code: 'HKCAR001', sub_type: 'RECEIPT' })
    ).json();
    inv = (await act(inv.inv_id, ops, 'prepare', inv.version)).json();
    const noReason = await act(inv.inv_id, supervisor, 'reject_1', inv.version);
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().msgKey).toBe('msgReasonRequired');
    inv = (await act(inv.inv_id, supervisor, 'reject_1', inv.version, 'Wrong vendor rate')).json();
    expect(inv).toMatchObject({ status: 'REJECTED', reject_reason: 'Wrong vendor rate' });
    expect((await act(inv.inv_id, manager, 'resubmit', inv.version)).statusCode).toBe(403);
    inv = (await act(inv.inv_id, ops, 'resubmit', inv.version)).json();
    expect(inv).toMatchObject({ status: 'PREPARED', reject_reason: null });
    inv = (await act(inv.inv_id, supervisor, 'approve_1', inv.version)).json();
    inv = (await act(inv.inv_id, manager, 'reject_2', inv.version, 'Missing carrier invoice')).json();
    expect(inv.status).toBe('REJECTED');
    const hist = (await call('GET', `/Invoice/${inv.inv_id}/history`, ops)).json();
    expect(hist[0]).toMatchObject({
      action: 'reject_2',
      reason: 'Missing carrier invoice',
      to_status: 'REJECTED',
    });
  });

  it('sends a prepared invoice back to New and deletes a new one with a reason', async () => {
    let inv = (await create()).json();
    inv = (await act(inv.inv_id, ops, 'prepare', inv.version)).json();
    inv = (await act(inv.inv_id, ops, 'unprepare', inv.version)).json();
    expect(inv.status).toBe('NEW');
    inv = (await act(inv.inv_id, ops, 'delete', inv.version, 'Duplicate')).json();
    expect(inv.status).toBe('DELETED');
  });

  it('needs the invoice date and sub-type to prepare', async () => {
    const inv = (await create({ invoice_date: null, sub_type: null, exchange_rate: null })).json();
    const res = await act(inv.inv_id, ops, 'prepare', inv.version);
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe('msgInvoiceRequiredForStep');
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['invoice_date', 'sub_type']);
  });

  it('refuses a status move made on an older version with "Change hasn\'t been saved"', async () => {
    const inv = (await create()).json();
    await call('PUT', `/Invoice/${inv.inv_id}`, ops, { ...body({ remarks: 'x' }), version: inv.version });
    const res = await act(inv.inv_id, ops, 'prepare', inv.version);
    expect(res.statusCode).toBe(409);
    expect(res.json().msgKey).toBe('msgInvoiceChangeNotSaved');
  });

  it('lets only one of two concurrent approvals through (row lock)', async () => {
    let inv = (await create()).json();
    inv = (await act(inv.inv_id, ops, 'prepare', inv.version)).json();
    const [a, b] = await Promise.all([
      act(inv.inv_id, supervisor, 'approve_1', inv.version),
      act(inv.inv_id, supervisor, 'reject_1', inv.version, 'no'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});

describe('access: invoices are internal-only', () => {
  it('refuses external users every invoice call', async () => {
    const inv = (await create()).json();
    expect((await call('GET', `/Invoice/${inv.inv_id}`, agent)).statusCode).toBe(403);
    expect((await call('GET', '/Invoice', agent)).statusCode).toBe(403);
    expect((await call('GET', '/Invoice/arDashboard', agent)).statusCode).toBe(403);
    expect((await call('GET', '/ChargeCode', agent)).statusCode).toBe(403);
    expect((await call('POST', '/Invoice', agent, body())).statusCode).toBe(403);
  });
});

describe('lists and dashboards', () => {
  it('finds invoices by invoice#, job# and SO#', async () => {
    const inv = (await create()).json();
    for (const q of [inv.invoice_no, job.job_no.toLowerCase(), job.so_no]) {
      const res = await call('GET', `/Invoice?q=${encodeURIComponent(q)}&pageSize=100`, ops);
      expect(res.statusCode).toBe(200);
      expect(res.json().rows.map((r: { inv_id: number }) => r.inv_id)).toContain(inv.inv_id);
    }
  });

  it('shows dashboard cards with yellow and red from the demo data', async () => {
    const ar = (await call('GET', '/Invoice/arDashboard', ops)).json();
    const byStage = Object.fromEntries(ar.cards.map((c: { stage: string }) => [c.stage, c]));
    expect(byStage.New.yellow).toBeGreaterThanOrEqual(1);
    expect(byStage.New.red).toBeGreaterThanOrEqual(1);
    expect(byStage.PendingPrinting.count).toBeGreaterThanOrEqual(2);
    const ap = (await call('GET', '/Invoice/apDashboard', ops)).json();
    const apStage = Object.fromEntries(ap.cards.map((c: { stage: string }) => [c.stage, c]));
    expect(apStage.SupervisorApproved.red).toBeGreaterThanOrEqual(1);
    expect(apStage.APRefInput.count).toBeGreaterThanOrEqual(1);
  });

  it('lists a stage with each row coloured by its clock', async () => {
    const res = await call('GET', '/Invoice/arSearch/New?pageSize=100', ops);
    expect(res.statusCode).toBe(200);
    const colours = res.json().rows.map((r: { age_colour: string }) => r.age_colour);
    expect(colours).toContain('red');
    expect(res.json().rows.every((r: { status: string }) => r.status === 'NEW')).toBe(true);
    expect((await call('GET', '/Invoice/arSearch/Nope', ops)).statusCode).toBe(404);
  });

  it('lists charge codes with their ledgers', async () => {
    const res = await call('GET', '/ChargeCode?use=AR', ops);
    expect(res.statusCode).toBe(200);
    const ofr = res.json().find((c: { charge_code: string }) => c.charge_code === 'OFR');
    expect(ofr).toMatchObject({ ledger_code: '7021', default_tax_rate: '9.00' });
    expect((await call('GET', '/ChargeCode/THCO', ops)).json().description_zh_hk).toBe('起運港碼頭操作費');
  });
});

describe('export, P&L and pending creation', () => {
  it('exports the search list to Excel, refusing external users', async () => {
    const res = await call('GET', '/Invoice/export?inv_type=AR', ops);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await call('GET', '/Invoice/arSearch/New/export', ops)).statusCode).toBe(200);
    expect((await call('GET', '/Invoice/export', agent)).statusCode).toBe(403);
  });

  it("sums a job's revenue and cost in the base currency, net of tax", async () => {
    const { rows } = await t.db.execute<{ job_no: string }>(
      sql`select job_no from shipping_orders where job_no is not null order by job_no desc limit 1`,
    );
    const jobNo = rows[0].job_no;
    const { rows: sos } = await t.db.execute<{ so_no: string }>(
      sql`select so_no from shipping_orders where job_no = ${jobNo} limit 1`,
    );
    const before = (
      await call(
        'GET',
        `/Invoice/${(await create({ job_nos: [jobNo], so_nos: [sos[0].so_no] })).json().inv_id}/profit`,
        ops,
      )
    ).json();
    const ar = (
      await create({ job_nos: [jobNo], so_nos: [sos[0].so_no], lines: [line({ unit_price: '1000' })] })
    ).json();
    await create({
      inv_type: 'AP',
      kind: 'AP',
      account_code: 'HKCAR001',
      job_nos: [jobNo],
      so_nos: [sos[0].so_no],
      currency: 'USD',
      exchange_rate: '7.8',
      lines: [line({ unit_price: '100' })],
    });
    const after = (await call('GET', `/Invoice/${ar.inv_id}/profit`, ops)).json();
    const b = before.jobs[0];
    const a = after.jobs[0];
    expect(a.job_no).toBe(jobNo);
    // +1000 HKD revenue, +780 HKD cost (100 USD × 7.8), both net of the 6 % tax
    expect(Number(a.revenue) - Number(b.revenue)).toBeCloseTo(1000, 6);
    expect(Number(a.cost) - Number(b.cost)).toBeCloseTo(780, 6);
    expect(a.profit).toBe(money.sub(a.revenue, a.cost));
  });

  it('lists jobs with ETD passed and no invoice of the side (PendingCreation)', async () => {
    await t.db.execute(sql`update shipping_orders set etd = current_date - 10 where job_no is not null`);
    // A job whose every invoice is deleted waits for creation again.
    await t.db.execute(
      sql`update invoices set status = 'DELETED' where inv_id in (select inv_id from invoice_jobs where job_no = ${job.job_no})`,
    );
    const local = await call('GET', '/Invoice/apPendingCreation/Local', ops);
    const overseas = await call('GET', '/Invoice/apPendingCreation/Overseas', ops);
    expect(local.statusCode).toBe(200);
    expect(overseas.statusCode).toBe(200);
    const all = [...local.json(), ...overseas.json()];
    expect(all.map((r: { job_no: string }) => r.job_no)).toContain(job.job_no);
    for (const r of all) expect(r.age_colour).toBe('red'); // AP creation: 5 days, red from 10
    expect((await call('GET', '/Invoice/arPendingCreation/Nope', ops)).statusCode).toBe(400);
  });
});

describe('custom filter of the invoice search', () => {
  it('filters by whitelisted fields and refuses unknown ones', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ field: 'status', op: 'eq', value: 'REJECTED' }]));
    const res = await call('GET', `/Invoice?filters=${filters}&pageSize=100`, ops);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.length).toBeGreaterThan(0);
    expect(res.json().rows.every((r: { status: string }) => r.status === 'REJECTED')).toBe(true);
    const big = encodeURIComponent(JSON.stringify([{ field: 'total_amount', op: 'gte', value: '100000' }]));
    const rows = (await call('GET', `/Invoice?filters=${big}&pageSize=100`, ops)).json().rows;
    expect(rows.every((r: { total_amount: string }) => money.compare(r.total_amount, '100000') >= 0)).toBe(
      true,
    );
    const bad = encodeURIComponent(JSON.stringify([{ field: 'search_text', op: 'eq', value: 'abc' }]));
    const refused = await call('GET', `/Invoice?filters=${bad}`, ops);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msgKey).toBe('msgFilterFieldUnknown');
  });
});
