import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  signIn,
  TEST_JWT_SECRET,
  TEST_RATE_LIMITS,
  type TestApp,
} from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { pickEncoding, SYNC_COMPRESS_MAX } from './compression';

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

  it('compresses a JSON answer up to 256 KB in one piece: br or gzip as asked, with its length, same JSON', async () => {
    const token = await signIn(web, 'admin@demo.test');
    const url = '/api/v1/Users/UserModuleList';
    const plain = await web.inject({ url, headers: bearer(token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.rawPayload.length).toBeLessThan(SYNC_COMPRESS_MAX);

    const asBr = await web.inject({
      url,
      headers: { ...bearer(token), 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(asBr.headers['content-encoding']).toBe('br');
    expect(String(asBr.headers.vary)).toMatch(/accept-encoding/i);
    // One buffer with its length (the streams sent it in chunks without one).
    expect(Number(asBr.headers['content-length'])).toBe(asBr.rawPayload.length);
    expect(asBr.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(asBr.rawPayload).toString())).toEqual(plain.json());

    const asGzip = await web.inject({
      url,
      headers: { ...bearer(token), 'accept-encoding': 'br;q=0.5, gzip' },
    });
    expect(asGzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(asGzip.rawPayload).toString())).toEqual(plain.json());

    for (const headers of [
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br', 'x-no-compression': '1' },
    ]) {
      const res = await web.inject({ url, headers: { ...bearer(token), ...headers } });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toEqual(plain.json());
    }
  });

  it('picks the encoding by q-value, br on a tie, * for both, none when neither is acceptable', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pickEncoding('deflate, identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
