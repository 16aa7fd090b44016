import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { MSG } from '@portal/contracts';
import { AppError } from '../errors/app-error';

/**
 * The PDF worker pool (docs/performance.md "House bill PDF"). Laying out a PDF is 10-40 ms of synchronous
 * CPU; on the request's thread twenty at once stall every other request of the instance (lists, the header's
 * search) for the whole burst. Here documents render on worker threads, one at a time each, so the event
 * loop only hands over the data and sends the bytes. Each worker keeps its parsed fonts (platform/pdf/
 * pdf-fonts.ts) for its lifetime, so no document parses the 10 MB CJK font again.
 *
 * A renderer is a module that imports only what the layout needs (pdfkit, the fonts) and exports a function
 * `(input) => Uint8Array | Promise<Uint8Array>`; it may export `warm()`, run once when a worker starts. The
 * input crosses the thread boundary by structured clone (plain data: no class instances, no functions).
 *
 * Sizing: PDF_WORKERS (default: the machine's cores, `os.availableParallelism()`; 0 renders on the calling
 * thread, as before the pool). Workers start with the server (`start()`) or on the first PDF, and stay; they
 * do not keep the process alive.
 * A render that throws or whose worker dies answers 422 msgPdfRenderFailed (the worker is replaced); more than
 * PDF_QUEUE_MAX documents waiting answers 503 msgPdfBusy (try again in a second); PDF_TIMEOUT_MS (30 s) ends
 * a render that hangs.
 */

/** A layout module and its render function's export name. `module` is an absolute file URL. */
export interface PdfRenderer {
  module: string;
  exportName: string;
}
/** One document to render (main thread → worker). */
export interface PdfJob extends PdfRenderer {
  id: number;
  input: unknown;
}
/** A worker's answer (worker → main thread). */
export type PdfWorkerAnswer =
  | { id: number; ok: true; pdf: Uint8Array }
  | { id: number; ok: false; error: string }
  /** Sent once, when the worker has loaded (and warmed) its renderers: documents go to ready workers only. */
  | { ready: true };

const envInt = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] !== undefined && process.env[name] !== '' && Number.isFinite(v)
    ? Math.floor(v)
    : fallback;
};
export const PDF_WORKERS = Math.max(0, envInt('PDF_WORKERS', os.availableParallelism()));
export const PDF_QUEUE_MAX = Math.max(1, envInt('PDF_QUEUE_MAX', 200));
export const PDF_TIMEOUT_MS = Math.max(100, envInt('PDF_TIMEOUT_MS', 30_000));

interface Pending {
  job: PdfJob;
  resolve: (pdf: Buffer) => void;
  reject: (e: AppError) => void;
}
interface Slot {
  worker: Worker;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
  /** Why the worker is being ended (a timeout), for the job's error. */
  ending: string | null;
  /** Loaded and warmed: takes documents (the time limit counts from here, not from the worker's start). */
  ready: boolean;
}

const renderFailed = () => new AppError(422, MSG.pdfRenderFailed);
const toBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

