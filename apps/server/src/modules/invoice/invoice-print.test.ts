import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { demoSignaturePng } from '../signature';
import { cnJob } from './invoice.test-helpers';

let t: TestApp;
type H = Record<string, string>;
let ops: H;
let supervisor: H;
let manager: H;
let finance: H;
let agent: H;
let job: { job_no: string; so_no: string; etd: string };

const line = (over: Record<string, unknown> = {}) => ({
  charge_code: 'OFR',
  description: 'Ocean freight 海运费',
  unit_price: '1200',
  quantity: '2',
  uom: '40HQ',
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
  lines: [
    line(),
    line({ charge_code: 'DOC', description: 'Documentation', unit_price: '450', quantity: '1' }),
  ],
  ...over,
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
const act = (id: number, headers: H, action: string, version: number) =>
  call('POST', `/Invoice/${id}/action`, headers, { action, version });

/** Creates an invoice and moves it by the right users to Approved 2nd level; answers id and version. */
async function approved(over: Record<string, unknown> = {}) {
  const res = await call('POST', '/Invoice', ops, body(over));
  expect(res.statusCode, res.body).toBe(201);
  let inv = res.json();
  for (const [h, a] of [
    [ops, 'prepare'],
    [supervisor, 'approve_1'],
    [manager, 'approve_2'],
  ] as const) {
    const r = await act(inv.inv_id, h, a, inv.version);
    expect(r.statusCode, r.body).toBe(200);
    inv = r.json();
  }
  return inv as { inv_id: number; version: number; invoice_no: string; status: string };
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp();
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  supervisor = bearer(await sessionToken(t, 'supervisor@demo.test'));
  manager = bearer(await sessionToken(t, 'manager@demo.test'));
  finance = bearer(await sessionToken(t, 'finance@demo.test'));
  agent = bearer(await sessionToken(t, 'agent@demo.test'));
  job = await cnJob(t.db);
});
afterAll(() => t.close());

describe('e-signature on the profile', () => {
  it('stores a drawn signature sanitised: metadata and trailing bytes dropped, cropped to the ink', async () => {
    const png = demoSignaturePng('Test Person');
    // A tEXt chunk before IEND and a payload after it: neither may survive.
    const text = Buffer.from('Comment\0<script>alert(1)</script>', 'latin1');
    const head = Buffer.alloc(8);
    head.writeUInt32BE(text.length, 0);
    head.write('tEXt', 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), text])), 0);
    const iend = png.length - 12;
    const dirty = Buffer.concat([
      png.subarray(0, iend),
      head,
      text,
      crc,
      png.subarray(iend),
      Buffer.from('PK\x03\x04hidden'),
    ]);
    const res = await call('PUT', '/Users/Signature', ops, { image: dataUrl(dirty) });
    expect(res.statusCode, res.body).toBe(200);
    const sig = res.json();
    expect(sig.has_signature).toBe(true);
    const stored = Buffer.from(sig.image.split(',')[1], 'base64');
    expect(stored.subarray(1, 4).toString()).toBe('PNG');
    expect(stored.includes(Buffer.from('script'))).toBe(false);
    expect(stored.includes(Buffer.from('hidden'))).toBe(false);
    expect(sig.width).toBeLessThan(360);
    expect((await call('GET', '/Users/Signature', ops)).json().image).toBe(sig.image);
  });

  it('refuses a JPEG, a damaged PNG, a blank drawing and an image over the size limit with message keys', async () => {
    const jpeg = await call('PUT', '/Users/Signature', ops, {
      image: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==',
    });
    expect(jpeg.statusCode).toBe(422);
    expect(jpeg.json().msgKey).toBe('msgSignatureTypeInvalid');
    const png = demoSignaturePng('X');
    const broken = Buffer.from(png);
    broken[40] ^= 0xff;
    expect((await call('PUT', '/Users/Signature', ops, { image: dataUrl(broken) })).json().msgKey).toBe(
      'msgSignatureTypeInvalid',
    );
    const { encodePng } = await import('../signature');
    const blank = encodePng({ width: 50, height: 20, pixels: Buffer.alloc(50 * 20 * 4) });
    const empty = await call('PUT', '/Users/Signature', ops, { image: dataUrl(blank) });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().msgKey).toBe('msgSignatureEmpty');
    const wide = encodePng({ width: 2000, height: 10, pixels: Buffer.alloc(2000 * 10 * 4, 0x20) });
    expect((await call('PUT', '/Users/Signature', ops, { image: dataUrl(wide) })).json().msgKey).toBe(
      'msgSignatureTooLarge',
    );
    const huge = await call('PUT', '/Users/Signature', ops, {
      image: `data:image/png;base64,${'A'.repeat(500_000)}`,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().details[0].msgKey).toBe('msgSignatureTooLarge');
    // The stored signature is untouched by the refusals.
    expect((await call('GET', '/Users/Signature', ops)).json().has_signature).toBe(true);
  });

  it('is always the caller’s own and needs a signed-in profile', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/Users/Signature' })).statusCode).toBe(401);
    expect((await call('GET', '/Users/Signature', agent)).json().has_signature).toBe(false);
  });
});

