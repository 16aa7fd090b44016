import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { cnJob } from './invoice.test-helpers';

/**
 * An invoice as its page reads it and as a move answers it: the header with its lines, jobs, cheque request and
 * the account's and issue party's names, read in one statement (invoice.repository.ts `children`, issue 40) and
 * equal to what the tables hold.
 */
let t: TestApp;
type H = Record<string, string>;
let ops: H;
let job: { job_no: string; so_no: string; etd: string };

const call = (method: 'GET' | 'POST', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

beforeAll(async () => {
  t = await createTestApp();
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  job = await cnJob(t.db);
});
afterAll(() => t.close());

describe("an invoice's children in one read", () => {
  it('the page and a move answer the lines, jobs, cheque request and both parties as stored', async () => {
    const created = await call('POST', '/Invoice', ops, {
      inv_type: 'AP',
      kind: 'CR',
      account_code: 'HKCAR001',
      issue_party_code: 'HKSHP001',
      job_nos: [job.job_no],
      so_nos: [job.so_no],
      currency: 'HKD',
      invoice_date: job.etd,
      sub_type: 'CHEQUE',
      cheque_request: {
        available_date: job.etd,
        issued_to: 'Maersk Hong Kong Ltd',
        cheque_currency: 'HKD',
        free_to_combine: true,
      },
      lines: [
        { charge_code: 'OFR', description: 'Ocean freight 海运费', unit_price: '1200.5', quantity: '2.125' },
        {
          charge_code: 'DOC',
          description: 'Documentation',
          unit_price: '450',
          quantity: '1',
          reference: 'R-1',
        },
        { charge_code: 'THCO', description: 'THC origin', unit_price: '0.01', quantity: '3' },
      ].map((l) => ({
        uom: 'SHPT',
        dr_cr: 'DR',
        tax_code: 'VAT6',
        tax_rate: '6',
        price_includes_tax: false,
        ...l,
      })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().inv_id as number;
    const page = (await call('GET', `/Invoice/${id}`, ops)).json();

    // What the tables hold, read one by one.
    const lines = (
      await t.db.execute<Record<string, unknown>>(
        sql`select * from invoice_lines where inv_id = ${id} order by line_no`,
      )
    ).rows;
    expect(page.lines.map((l: { id: number }) => l.id)).toEqual(lines.map((l) => l.id));
    expect(
      page.lines.map((l: { unit_price: string; quantity: string; reference: string | null }) => [
        l.unit_price,
        l.quantity,
        l.reference,
      ]),
    ).toEqual([
      ['1200.5', '2.125', null],
      ['450', '1', 'R-1'],
      ['0.01', '3', null],
    ]);
    expect([page.job_nos, page.so_nos]).toEqual([[job.job_no], [job.so_no]]);
    expect(page.cheque_request).toEqual({
      available_date: job.etd,
      free_to_combine: true,
      foreign_currency: null,
      cheque_currency: 'HKD',
      issued_to: 'Maersk Hong Kong Ltd',
    });
    const names = (
      await t.db.execute<{ party_code: string; full_name: string }>(
        sql`select party_code, full_name from parties where party_code in ('HKCAR001', 'HKSHP001')`,
      )
    ).rows;
    const name = (code: string) => names.find((n) => n.party_code === code)?.full_name;
    expect([page.account_name, page.issue_party_code, page.issue_party_name]).toEqual([
      name('HKCAR001'),
      'HKSHP001',
      name('HKSHP001'),
    ]);
    // The creation answered the same invoice (built from what it wrote, not read back).
    expect({ ...created.json(), version: page.version }).toEqual(page);

    // A move answers the invoice as it stands: the same children, the new status and version.
    const moved = await call('POST', `/Invoice/${id}/action`, ops, {
      action: 'prepare',
      version: page.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = moved.json();
    expect(after.status).toBe('PREPARED');
    expect(after).toEqual((await call('GET', `/Invoice/${id}`, ops)).json());
    expect({
      ...after,
      status: page.status,
      version: page.version,
      updated_at: page.updated_at,
    }).toMatchObject({
      lines: page.lines,
      job_nos: page.job_nos,
      so_nos: page.so_nos,
      cheque_request: page.cheque_request,
      account_name: page.account_name,
      issue_party_name: page.issue_party_name,
    });
  });
});
