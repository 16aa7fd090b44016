import { parentPort, workerData } from 'node:worker_threads';
import type { PdfJob, PdfWorkerAnswer } from './pdf-pool';

/**
 * The loop of one PDF worker thread (platform/pdf/pdf-pool.ts): loads the renderer modules it is asked for
 * (once each; their fonts are parsed once per worker and kept) and renders one document at a time.
 */
type Renderer = (input: unknown) => Uint8Array | Promise<Uint8Array>;
type RendererModule = Record<string, unknown>;

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread only');

const modules = new Map<string, Promise<RendererModule>>();
const load = (url: string) => {
  let m = modules.get(url);
  if (!m) {
    m = import(url) as Promise<RendererModule>;
    modules.set(url, m);
  }
  return m;
};

async function run(job: PdfJob): Promise<Uint8Array> {
  const fn = (await load(job.module))[job.exportName];
  if (typeof fn !== 'function') throw new Error(`${job.module} exports no function ${job.exportName}`);
  return (fn as Renderer)(job.input);
}

/**
 * The PDF's memory moves to the main thread instead of being copied, when the bytes own their whole buffer (a
 * Buffer.concat of a document over 4 KB does; a slice of Node's shared small-buffer pool must be copied).
 */
const transferable = (pdf: Uint8Array): ArrayBuffer[] =>
  pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength && pdf.buffer instanceof ArrayBuffer
    ? [pdf.buffer]
    : [];

port.on('message', (job: PdfJob) => {
  run(job).then(
    (pdf) => port.postMessage({ id: job.id, ok: true, pdf } satisfies PdfWorkerAnswer, transferable(pdf)),
    (e: unknown) =>
      port.postMessage({
        id: job.id,
        ok: false,
        error: e instanceof Error ? (e.stack ?? e.message) : String(e),
      } satisfies PdfWorkerAnswer),
  );
});

// Warm-up: the renderers the pool names are loaded and their `warm()` run; then the pool hears it is ready.
const { warm } = workerData as { warm: string[] };
for (const url of warm) {
  const w = (await load(url).catch(() => ({}) as RendererModule)).warm;
  if (typeof w === 'function') {
    try {
      await (w as () => unknown)();
    } catch {
      // A failed warm-up only means the first document pays for the fonts; its own errors are reported then.
    }
  }
}
port.postMessage({ ready: true } satisfies PdfWorkerAnswer);
