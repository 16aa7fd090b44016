import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, tinyPdf } from '../../../test/multipart-form';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

let t: TestApp;
let filesDir: string;
let invId: number;
const h = async (login: string) => bearer(await sessionToken(t, login));
const upload = (headers: Record<string, string>, id = invId) => {
  const body = multipartForm({ document_type: 'OTHER' }, { name: 'carrier-invoice.pdf', content: tinyPdf() });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/Document/invoice/${id}`,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'portal-invoice-files-'));
  t = await createTestApp({ FILES_DIR: filesDir });
  const { rows } = await t.db.execute<{ inv_id: number }>(
    sql`select inv_id from invoices order by inv_id limit 1`,
  );
  invId = rows[0].inv_id;
});
afterAll(async () => {
  await t.close();
  await rm(filesDir, { recursive: true, force: true });
});

describe('invoice documents (Document Upload tab)', () => {
  it('lets an invoice user upload and list, a manager only read, an external user nothing', async () => {
    const ops = await h('ops@demo.test');
    const res = await upload(ops);
    expect(res.statusCode).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Document/invoice/${invId}`,
      headers: ops,
    });
    expect(list.json().map((d: { file_name: string }) => d.file_name)).toContain('carrier-invoice.pdf');
    const manager = await h('manager@demo.test');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/Document/invoice/${invId}`, headers: manager }))
        .statusCode,
    ).toBe(200);
    expect((await upload(manager)).statusCode).toBe(403);
    expect((await upload(await h('agent@demo.test'))).statusCode).toBe(403);
    expect((await upload(ops, 999999)).statusCode).toBe(404);
  });
});
