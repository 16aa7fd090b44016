import type { TMasterBl } from '@portal/contracts';
import PDFDocument from 'pdfkit';
import { afterEach, describe, expect, it } from 'vitest';
import { type MblPrint, renderMbl } from './master-bl.pdf';

/** One text line as written into the PDF: its page, box (points from the top left) and text. */
interface TextBox {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
  text: string;
}

/**
 * The repo has no PDF text extraction library (docs/decisions.md "mblpdf"): the text boxes are taken where
 * pdfkit writes them, its `_fragment` (each line's text operator with its position, measured width and line
 * height, on the page it is written to). The rotated DRAFT watermark is left out (it is meant to cross text).
 */
type Fragment = (this: PDFKit.PDFDocument, text: string, x: number, y: number, options: object) => unknown;
const proto = PDFDocument.prototype as unknown as { _fragment: Fragment };
const original = proto._fragment;
function recordText(): TextBox[] {
  const boxes: TextBox[] = [];
  const pages = new Map<unknown, number>();
  proto._fragment = function (this: PDFKit.PDFDocument, text, x, y, options) {
    const self = this as PDFKit.PDFDocument & { _ctm: number[] };
    const clean = `${text}`.replace(/\n/g, '');
    if (clean.trim() && self._ctm[1] === 0) {
      if (!pages.has(this.page)) pages.set(this.page, pages.size);
      boxes.push({
        page: pages.get(this.page) as number,
        x,
        y,
        w: this.widthOfString(clean.trimEnd()),
        h: this.currentLineHeight(),
        text: clean,
      });
    }
    return original.call(this, text, x, y, options);
  };
  return boxes;
}
afterEach(() => {
  proto._fragment = original;
});

const LONG = [
  'SHENZHEN GREAT OCEAN INTERNATIONAL HOME FURNISHING AND DECORATION MANUFACTURING COMPANY LIMITED',
  'ROTTERDAM EUROPEAN DISTRIBUTION CENTRE FOR SPORTING GOODS AND OUTDOOR LEISURE EQUIPMENT B.V.',
  '深圳市海洋國際家居用品製造有限公司（香港分公司）',
];

function bill(houses: number): MblPrint {
  const sos = Array.from({ length: houses }, (_, i) => ({
    so_no: `SOHKG26${String(1000 + i)}`,
    hbl_no: `HBHKG26${String(5000 + i)}`,
    po_no: null,
    shipper_name: `${LONG[i % 3]} ${i + 1}`,
    consignee_name: LONG[(i + 1) % 3],
    package_qty: 1200 + i,
    package_unit: 'CTN',
    gross_weight: '12345.678',
    cbm: '67.125',
  }));
  const bl = {
    mbl_no: 'MBHKG260001',
    main_so_no: sos[0].so_no,
    consol_no: 'CNHKG260001',
    status: 'DRAFT',
    version: 3,
    mbl_type: 'ORIGINAL',
    carrier_mbl_no: null,
    handling_office: 'HKG',
    vessel_name: 'MAERSK EINDHOVEN',
    voyage: '612W',
    etd: '2026-12-01',
    freight_term: 'PREPAID',
    marks: 'N/M',
    goods_description: 'FURNITURE AND SPORTING GOODS',
    undg_no: null,
    imdg_class: null,
    containers: [1, 2, 3].map((seq) => ({
      seq,
      size_type: '40HQ',
      container_no: `MSCU12345${seq}0`,
      seal_no: `SL${seq}`,
      package_qty: 100,
      gross_weight: '1000',
      cbm: '60',
    })),
    sos,
    totals: { package_qty: 3600, package_unit: 'CTN', gross_weight: '3000', cbm: '180' },
  } as unknown as TMasterBl;
  const party = { name: LONG[1], lines: ['WILHELMINAKADE 909', '3072 AP ROTTERDAM', 'NL'] };
  return {
    bl,
    title: 'BILL OF LADING',
    carrier: 'Maersk (MAEU)',
    shipper: { name: 'Demo Forwarding Ltd', lines: ['1 Harbour Road', 'Hong Kong'] },
    consignee: party,
    notify: null,
    places: { pol: 'Hong Kong (HKHKG)', pod: 'Rotterdam (NLRTM)', pld: '' },
    freight: 'FREIGHT PREPAID AS ARRANGED',
    dangerous: null,
  };
}

const overlaps = (a: TextBox, b: TextBox) =>
  a.page === b.page && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

describe('master bill PDF layout (issue 39)', () => {
  it('wraps long house-bill names in their cells and continues the table on further pages, never into the issue box', async () => {
    const boxes = recordText();
    const pdf = await renderMbl(bill(40));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pageCount = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(pageCount).toBeGreaterThanOrEqual(3);
    expect(Math.max(...boxes.map((b) => b.page)) + 1).toBe(pageCount);

    // No two text boxes overlap.
    const clashes: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++)
        if (overlaps(boxes[i], boxes[j])) clashes.push(`${boxes[i].text} × ${boxes[j].text}`);
    expect(clashes).toEqual([]);

    // Every line stays on the page (A4: 842 pt tall) above the bottom margin.
    expect(boxes.filter((b) => b.y + b.h > 842 - 36).map((b) => b.text)).toEqual([]);

    // The long names are printed whole (wrapped onto more lines, not cut with an ellipsis).
    const printed = boxes.map((b) => b.text).join(' ');
    expect(printed).not.toContain('…');
    for (const word of ['MANUFACTURING', 'LIMITED', 'EQUIPMENT', '製造有限公司'])
      expect(printed).toContain(word);
    expect(boxes.filter((b) => b.text.startsWith('HBHKG26')).length).toBe(40);
    // Numbers are not broken inside their cells; whole numbers keep their zeros (GW 3000, not 3).
    expect(boxes.filter((b) => b.text === '12345.678').length).toBe(40);
    expect(printed).toContain('GW 3000 KG');

    // The header is repeated on each page the table continues on.
    const headerPages = new Set(boxes.filter((b) => b.text === 'HBL NO.').map((b) => b.page));
    const rowPages = new Set(boxes.filter((b) => b.text.startsWith('HBHKG26')).map((b) => b.page));
    expect([...rowPages].every((p) => headerPages.has(p))).toBe(true);
    expect(rowPages.size).toBeGreaterThanOrEqual(2);

    // Nothing enters the "Place and date of issue" box: every other line of its page ends above the box.
    const label = boxes.find((b) => b.text === 'PLACE AND DATE OF ISSUE');
    expect(label).toBeDefined();
    const top = (label as TextBox).y - 3;
    const inside = boxes.filter((b) => b.page === label?.page && b.y >= top && b.y < top + 40 && b !== label);
    const above = boxes.filter((b) => b.page === label?.page && !inside.includes(b) && b !== label);
    expect(above.filter((b) => b.y + b.h > top).map((b) => b.text)).toEqual([]);
    expect(
      inside.every((b) => b.text.startsWith('HKG ') || b.text === 'PRINTED' || b.text === 'DRAFT v3'),
    ).toBe(true);
  });
});
