import { MSG } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestBooking } from '../../../test/booking-factory';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { PdfPool, pdfPool } from '../../platform/pdf/pdf-pool';
import { internalActor } from './booking.fixture.test-helpers';
import { HOUSE_DOC_RENDERER, houseDocData } from './house-doc.pdf';

/** House bill PDFs through the PDF worker pool (platform/pdf/pdf-pool.ts, docs/performance.md). */

let t: TestApp;
let ops: Record<string, string>;
const get = (soNo: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/Booking/${soNo}/house-doc`, headers: ops });

/** The bytes of a PDF without what differs between two renders of the same data: the creation time, file id. */
const stable = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '');

beforeAll(async () => {
  t = await createTestApp();
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
});
afterAll(async () => t?.close());

describe('house bill PDF', () => {
  it('renders on a PDF worker, byte for byte what the same layout renders on the calling thread', async () => {
    const so = await createTestBooking(
      t.db,
      { hbl_no: 'HBPOOL0001', job_no: 'JBPOOL0001', status: 'CONFIRMED' },
      [{ container_no: 'MSKU1234565', seal_no: 'SL1', package_qty: 10, gross_weight: '100', cbm: '1' }],
    );
    const before = pdfPool.stats();
    const res = await get(so.so_no);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const after = pdfPool.stats();
    expect(after.rendered).toBe(before.rendered + 1);
    expect(after.workers).toBeGreaterThanOrEqual(1);
    expect(after.workers).toBeLessThanOrEqual(after.size);

    const data = await houseDocData(t.db, internalActor, so.so_no);
    const here = new PdfPool(0);
    const [onWorker, onThisThread] = await Promise.all([
      pdfPool.render(HOUSE_DOC_RENDERER, data),
      here.render(HOUSE_DOC_RENDERER, data),
    ]);
    expect(onWorker.subarray(0, 5).toString()).toBe('%PDF-');
    expect(stable(onWorker)).toBe(stable(onThisThread));
  });

  it('answers a failed render with 422 msgPdfRenderFailed, not a 500', async () => {
    const so = await createTestBooking(t.db, { hbl_no: 'HBPOOL0002', status: 'CONFIRMED' });
    const real = pdfPool.render.bind(pdfPool);
    const failing = {
      module: new URL('../../platform/pdf/pdf-pool.fixture.test-helpers.ts', import.meta.url).href,
    };
    // The route's render goes to the real pool, with a layout that throws on the worker.
    const spy = vi
      .spyOn(pdfPool, 'render')
      .mockImplementationOnce((_renderer, input) => real({ ...failing, exportName: 'fails' }, input));
    try {
      const res = await get(so.so_no);
      expect(res.statusCode).toBe(422);
      expect(res.json().msgKey).toBe(MSG.pdfRenderFailed);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    // The pool carries on.
    expect((await get(so.so_no)).statusCode).toBe(200);
  });
});
