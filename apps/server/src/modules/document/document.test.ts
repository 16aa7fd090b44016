import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClamdStandIn, closedPort, EICAR, startClamdStandIn } from '../../../test/clamd-stand-in';
import { multipartForm, tinyPdf } from '../../../test/multipart-form';
import { bearer, createTestApp, sessionToken } from '../../../test/test-app';
import { seedDemoParties } from '../party';
import { seedDemoWarehouses } from '../warehouse';

type H = Record<string, string>;
const MAX = 64 * 1024;
const pdf = tinyPdf;
const form = multipartForm;

/** Every file under a folder (recursively), relative names. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** An app on its own database and files folder, plus handy callers. */
async function setup(env: Record<string, string> = {}) {
  const filesDir = await mkdtemp(path.join(tmpdir(), 'portal-files-'));
  const t = await createTestApp({ FILES_DIR: filesDir, FILE_MAX_BYTES: String(MAX), ...env });
  await seedDemoParties(t.db);
  await seedDemoWarehouses(t.db);
  const { rows } = await t.db.execute<{ party_id: number }>(
    sql`select party_id from parties order by party_id`,
  );
  const { rows: wh } = await t.db.execute<{ party_code_id: number }>(
    sql`select party_code_id from warehouses order by party_code_id limit 1`,
  );
  const admin = bearer(await sessionToken(t, 'admin@demo.test'));
  const upload = (entity: string, body: ReturnType<typeof form>, headers: H = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/Document/${entity}`,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  const get = (url: string, headers: H = admin) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const countDocs = async () =>
    Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from documents`)).rows[0].n);
  return {
    t,
    filesDir,
    admin,
    parties: rows.map((r) => r.party_id),
    warehouseId: wh[0].party_code_id,
    upload,
    get,
    countDocs,
    close: async () => {
      await t.close();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

let s: Awaited<ReturnType<typeof setup>>;
let p1: string;
let p2: string;

beforeAll(async () => {
  s = await setup();
  p1 = `party/${s.parties[0]}`;
  p2 = `party/${s.parties[1]}`;
});
afterAll(() => s.close());

describe('document upload, list, download and remove', () => {
  it('answers the upload rules from configuration', async () => {
    const res = await s.get('/Document/rules');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      max_bytes: MAX,
      allowed_types: ['pdf', 'jpg', 'jpeg', 'png', 'xlsx', 'xls', 'docx', 'doc', 'csv', 'txt'],
      virus_scan: false,
    });
  });

  it('round-trips a PDF: upload, list, download with its name, remove (kept in history)', async () => {
    const content = pdf('round trip');
    const up = await s.upload(p1, form({ document_type: 'BR' }, { name: 'br-cert.pdf', content }));
    expect(up.statusCode, up.body).toBe(201);
    const doc = up.json();
    expect(doc).toMatchObject({
      entity_type: 'party',
      entity_id: String(s.parties[0]),
      document_type: 'BR',
      file_name: 'br-cert.pdf',
      content_type: 'application/pdf',
      size_bytes: content.length,
      removed: false,
      version: 1,
      uploaded_by: 'admin@demo.test',
    });
    expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/);

    const list = await s.get(`/Document/${p1}`);
    expect(list.json().map((d: { document_id: number }) => d.document_id)).toEqual([doc.document_id]);

    const dl = await s.get(`/Document/${p1}/${doc.document_id}/download`);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(content)).toBe(true);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="br-cert.pdf"; filename*=UTF-8''br-cert.pdf`,
    );
    expect(dl.headers['x-content-type-options']).toBe('nosniff');

    const del = await s.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/Document/${p1}/${doc.document_id}?version=${doc.version}`,
      headers: s.admin,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ removed: true, removed_by: 'admin@demo.test', version: 2 });
    expect((await s.get(`/Document/${p1}`)).json()).toEqual([]);
    const all = (await s.get(`/Document/${p1}?include_removed=true`)).json();
    expect(all).toMatchObject([{ document_id: doc.document_id, removed: true }]);
    expect((await s.get(`/Document/${p1}/${doc.document_id}/download`)).statusCode).toBe(404);

    const again = await s.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/Document/${p1}/${doc.document_id}?version=${doc.version}`,
      headers: s.admin,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msgKey).toBe('msgRecordNotLatest');

    const history = (await s.get(`/Document/${p1}/history`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['document_remove', 'document_upload']);
    expect(history[1]).toMatchObject({
      changes: { file_name: { from: null, to: 'br-cert.pdf' }, document_type: { from: null, to: 'BR' } },
    });
    expect(history[0].changes.file_name).toEqual({ from: 'br-cert.pdf', to: null });
    expect(history[0].actor_name).toBeTruthy();
  });

  it('sends a non-ASCII name as RFC 5987 filename*', async () => {
    const up = await s.upload(
      p1,
      form({ document_type: 'TAX' }, { name: '稅務證明 2024.pdf', content: pdf('tax') }),
    );
    expect(up.statusCode, up.body).toBe(201);
    const dl = await s.get(`/Document/${p1}/${up.json().document_id}/download`);
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="____ 2024.pdf"; filename*=UTF-8''${encodeURIComponent('稅務證明 2024.pdf')}`,
    );
  });

  it('stores identical content once, across entities, and refuses the same file twice with the same type', async () => {
    const content = pdf('shared contract');
    const a = await s.upload(p1, form({ document_type: 'CONTRACT' }, { name: 'contract.pdf', content }));
    const b = await s.upload(p2, form({ document_type: 'CONTRACT' }, { name: 'copy.pdf', content }));
    const c = await s.upload(
      `warehouse/${s.warehouseId}`,
      form({ document_type: 'OTHER' }, { name: 'lease.pdf', content }),
    );
    for (const r of [a, b, c]) expect(r.statusCode, r.body).toBe(201);
    const sha = a.json().sha256;
    expect(b.json().sha256).toBe(sha);
    expect(c.json().sha256).toBe(sha);
    const stored = (await filesUnder(s.filesDir)).filter((f) => f.endsWith(sha));
    expect(stored).toEqual([path.join(sha.slice(0, 2), sha.slice(2, 4), sha)]);
    expect(await filesUnder(path.join(s.filesDir, 'tmp'))).toEqual([]);

    const dup = await s.upload(p1, form({ document_type: 'CONTRACT' }, { name: 'contract.pdf', content }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msgKey).toBe('msgDocumentDuplicate');
    // the same file as another type is fine (e.g. a contract that is also the bank proof)
    const other = await s.upload(p1, form({ document_type: 'BANK' }, { name: 'contract.pdf', content }));
    expect(other.statusCode).toBe(201);
  });

  it('takes the fields in any order (file first)', async () => {
    const body = form({}, { name: 'first.txt', content: Buffer.from('plain text\n') });
    const late = Buffer.from(
      body.payload
        .toString('latin1')
        .replace(
          /--(\S+)--\r\n$/,
          '--$1\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nOTHER\r\n--$1--\r\n',
        ),
      'latin1',
    );
    const res = await s.upload(p2, { payload: late, contentType: body.contentType });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ document_type: 'OTHER', content_type: 'text/plain' });
  });
});

