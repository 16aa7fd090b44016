import { threadId } from 'node:worker_threads';
import { MSG } from '@portal/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { PdfPool } from './pdf-pool';

const FIXTURE = new URL('./pdf-pool.fixture.test-helpers.ts', import.meta.url).href;
const r = (exportName: string) => ({ module: FIXTURE, exportName });
const text = (b: Buffer) => b.toString('utf8');

/** The AppError a render answered (or a failure of the test when it answered bytes). */
const refusal = async (p: Promise<Buffer>) => {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
};

const pools: PdfPool[] = [];
const pool = (...args: ConstructorParameters<typeof PdfPool>) => {
  const p = new PdfPool(...args);
  pools.push(p);
  return p;
};
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe('PDF worker pool', () => {
  it('renders on worker threads, never more workers than its size', async () => {
    const p = pool(2);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => p.render(r('echo'), { text: `doc ${i}` }).then(text)),
    );
    answers.forEach((a, i) => {
      expect(a.startsWith(`doc ${i} on thread `)).toBe(true);
    });
    const threads = new Set(answers.map((a) => Number(a.split(' on thread ')[1])));
    expect(threads.has(threadId)).toBe(false);
    expect(threads.size).toBeLessThanOrEqual(2);
    expect(p.stats()).toMatchObject({ size: 2, workers: 2, busy: 0, queued: 0, rendered: 6, failed: 0 });
  });

  it('answers 422 msgPdfRenderFailed when a render throws or its worker dies, and carries on', async () => {
    const p = pool(1);
    const thrown = await refusal(p.render(r('fails'), {}));
    expect([thrown.statusCode, thrown.msgKey]).toEqual([422, MSG.pdfRenderFailed]);
    expect(text(await p.render(r('echo'), { text: 'after a throw' }))).toContain('after a throw');

    const died = await refusal(p.render(r('crash'), {}));
    expect([died.statusCode, died.msgKey]).toEqual([422, MSG.pdfRenderFailed]);
    // The dead worker is replaced by a new one.
    expect(text(await p.render(r('echo'), { text: 'after a crash' }))).toContain('after a crash');
    expect(p.stats()).toMatchObject({ workers: 1, failed: 2, workersStarted: 2 });

    const missing = await refusal(p.render(r('noSuchExport'), {}));
    expect(missing.msgKey).toBe(MSG.pdfRenderFailed);
  });

  it('ends a render that hangs past the time limit', async () => {
    const p = pool(1, 10, 300);
    const hung = await refusal(p.render(r('busy'), { ms: 60_000 }));
    expect([hung.statusCode, hung.msgKey]).toEqual([422, MSG.pdfRenderFailed]);
    expect(text(await p.render(r('echo'), { text: 'next' }))).toContain('next');
  });

  it('answers 503 msgPdfBusy once the queue is full', async () => {
    const p = pool(1, 2);
    // A started worker first: documents waiting for a worker to start count in the queue too.
    await p.render(r('echo'), { text: 'boot' });
    const running = [
      p.render(r('busy'), { ms: 400 }),
      p.render(r('busy'), { ms: 1 }),
      p.render(r('busy'), { ms: 1 }),
    ];
    const refused = await refusal(p.render(r('busy'), { ms: 1 }));
    expect([refused.statusCode, refused.msgKey]).toEqual([503, MSG.pdfBusy]);
    expect(refused.extra.params).toEqual({ retryAfterSeconds: 1 });
    expect((await Promise.all(running)).map((b) => b.length)).toEqual([1, 1, 1]);
  });

  it("start() runs the workers and their renderers' warm-up before any document; on demand they skip it", async () => {
    const started = pool(2);
    started.register(r('wasWarmed'));
    started.start();
    expect(started.stats()).toMatchObject({ workers: 2, busy: 0 });
    const answers = await Promise.all([1, 2].map(() => started.render(r('wasWarmed'), {}).then(text)));
    expect(answers).toEqual(['true', 'true']);
    expect(started.stats().workersStarted).toBe(2);

    const onDemand = pool(1);
    onDemand.register(r('wasWarmed'));
    expect(onDemand.stats().workers).toBe(0);
    expect(text(await onDemand.render(r('wasWarmed'), {}))).toBe('false');
  });

  it('PDF_WORKERS=0 renders on the calling thread with the same answers', async () => {
    const p = pool(0);
    expect(text(await p.render(r('echo'), { text: 'here' }))).toBe(`here on thread ${threadId}`);
    expect((await refusal(p.render(r('fails'), {}))).msgKey).toBe(MSG.pdfRenderFailed);
  });
});