export class PdfPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  /** Renderer modules registered or used so far: the workers of `start()` load and warm them. */
  private readonly renderers = new Set<string>();
  private nextId = 1;
  private readonly counts = { rendered: 0, failed: 0, refused: 0, workersStarted: 0 };

  constructor(
    private readonly size = PDF_WORKERS,
    private readonly queueMax = PDF_QUEUE_MAX,
    private readonly timeoutMs = PDF_TIMEOUT_MS,
  ) {}

  /** Renders `input` with `renderer` on a worker; the PDF bytes, or an AppError (422 / 503) with a message key. */
  render(renderer: PdfRenderer, input: unknown): Promise<Buffer> {
    if (this.size <= 0) return this.renderHere(renderer, input);
    if (this.queue.length >= this.queueMax) {
      this.counts.refused++;
      return Promise.reject(new AppError(503, MSG.pdfBusy, { params: { retryAfterSeconds: 1 } }));
    }
    return new Promise<Buffer>((resolve, reject) => {
      const job: PdfJob = {
        id: this.nextId++,
        module: renderer.module,
        exportName: renderer.exportName,
        input,
      };
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  /**
   * Names a renderer the workers of `start()` load and warm (its `warm()`) before any document asks for it (a
   * module registers its renderers when it loads).
   */
  register(renderer: PdfRenderer): void {
    this.renderers.add(renderer.module);
  }

  /**
   * Starts every worker now (main.ts, once the instance listens), so the first PDFs find warm workers: a new
   * worker takes 1-2 s to load pdfkit and the fonts, and its first few dozen documents run slower while V8
   * compiles the layout code (the renderers' `warm()` does that before the first real document). Without it,
   * workers start on the first PDF (tests, scripts).
   */
  start(): void {
    while (this.slots.length < this.size) this.spawn(true);
  }

  /** Workers, documents in progress and waiting, and totals since the process started (tests, the bench). */
  stats() {
    return {
      size: this.size,
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.current).length,
      queued: this.queue.length,
      threadIds: this.slots.map((s) => s.worker.threadId),
      ...this.counts,
    };
  }

  /** Ends every worker (a waiting or running document fails with 422); the next render starts new ones. */
  async close(): Promise<void> {
    // The queue first: an ending worker's exit would hand it to a new worker.
    for (const p of this.queue.splice(0)) p.reject(renderFailed());
    const slots = this.slots.splice(0);
    for (const s of slots) s.ending = 'pool closed';
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private dispatch() {
    for (const s of this.slots) {
      if (this.queue.length === 0) return;
      if (!s.ready || s.current || s.ending) continue;
      const p = this.queue.shift() as Pending;
      s.current = p;
      s.worker.ref();
      s.timer = setTimeout(() => this.end(s, `timed out after ${this.timeoutMs} ms`), this.timeoutMs);
      s.worker.postMessage(p.job);
    }
    // Documents left over wait for the workers still starting, and more start up to the pool's size; started on
    // demand, a worker does not warm up first (a document is waiting for it).
    const starting = this.slots.filter((s) => !s.ready && !s.ending).length;
    for (let n = Math.min(this.queue.length - starting, this.size - this.slots.length); n > 0; n--) {
      this.spawn(false);
    }
  }

  private spawn(warm: boolean): Slot {
    const worker = new Worker(new URL('./pdf-worker-boot.mjs', import.meta.url), {
      // The boot file registers the TypeScript loader itself; the parent's flags (--import tsx) are not repeated.
      execArgv: [],
      workerData: { warm: warm ? [...this.renderers] : [] },
    });
    const slot: Slot = { worker, current: null, timer: null, ending: null, ready: false };
    worker.on('message', (a: PdfWorkerAnswer) => {
      if ('ready' in a) {
        slot.ready = true;
        slot.worker.unref();
        this.dispatch();
      } else this.settle(slot, a);
    });
    worker.on('error', (e) => this.end(slot, `worker error: ${e.message}`));
    worker.on('exit', (code) => this.exited(slot, code));
    // An idle worker does not keep the process alive; it is ref'd while it renders, and while it starts for a
    // waiting document.
    if (warm) worker.unref();
    this.slots.push(slot);
    this.counts.workersStarted++;
    return slot;
  }

  private settle(slot: Slot, a: Exclude<PdfWorkerAnswer, { ready: true }>) {
    const p = slot.current;
    if (!p || p.job.id !== a.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.current = null;
    slot.timer = null;
    slot.worker.unref();
    if (a.ok) {
      this.counts.rendered++;
      p.resolve(toBuffer(a.pdf));
    } else {
      this.counts.failed++;
      console.warn(`[pdf] ${p.job.exportName} failed: ${a.error}`);
      p.reject(renderFailed());
    }
    this.dispatch();
  }

  /** Ends a worker that hangs or broke; its document fails, a new worker takes the queue. */
  private end(slot: Slot, why: string) {
    if (slot.ending) return;
    slot.ending = why;
    void slot.worker.terminate();
  }

  private exited(slot: Slot, code: number) {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    if (!slot.ready && !slot.ending) {
      // A worker that dies while starting (a broken install) would die again: the waiting documents fail now
      // instead of starting workers in a loop; the next document tries a new worker.
      console.warn(`[pdf] a PDF worker exited (${code}) while starting`);
      for (const p of this.queue.splice(0)) {
        this.counts.failed++;
        p.reject(renderFailed());
      }
    }
    if (slot.current)
      this.settle(slot, {
        id: slot.current.job.id,
        ok: false,
        error: slot.ending ?? `worker exited (${code})`,
      });
    this.dispatch();
  }

  /** PDF_WORKERS=0: the same renderer on this thread (same output; no isolation from other requests). */
  private async renderHere(renderer: PdfRenderer, input: unknown): Promise<Buffer> {
    try {
      const mod = (await import(renderer.module)) as Record<string, unknown>;
      const fn = mod[renderer.exportName] as (i: unknown) => Uint8Array | Promise<Uint8Array>;
      const pdf = await fn(input);
      this.counts.rendered++;
      return toBuffer(pdf);
    } catch (e) {
      this.counts.failed++;
      console.warn(`[pdf] ${renderer.exportName} failed: ${e instanceof Error ? e.message : String(e)}`);
      throw renderFailed();
    }
  }
}

/** The process's pool, shared by every PDF route (house bill, and any renderer that moves to it). */
export const pdfPool = new PdfPool();
