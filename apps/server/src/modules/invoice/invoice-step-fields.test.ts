import {
  allowedInvoiceActions,
  fieldsForNextSteps,
  INVOICE_STEP_REQUIREMENTS,
  missingForInvoiceStep,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

/**
 * Issue 38 "Prepare refused without saying why": a step refuses with every missing field named in `details`
 * (field keys the screen puts on its fields), from the one step table in contracts that also marks the
 * fields on the form before the user presses the step.
 */
let t: TestApp;
type H = Record<string, string>;
let ops: H;
let job: { job_no: string; so_no: string; etd: string };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
const line = (over: Record<string, unknown> = {}) => ({
  charge_code: 'DOC',
  description: 'Documentation',
  unit_price: '100',
  quantity: '1',
  uom: 'SHPT',
  dr_cr: 'DR',
  tax_code: null,
  tax_rate: '0',
  price_includes_tax: false,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  const { rows } = await t.db.execute<{ job_no: string; so_no: string; etd: string }>(
    sql`select job_no, so_no, etd::text as etd from shipping_orders where job_no is not null order by job_no limit 1`,
  );
  job = rows[0];
});
afterAll(() => t.close());

describe('invoice step fields', () => {
  it('refuses Prepare naming the sub-type and each line without a tax code, and changes nothing', async () => {
    const created = await call('POST', '/Invoice', ops, {
      inv_type: 'AR',
      kind: 'AR',
      account_code: 'HKCUS001',
      job_nos: [job.job_no],
      so_nos: [job.so_no],
      currency: 'HKD',
      invoice_date: job.etd,
      sub_type: null,
      lines: [line(), line({ charge_code: 'DOC', unit_price: '50' })],
    });
    expect(created.statusCode, created.body).toBe(201);
    const inv = created.json() as { inv_id: number; version: number; status: string };
    const res = await call('POST', `/Invoice/${inv.inv_id}/action`, ops, {
      action: 'prepare',
      version: inv.version,
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.msgKey).toBe('msgInvoiceRequiredForStep');
    expect(body.details).toEqual([
      { field: 'sub_type', msgKey: 'msgFieldRequired' },
      { field: 'lines.0.tax_code', msgKey: 'msgFieldRequired' },
      { field: 'lines.1.tax_code', msgKey: 'msgFieldRequired' },
    ]);
    // The same table the screen marks its fields with.
    expect(
      missingForInvoiceStep('prepare', {
        inv_type: 'AR',
        invoice_date: job.etd,
        sub_type: null,
        lines: [{ tax_code: null }, { tax_code: '' }],
      }),
    ).toEqual(body.details);
    const after = (await call('GET', `/Invoice/${inv.inv_id}`, ops)).json();
    expect(after).toMatchObject({ status: 'NEW', version: inv.version });
  });

  it('marks on a new or rejected invoice what Prepare will need, on an AP invoice awaiting accounting print the AP ref', () => {
    const all = ['inv_edit', 'inv_closing', 'inv_approve_supervisor', 'inv_approve_manager'];
    const onNew = fieldsForNextSteps(allowedInvoiceActions('NEW', 'AR', all), 'AR');
    expect([...onNew.header]).toEqual([...INVOICE_STEP_REQUIREMENTS.prepare.header]);
    expect([...onNew.line]).toEqual(['tax_code']);
    expect([...fieldsForNextSteps(allowedInvoiceActions('REJECTED', 'AP', all), 'AP').header]).toEqual([
      'invoice_date',
      'sub_type',
    ]);
    expect([...fieldsForNextSteps(allowedInvoiceActions('RELEASED', 'AP', all), 'AP').header]).toEqual([
      'ap_ref',
    ]);
    // A receivable's accounting print needs no AP ref; a user without the right is not asked either.
    expect(fieldsForNextSteps(allowedInvoiceActions('PRINTED', 'AR', all), 'AR').header.size).toBe(0);
    expect(fieldsForNextSteps(allowedInvoiceActions('NEW', 'AR', ['inv_closing']), 'AR').header.size).toBe(0);
  });
});

describe('invoice account lookup', () => {
  const options = async (fetchOptionKey: string, over: Record<string, unknown>) => {
    const res = await call('POST', '/Master/GetInSelectionOptions', ops, { fetchOptionKey, ...over });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { value: string; text: string }[]).map((o) => o.value);
  };

  it('offers receivables the customers and shipment parties by code, payables the carriers and agents', async () => {
    const ar = await options('billable_party', { searchText: 'hk' });
    expect(ar).toContain('HKCUS001');
    expect(ar).toContain('HKSHP001');
    expect(ar).not.toContain('HKCAR001');
    const ap = await options('payable_party', { searchText: 'hk' });
    expect(ap).toContain('HKCAR001');
    expect(ap).not.toContain('HKCUS001');
    // A saved account shows its label (looked up by code, not by id).
    const res = await call('POST', '/Master/GetInSelectionOptions', ops, {
      fetchOptionKey: 'billable_party',
      searchValue: ['HKCUS001'],
    });
    expect(res.json()).toEqual([{ value: 'HKCUS001', text: 'HKCUS001 - Harbour Light Trading Co., Ltd.' }]);
  });
});