describe('print, release and accounting print moves', () => {
  it('prints an AR invoice by inv_edit only, refuses release on AR, and logs who printed', async () => {
    const inv = await approved();
    const wrong = await act(inv.inv_id, manager, 'print', inv.version);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().msgKey).toBe('msgNoPermission');
    const release = await act(inv.inv_id, ops, 'release', inv.version);
    expect(release.statusCode).toBe(422);
    expect(release.json().msgKey).toBe('msgInvoiceActionNotAllowed');
    const printed = await act(inv.inv_id, ops, 'print', inv.version);
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.json().status).toBe('PRINTED');
    const prints = (await call('GET', `/Invoice/${inv.inv_id}/prints`, ops)).json();
    expect(prints).toMatchObject([{ kind: 'print', printed_by: 'Oscar Ops' }]);
    const again = await act(inv.inv_id, ops, 'print', printed.json().version);
    expect(again.statusCode).toBe(422);
  });

  it('releases an AP invoice; print is AR only; accounting print of AP needs the AP ref', async () => {
    const inv = await approved({ inv_type: 'AP', kind: 'AP', account_code: 'HKCAR001', sub_type: 'RECEIPT' });
    expect((await act(inv.inv_id, ops, 'print', inv.version)).json().msgKey).toBe(
      'msgInvoiceActionNotAllowed',
    );
    const notManager = await act(inv.inv_id, manager, 'release', inv.version);
    expect(notManager.statusCode).toBe(403);
    expect(notManager.json().msgKey).toBe('msgNoPermission');
    const released = await act(inv.inv_id, ops, 'release', inv.version);
    expect(released.json().status).toBe('RELEASED');
    const noRef = await act(inv.inv_id, finance, 'accounting_print', released.json().version);
    expect(noRef.statusCode).toBe(422);
    expect(noRef.json()).toMatchObject({
      msgKey: 'msgInvoiceRequiredForStep',
      details: [{ field: 'ap_ref' }],
    });
  });

  it('accounting print needs inv_closing and the signature of everyone who prepared and approved', async () => {
    const inv = await approved();
    const printed = (await act(inv.inv_id, ops, 'print', inv.version)).json();
    expect((await act(inv.inv_id, ops, 'accounting_print', printed.version)).statusCode).toBe(403);
    // The supervisor clears the signature: the accounting print names whose is missing.
    const saved = (await call('GET', '/Users/Signature', supervisor)).json();
    expect(saved.has_signature).toBe(true);
    await call('DELETE', '/Users/Signature', supervisor);
    const missing = await act(inv.inv_id, finance, 'accounting_print', printed.version);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      msgKey: 'msgInvoiceSignatureMissing',
      params: { names: 'Sally Supervisor' },
      details: [{ field: 'signature.approved_1' }],
    });
    expect((await call('GET', `/Invoice/${inv.inv_id}`, ops)).json().status).toBe('PRINTED');
    await call('PUT', '/Users/Signature', supervisor, { image: saved.image });
    const done = await act(inv.inv_id, finance, 'accounting_print', printed.version);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'ACCOUNTING_PRINTED', print_file: `${inv.invoice_no}.pdf` });
    const history = (await call('GET', `/Invoice/${inv.inv_id}/history`, ops)).json();
    const rows = history.rows ?? history;
    expect(JSON.stringify(rows)).toContain('accounting_print');
    const prints = (await call('GET', `/Invoice/${inv.inv_id}/prints`, ops)).json();
    expect(prints.at(-1)).toMatchObject({
      kind: 'accounting_print',
      printed_by: 'Fiona Finance',
      signers: [
        { role: 'prepared', name: 'Oscar Ops' },
        { role: 'approved_1', name: 'Sally Supervisor' },
        { role: 'approved_2', name: 'Mandy Manager' },
      ],
    });
  });
});