describe('refused uploads store nothing', () => {
  it('answers 413 msgFileTooLarge past FILE_MAX_BYTES', async () => {
    const before = await s.countDocs();
    const big = Buffer.concat([pdf('big'), Buffer.alloc(MAX, 0x20)]);
    const res = await s.upload(p1, form({ document_type: 'OTHER' }, { name: 'big.pdf', content: big }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ msgKey: 'msgFileTooLarge', params: { maxMb: 0.1 } });
    expect(await s.countDocs()).toBe(before);
    expect(await filesUnder(path.join(s.filesDir, 'tmp'))).toEqual([]);
  });

  it('refuses a disguised type: an executable renamed .pdf, a PNG named .jpg, and an .exe', async () => {
    const before = await s.countDocs();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 1)]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    for (const [name, content, type] of [
      ['invoice.pdf', exe, 'application/pdf'],
      ['photo.jpg', png, 'image/jpeg'],
      ['setup.exe', exe, 'application/octet-stream'],
      ['data.csv', exe, 'text/csv'],
      ['no-extension', pdf(), 'application/pdf'],
    ] as const) {
      const res = await s.upload(p1, form({ document_type: 'OTHER' }, { name, content, type }));
      expect(res.statusCode, name).toBe(415);
      expect(res.json().msgKey, name).toBe('msgFileTypeNotAllowed');
    }
    expect(await s.countDocs()).toBe(before);
    expect(await filesUnder(path.join(s.filesDir, 'tmp'))).toEqual([]);
  });

  it('answers 400 without a file, for an empty file or an unknown document type', async () => {
    const none = await s.upload(p1, form({ document_type: 'OTHER' }));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ msgKey: 'msgFileRequired', details: [{ field: 'file' }] });
    const empty = await s.upload(
      p1,
      form({ document_type: 'OTHER' }, { name: 'a.pdf', content: Buffer.alloc(0) }),
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msgKey).toBe('msgFileRequired');
    const type = await s.upload(p1, form({ document_type: 'NOPE' }, { name: 'a.pdf', content: pdf('x') }));
    expect(type.statusCode).toBe(400);
    expect(type.json().details).toEqual([{ field: 'document_type', msgKey: 'msgDocumentTypeUnknown' }]);
    const missingType = await s.upload(p1, form({}, { name: 'a.pdf', content: pdf('y') }));
    expect(missingType.statusCode).toBe(400);
    expect(missingType.json().details).toEqual([{ field: 'document_type', msgKey: 'msgFieldRequired' }]);
  });

  it('answers 415 to a JSON body and 404 for an entity that does not exist', async () => {
    const json = await s.t.app.inject({
      method: 'POST',
      url: `/api/v1/Document/${p1}`,
      headers: s.admin,
      payload: {},
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().msgKey).toBe('msgUnsupportedMediaType');
    const missing = await s.upload(
      'party/999999',
      form({ document_type: 'OTHER' }, { name: 'a.pdf', content: pdf() }),
    );
    expect(missing.statusCode).toBe(404);
    expect((await s.get('/Document/party/999999')).statusCode).toBe(404);
    expect((await s.get('/Document/party/abc')).statusCode).toBe(404);
  });
});

