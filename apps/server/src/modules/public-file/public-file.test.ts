import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (name: string) => t.app.inject({ method: 'GET', url: `/api/v1/File/DownloadPublicFile/${name}` });

describe('public files', () => {
  it('downloads each public document without signing in, as an attached PDF', async () => {
    for (const name of ['PrivacyPolicy', 'PersonalInformationExportStatement.pdf', 'ChinaPrivacyPolicy']) {
      const res = await get(name);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="[A-Za-z]+\.pdf"/);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('answers 404 for unknown names and anything that tries to leave the folder', async () => {
    for (const name of [
      'nope.pdf',
      '..%2F..%2Fpackage.json',
      '..%2Fsrc%2Fmain.ts',
      'constructor',
      '%2Fetc%2Fpasswd',
    ]) {
      expect((await get(name)).statusCode, name).toBe(404);
    }
    const traversal = await t.app.inject({
      method: 'GET',
      url: '/api/v1/File/DownloadPublicFile/../../package.json',
    });
    expect(traversal.headers['content-type']).not.toBe('application/pdf');
  });
});
