import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, tinyPdf } from '../../../test/multipart-form';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { findApRef, pdfText } from './invoice-ap-ref';

/** Batch upload document: the AP ref read from each payable's uploaded document (002 §2, §8). */
let t: TestApp;
let filesDir: string;
let ops: Record<string, string>;

/** A PDF as vendors' systems write it: compressed content stream, standard font. */
const vendorPdf = (...lines: string[]) =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.font('Helvetica');
    for (const l of lines) doc.text(l);
    doc.end();
  });

const upload = (id: number, name: string, content: Buffer) => {
  const body = multipartForm({ document_type: 'OTHER' }, { name, content, type: 'application/pdf' });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/Document/invoice/${id}`,
    headers: { ...ops, 'content-type': body.contentType },
    payload: body.payload,
  });
};

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'portal-apref-files-'));
  t = await createTestApp({ FILES_DIR: filesDir });
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
});
afterAll(async () => {
  await t.close();
  await rm(filesDir, { recursive: true, force: true });
});

describe('AP ref from a document text', () => {
  it('finds the number after an invoice-number label, in English and Chinese, and nothing without one', async () => {
    expect(findApRef('MAERSK\nInvoice No.: MAEU-HK-77812  Date 2026-05-06')).toBe('MAEU-HK-77812');
    expect(findApRef('Invoice Number 2026/00481.')).toBe('2026/00481');
    expect(findApRef('發票號碼：44031299')).toBe('44031299');
    expect(findApRef('发票编号：FP-2026-0031')).toBe('FP-2026-0031');
    expect(findApRef('Invoice No: PENDING')).toBeNull(); // no digit
    expect(findApRef('Thank you for your business')).toBeNull();
    expect(pdfText(await vendorPdf('Invoice #: ONE-55120'))).toContain('Invoice #: ONE-55120');
  });
});

describe('POST /Invoice/batch/apRefFromDocuments', () => {
  it('sets the AP ref of payables whose document names one, warns for the others, and refuses receivables', async () => {
    const { rows } = await t.db.execute<{ inv_id: number; version: number }>(
      sql`select inv_id, version from invoices where inv_type = 'AP' and status = 'NEW' order by inv_id limit 3`,
    );
    expect(rows).toHaveLength(3);
    const [a, b, c] = rows;
    expect(
      (
        await upload(
          a.inv_id,
          'maersk-77812.pdf',
          await vendorPdf('Maersk Line', 'Invoice No.: MAEU-HK-77812'),
        )
      ).statusCode,
    ).toBe(201);
    expect((await upload(b.inv_id, 'scan.pdf', tinyPdf('scanned image'))).statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Invoice/batch/apRefFromDocuments',
      headers: ops,
      payload: { rows: rows.map((r) => ({ inv_id: r.inv_id, version: r.version })) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(1);
    expect(res.json().warnings).toEqual([
      { inv_id: b.inv_id, file_name: 'scan.pdf', msgKey: 'msgApRefNotRecognised' },
      { inv_id: c.inv_id, file_name: null, msgKey: 'msgApRefNotRecognised' },
    ]);
    const inv = await t.app.inject({ method: 'GET', url: `/api/v1/Invoice/${a.inv_id}`, headers: ops });
    expect(inv.json().ap_ref).toBe('MAEU-HK-77812');
    const { rows: ar } = await t.db.execute<{ inv_id: number; version: number }>(
      sql`select inv_id, version from invoices where inv_type = 'AR' and status = 'NEW' limit 1`,
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Invoice/batch/apRefFromDocuments',
      headers: ops,
      payload: { rows: ar },
    });
    expect(refused.json().msgKey).toBe('msgInvoiceApRefPayableOnly');
    const manager = bearer(await sessionToken(t, 'manager@demo.test'));
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Invoice/batch/apRefFromDocuments',
      headers: manager,
      payload: { rows: [{ inv_id: a.inv_id, version: a.version + 1 }] },
    });
    expect(denied.statusCode).toBe(403);
  });
});
