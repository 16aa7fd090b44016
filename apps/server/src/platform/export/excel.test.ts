import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendExcel } from './excel';

/** A reply that keeps its headers and the stream it is sent. */
function fakeReply() {
  const headers: Record<string, string> = {};
  let sent: PassThrough | null = null;
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
    send(stream: PassThrough) {
      sent = stream;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, headers, body: () => sent as unknown as PassThrough };
}

async function collect(stream: PassThrough) {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('sendExcel', () => {
  it('streams text, numbers and dates with their own formats when cells of a type share one style', async () => {
    const { reply, headers, body } = fakeReply();
    const day = new Date('2026-05-07T00:00:00Z');
    const rows = [
      { no: 'SO1', n: 3, d: day },
      { no: 'SO2', n: 4.5, d: null },
      { no: null, n: 0, d: day },
    ];
    sendExcel(reply, {
      fileName: 'Bookings 一.xlsx',
      sheetName: 'Bookings',
      columns: [
        { header: 'SO#', value: (r) => r.no },
        { header: 'Qty', value: (r) => r.n },
        { header: 'ETD', value: (r) => r.d },
      ],
      rows,
    });
    expect(headers['content-disposition']).toContain(encodeURIComponent('Bookings 一.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await collect(body())) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Bookings');
    if (!sheet) throw new Error('no sheet');
    expect(sheet.getRow(1).getCell(1).value).toBe('SO#');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).value).toBe('SO1');
    expect(sheet.getRow(2).getCell(2).value).toBe(3);
    expect(sheet.getRow(3).getCell(2).value).toBe(4.5);
    expect(sheet.getRow(2).getCell(3).value).toEqual(day);
    // A date stays a date to Excel (its date format) although text and number cells came first.
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('mm-dd-yy');
    expect(sheet.getRow(4).getCell(3).numFmt).toBe('mm-dd-yy');
    expect(sheet.getRow(2).getCell(2).numFmt ?? 'General').toBe('General');
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
  });
});