describe('invoice PDF, merge printouts and CR summary', () => {
  it('answers a PDF with the invoice number; external users are refused', async () => {
    const inv = await approved();
    const res = await call('GET', `/Invoice/${inv.inv_id}/pdf?layout=tax_invoice&language=zh`, ops);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(res.rawPayload.toString('latin1')).toContain(inv.invoice_no);
    expect((await call('GET', `/Invoice/${inv.inv_id}/pdf`, agent)).statusCode).toBe(403);
    const bad = await call('GET', `/Invoice/${inv.inv_id}/pdf?layout=poster`, ops);
    expect(bad.statusCode).toBe(400);
  });

  it('merges invoices of one account and side; refuses mixed account codes and mixed AR/AP', async () => {
    const a = await approved();
    const b = await approved({ kind: 'DN' });
    const merged = await call('POST', '/Invoice/printMerge', ops, { inv_ids: [a.inv_id, b.inv_id] });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(merged.rawPayload.toString('latin1')).toContain(`${a.invoice_no} ${b.invoice_no}`);
    const other = await approved({ account_code: 'DEHAM001', currency: 'HKD' });
    const mixedAccount = await call('POST', '/Invoice/printMerge', ops, {
      inv_ids: [a.inv_id, other.inv_id],
    });
    expect(mixedAccount.statusCode).toBe(422);
    expect(mixedAccount.json().msgKey).toBe('msgInvoicePrintMixed');
    const ap = await approved({ inv_type: 'AP', kind: 'AP', account_code: 'HKCUS001', sub_type: 'RECEIPT' });
    const mixedSide = await call('POST', '/Invoice/printMerge', ops, { inv_ids: [a.inv_id, ap.inv_id] });
    expect(mixedSide.json().msgKey).toBe('msgInvoicePrintMixed');
    expect((await call('POST', '/Invoice/printMerge', ops, { inv_ids: [] })).statusCode).toBe(400);
    expect(
      (await call('POST', '/Invoice/printMerge', ops, { inv_ids: [a.inv_id, 99999999] })).statusCode,
    ).toBe(404);
  });

  it('prints a CR summary over cheque requests only', async () => {
    const cr = (over = {}) =>
      approved({
        inv_type: 'AP',
        kind: 'CR',
        account_code: 'HKCAR001',
        sub_type: 'CHEQUE',
        cheque_request: { issued_to: 'Maersk Hong Kong Ltd', cheque_currency: 'HKD', free_to_combine: true },
        ...over,
      });
    const [c1, c2] = [await cr(), await cr({ currency: 'USD' })];
    const res = await call('POST', '/Invoice/crSummary', ops, { inv_ids: [c1.inv_id, c2.inv_id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const ap = await approved({ inv_type: 'AP', kind: 'AP', account_code: 'HKCAR001', sub_type: 'RECEIPT' });
    const refused = await call('POST', '/Invoice/crSummary', ops, { inv_ids: [c1.inv_id, ap.inv_id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msgKey).toBe('msgInvoiceCrSummaryCrOnly');
  });
});

describe('e-mail with the PDF attached', () => {
  it('queues one outbox message per recipient with the PDF, and logs the recipients', async () => {
    const inv = await approved();
    const early = await call('POST', `/Invoice/${inv.inv_id}/email`, ops, { to: ['a@example.com'] });
    expect(early.statusCode).toBe(422);
    expect(early.json().msgKey).toBe('msgInvoiceEmailNotPrinted');
    await act(inv.inv_id, ops, 'print', inv.version);
    const res = await call('POST', `/Invoice/${inv.inv_id}/email`, finance, {
      to: ['billing@customer.example', 'ap@customer.example'],
      remember: true,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ msgKey: 'msgInvoiceEmailQueued', params: { count: 2 } });
    const ids: number[] = res.json().outbox_ids;
    const { rows } = await t.db.execute<{ to_address: string; file_name: string; head: string }>(
      sql`select o.to_address, a.file_name, encode(substring(a.content from 1 for 4), 'escape') as head
            from mail_outbox o join mail_outbox_attachments a on a.mail_id = o.id
           where o.id = any(${sql.param(ids)}::bigint[]) order by o.id`,
    );
    expect(rows).toEqual([
      { to_address: 'billing@customer.example', file_name: `${inv.invoice_no}.pdf`, head: '%PDF' },
      { to_address: 'ap@customer.example', file_name: `${inv.invoice_no}.pdf`, head: '%PDF' },
    ]);
    const after = (await call('GET', `/Invoice/${inv.inv_id}`, ops)).json();
    expect(after.tax_invoice_emails).toEqual(['billing@customer.example', 'ap@customer.example']);
    const prints = (await call('GET', `/Invoice/${inv.inv_id}/prints`, ops)).json();
    expect(prints.at(-1)).toMatchObject({
      kind: 'email',
      recipients: ['billing@customer.example', 'ap@customer.example'],
    });
  });

  it('refuses a 4th recipient, a bad address, and users without inv_edit or inv_closing', async () => {
    const inv = await approved();
    await act(inv.inv_id, ops, 'print', inv.version);
    const four = await call('POST', `/Invoice/${inv.inv_id}/email`, ops, {
      to: ['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example'],
    });
    expect(four.statusCode).toBe(400);
    expect(four.json().details).toContainEqual(
      expect.objectContaining({ field: 'to', msgKey: 'msgInvoiceTooManyEmails' }),
    );
    const bad = await call('POST', `/Invoice/${inv.inv_id}/email`, ops, { to: ['not-an-address'] });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call('POST', `/Invoice/${inv.inv_id}/email`, manager, { to: ['a@x.example'] })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/Invoice/${inv.inv_id}/email`, agent, { to: ['a@x.example'] })).statusCode,
    ).toBe(403);
  });
});

describe('e-mail: recipients, amount and the dev mailbox (issue 38)', () => {
  it("starts with the party's invoice e-mail, writes the amount in the currency's minor units, and the dev mailbox offers the PDF", async () => {
    await t.db.execute(
      sql`update parties set invoice_email = 'Accounts@HarbourLight.example; ar@harbourlight.example'
           where party_code = 'HKCUS001'`,
    );
    const inv = await approved();
    const printed = (await act(inv.inv_id, ops, 'print', inv.version)).json();
    const defaults = await call('GET', `/Invoice/${inv.inv_id}/email/defaults`, finance);
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect(defaults.json()).toEqual({
      to: ['accounts@harbourlight.example', 'ar@harbourlight.example'],
      source: 'party',
    });
    expect((await call('GET', `/Invoice/${inv.inv_id}/email/defaults`, agent)).statusCode).toBe(403);
    const sent = await call('POST', `/Invoice/${inv.inv_id}/email`, finance, {
      to: defaults.json().to,
      remember: true,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const [id] = sent.json().outbox_ids as number[];
    const { rows } = await t.db.execute<{ text_body: string }>(
      sql`select text_body from mail_outbox where id = ${id}`,
    );
    // 2 × 1,200 + 450 + 6 % tax = 3,021.00 HKD: two decimals, grouped, never the stored 3021.0000.
    expect(rows[0].text_body).toContain(`${printed.invoice_no} dated`);
    expect(rows[0].text_body).toContain('for HKD 3,021.00 (job');
    // Remembered on the invoice, so the next e-mail starts with the invoice's recipients.
    const again = (await call('GET', `/Invoice/${inv.inv_id}/email/defaults`, finance)).json();
    expect(again).toEqual({
      to: ['accounts@harbourlight.example', 'ar@harbourlight.example'],
      source: 'invoice',
    });

    const admin = bearer(await sessionToken(t, 'admin@demo.test'));
    const box = (await call('GET', '/Admin/DevMailbox', admin)).json();
    const msg = box.rows.find((r: { id: number }) => r.id === id);
    expect(msg.attachments).toEqual([
      {
        id: expect.any(Number),
        file_name: `${inv.invoice_no}.pdf`,
        content_type: 'application/pdf',
        size: expect.any(Number),
      },
    ]);
    const file = await call('GET', `/Admin/DevMailbox/${id}/attachments/${msg.attachments[0].id}`, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(file.rawPayload.length).toBe(msg.attachments[0].size);
    // Another message's attachment id under this message is not found; the dev mailbox is admin-only.
    expect(
      (await call('GET', `/Admin/DevMailbox/${id + 1}/attachments/${msg.attachments[0].id}`, admin))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/Admin/DevMailbox/${id}/attachments/${msg.attachments[0].id}`, finance)).statusCode,
    ).toBe(403);
  });
});

describe('demo data', () => {
  it('has signatures for the invoice demo users and invoices released, printed and accounting-printed', async () => {
    const { rows } = await t.db.execute<{ login_id: string }>(
      sql`select u.login_id from user_signatures s join users u using (user_uid) order by 1`,
    );
    expect(rows.map((r) => r.login_id)).toEqual(
      expect.arrayContaining([
        'finance@demo.test',
        'manager@demo.test',
        'ops@demo.test',
        'supervisor@demo.test',
      ]),
    );
    const { rows: st } = await t.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from invoices where status in ('RELEASED', 'PRINTED', 'ACCOUNTING_PRINTED') group by 1 order by 1`,
    );
    expect(st.map((r) => r.status)).toEqual(['ACCOUNTING_PRINTED', 'PRINTED', 'RELEASED']);
  });
});