describe('document access follows the owning module', () => {
  it('declares every owner route with the owner function id, so the access test walks them too', () => {
    const routes = s.t.app.accessRegistry.filter((r) => r.url.startsWith('/api/v1/Document/'));
    const base = '/api/v1/Document';
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: `${base}/party/:entity_id`, access: { funcId: 'party' } },
        { method: 'POST', url: `${base}/party/:entity_id`, access: { funcId: 'party' } },
        { method: 'GET', url: `${base}/party/:entity_id/history`, access: { funcId: 'party' } },
        { method: 'GET', url: `${base}/party/:entity_id/:document_id/download`, access: { funcId: 'party' } },
        { method: 'DELETE', url: `${base}/party/:entity_id/:document_id`, access: { funcId: 'party' } },
        { method: 'POST', url: `${base}/warehouse/:entity_id`, access: { funcId: 'admin' } },
        { method: 'DELETE', url: `${base}/warehouse/:entity_id/:document_id`, access: { funcId: 'admin' } },
      ]),
    );
  });

  it('refuses a user without the owner function id (party → party, warehouse → admin)', async () => {
    const shipper = bearer(await sessionToken(s.t, 'shipper@demo.test'));
    const ops = bearer(await sessionToken(s.t, 'ops@demo.test'));
    expect((await s.get(`/Document/${p1}`, shipper)).statusCode).toBe(403);
    const up = await s.upload(
      p1,
      form({ document_type: 'OTHER' }, { name: 'a.pdf', content: pdf('z') }),
      shipper,
    );
    expect(up.statusCode).toBe(403);
    // operations maintain parties but not warehouses
    expect((await s.get(`/Document/${p1}`, ops)).statusCode).toBe(200);
    expect((await s.get(`/Document/warehouse/${s.warehouseId}`, ops)).statusCode).toBe(403);
  });
});

describe('virus scan through clamd', () => {
  let clamd: ClamdStandIn;
  let v: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    clamd = await startClamdStandIn();
    v = await setup({ CLAMD_HOST: '127.0.0.1', CLAMD_PORT: String(clamd.port) });
  });
  afterAll(async () => {
    await v.close();
    await clamd.close();
  });

  it('scans clean files and accepts them', async () => {
    const res = await v.upload(
      `party/${v.parties[0]}`,
      form({ document_type: 'OTHER' }, { name: 'ok.pdf', content: pdf('clean') }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(clamd.scanned()).toBe(1);
    expect((await v.get('/Document/rules')).json().virus_scan).toBe(true);
  });

  it('answers 422 msgVirusDetected for the EICAR test file and stores nothing', async () => {
    const before = await v.countDocs();
    const filesBefore = await filesUnder(v.filesDir);
    const res = await v.upload(
      `party/${v.parties[0]}`,
      form({ document_type: 'OTHER' }, { name: 'eicar.txt', content: Buffer.from(EICAR) }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe('msgVirusDetected');
    expect(await v.countDocs()).toBe(before);
    expect(await filesUnder(v.filesDir)).toEqual(filesBefore);
  });

  it('answers 503 msgVirusScanUnavailable when clamd cannot be reached (fail closed)', async () => {
    const down = await setup({ CLAMD_HOST: '127.0.0.1', CLAMD_PORT: String(await closedPort()) });
    try {
      const res = await down.upload(
        `party/${down.parties[0]}`,
        form({ document_type: 'OTHER' }, { name: 'ok.pdf', content: pdf('unscanned') }),
      );
      expect(res.statusCode).toBe(503);
      expect(res.json().msgKey).toBe('msgVirusScanUnavailable');
      expect(await down.countDocs()).toBe(0);
      expect(await filesUnder(down.filesDir)).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
