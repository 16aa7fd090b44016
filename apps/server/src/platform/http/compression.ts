import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are (what compressing saves does not pay for the work). */
export const COMPRESS_THRESHOLD = 1024;
/**
 * JSON answers up to this size are compressed in one synchronous call inside the request; larger ones, and
 * streams (exports, files), go through @fastify/compress's streams, which never hold the event loop long.
 */
export const SYNC_COMPRESS_MAX = 256 * 1024;

/**
 * Brotli settings for dynamic answers: quality 1 and a window no larger than the answer (the encoder's buffers
 * follow the window: 4 MB by default, allocated and freed on every call), with the size hint. Measured on list
 * pages (5-72 KB of JSON): quality 1 costs a third to a quarter of quality 4 (@fastify/compress's default) and
 * less than gzip 6, for answers ~20% larger (a 20-row booking page: 2.2 KB instead of 1.8 KB of 14.6 KB).
 */
const brotliParams = (size: number) => ({
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 1,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_LGWIN]: Math.max(
      constants.BROTLI_MIN_WINDOW_BITS,
      Math.min(constants.BROTLI_DEFAULT_WINDOW, Math.ceil(Math.log2(size + 1))),
    ),
  },
});
/** gzip for clients without Brotli: level 1, half the work of the default 6 for ~10% more bytes. */
const GZIP_OPTIONS = { level: 1 };

/**
 * The encoding to answer with for this Accept-Encoding: br or gzip, the one with the higher q-value (br on a
 * tie, as @fastify/compress's preference), `*` standing for both; null when neither is acceptable.
 */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let br = -1;
  let gzip = -1;
  let any = -1;
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    let q = 1;
    for (const p of params) {
      const [k, v] = p.trim().split('=');
      if (k === 'q') q = Number(v);
    }
    if (!Number.isFinite(q)) q = 0;
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = Math.max(gzip, q);
    else if (name === '*') any = q;
  }
  if (br < 0) br = any;
  if (gzip < 0) gzip = any;
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * Compresses the API's JSON answers of COMPRESS_THRESHOLD to SYNC_COMPRESS_MAX bytes in the request itself:
 * @fastify/compress wraps every answer in a stream pipeline (a readable, the zlib stream working on the thread
 * pool, chunked transfer) and set up a 4 MB Brotli encoder each time: a sixth of the server's busy time in
 * the list and search bench at 20 clients, more than building and reading the list queries. Registered as a global onSend hook, it runs before @fastify/compress's (a route
 * hook), which leaves an answer that already has a Content-Encoding alone; everything else (larger answers,
 * streams, files, clients that accept neither) is still @fastify/compress's, so what a client receives is
 * the same: br or gzip as it asks, `Vary: accept-encoding`, only a Content-Length instead of chunks.
 */
export function registerSyncCompression(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_THRESHOLD || size > SYNC_COMPRESS_MAX) return done(null, payload);
    if (request.headers['x-no-compression'] !== undefined) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return done(null, payload);
    const encoding = reply.getHeader('content-encoding');
    if (encoding !== undefined && encoding !== 'identity') return done(null, payload);
    const picked = pickEncoding(request.headers['accept-encoding']);
    if (!picked) return done(null, payload);
    const body =
      picked === 'br' ? brotliCompressSync(payload, brotliParams(size)) : gzipSync(payload, GZIP_OPTIONS);
    const vary = reply.getHeader('vary');
    if (vary === undefined) reply.header('vary', 'accept-encoding');
    else if (!String(vary).toLowerCase().includes('accept-encoding'))
      reply.header('vary', `${vary}, accept-encoding`);
    reply.header('content-encoding', picked);
    reply.removeHeader('content-length');
    done(null, body);
  });
}
