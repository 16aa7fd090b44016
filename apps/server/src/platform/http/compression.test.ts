import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_JWT_SECRET, TEST_RATE_LIMITS, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';

/** Compressed answers (issue 20): the build's precompressed files as they are, API answers on the fly. */

let t: TestApp;
let web: FastifyInstance;
let webDir: string;
const SCRIPT = `console.log(${JSON.stringify('portal '.repeat(400))});\n`;

beforeAll(async () => {
  t = await createTestApp();
  webDir = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
  await mkdir(path.join(webDir, 'assets'));
  const html = `<!doctype html><title>${'portal '.repeat(300)}</title><div id="root"></div>`;
  await writeFile(path.join(webDir, 'index.html'), html);
  await writeFile(path.join(webDir, 'index.html.br'), brotliCompressSync(html));
  await writeFile(path.join(webDir, 'assets', 'app-1.js'), SCRIPT);
  await writeFile(path.join(webDir, 'assets', 'app-1.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(webDir, 'assets', 'app-1.js.gz'), gzipSync(SCRIPT));
  web = await buildApp({
    db: t.db,
    config: { ...loadConfig(TEST_RATE_LIMITS), webDistDir: webDir },
    jwtSecret: TEST_JWT_SECRET,
    logger: false,
  });
});
afterAll(async () => {
  await web?.close();
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('compression', () => {
  it('sends the precompressed Brotli or gzip file of an asset, and the file itself without Accept-Encoding', async () => {
    const asBr = await web.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(asBr.statusCode).toBe(200);
    expect(asBr.headers['content-encoding']).toBe('br');
    expect(asBr.headers['cache-control']).toContain('immutable');
    expect(String(asBr.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(asBr.rawPayload).toString()).toBe(SCRIPT);

    const asGzip = await web.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asGzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(asGzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await web.inject({ url: '/assets/app-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the web app (a deep link) compressed, still never cached', async () => {
    const res = await web.inject({ url: '/BMS/enhance_booking', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
  });

  it('compresses API answers over 1 KB for clients that accept it, and only for them', async () => {
    const zipped = await web.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const spec = JSON.parse(gunzipSync(zipped.rawPayload).toString()) as { openapi: string };
    expect(spec.openapi).toMatch(/^3\./);

    const plain = await web.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.json() as { openapi: string }).openapi).toMatch(/^3\./);

    // A small answer is not worth compressing.
    const small = await web.inject({ url: '/readyz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('does not unpack compressed request bodies (the API takes plain JSON)', async () => {
    const res = await web.inject({
      method: 'POST',
      url: '/api/v1/Auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'ops@demo.test', password: 'x', language: 'en-US' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
