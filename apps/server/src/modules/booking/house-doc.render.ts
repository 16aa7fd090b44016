import PDFDocument from 'pdfkit';
import { pdfBoxes } from '../../platform/pdf/pdf-boxes';
import { pdfBuffer, useFonts, warmFonts } from '../../platform/pdf/pdf-fonts';

/**
 * The house bill of lading's layout (Booking "House doc"), kept apart from the data it prints so the PDF
 * worker pool (platform/pdf/pdf-pool.ts) can load it without the rest of the server: this file imports
 * pdfkit and the shared fonts only. The fonts (Latin and Chinese) are parsed once per worker and subset into
 * each PDF.
 */

export interface PartyBlock {
  name: string;
  address: string[];
}

/** Everything printed on the house bill of lading. */
export interface HouseDocData {
  hbl_no: string;
  so_no: string;
  job_no: string | null;
  shipper: PartyBlock;
  consignee: PartyBlock;
  notify: PartyBlock | null;
  is_to_order: boolean;
  issuer: string;
  vessel_voyage: string;
  places: { por: string | null; pol: string; pod: string; pld: string; fd: string };
  etd: string;
  containers: {
    container_no: string;
    seal_no: string;
    size_type: string;
    packages: string;
    gw: string;
    cbm: string;
  }[];
  package_qty: number | null;
  package_unit: string | null;
  gross_weight: string | null;
  cbm: string | null;
  marks: string;
  goods_description: string;
  freight_term: string;
  originals_count: number;
  transport_document: string;
  issue_place: string;
  issue_date: string;
}

/** A decimal as printed: no trailing zeros (null prints nothing). */
export const dec = (v: string | null) => (v === null ? '' : String(Number(v)));

const NUMBER_WORDS = ['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE'];

/**
 * Renders the house bill of lading as a PDF (A4). Runs in a PDF worker (`renderHouseDocPdf` in house-doc.pdf.ts);
 * callable in-process too (PDF_WORKERS=0).
 */
export function renderHouseDoc(d: HouseDocData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 36,
    // No default font: pdfkit would parse Helvetica's AFM metrics for every document (~4% of a bill's CPU)
    // although the bill uses only the shared Noto faces (useFonts). '' is falsy, so initFonts skips it.
    font: '',
    info: { Title: `House Bill of Lading ${d.hbl_no}`, Subject: d.so_no, Creator: 'Freight portal' },
  });
  useFonts(doc);
  const done = pdfBuffer(doc);

  const L = 36;
  const W = doc.page.width - 72;
  const half = W / 2;
  const BOTTOM = doc.page.height - 48;

  const { box, row } = pdfBoxes(doc, L, W);

  // Title block
  doc.font('bold').fontSize(16).text('BILL OF LADING', L, 36, { width: half });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#555')
    .text('House bill of lading for combined transport or port to port shipment', L, 56, { width: half });
  doc.fillColor('#000');
  let y = 76;
  const partyLines = (p: PartyBlock) => [p.name, ...p.address];
  y = row(
    y,
    [
      ['SHIPPER', partyLines(d.shipper)],
      [
        'B/L NO. / SO NO. / JOB NO.',
        [`HBL No.: ${d.hbl_no}`, `SO No.: ${d.so_no}`, `Job No.: ${d.job_no ?? ''}`],
      ],
    ],
    70,
  );
  const consigneeLines = d.is_to_order ? ['TO ORDER', ...partyLines(d.consignee)] : partyLines(d.consignee);
  y = row(
    y,
    [
      ['CONSIGNEE', consigneeLines],
      ['ISSUED BY', [d.issuer]],
    ],
    70,
  );
  y = row(
    y,
    [
      ['NOTIFY PARTY', d.notify ? partyLines(d.notify) : ['SAME AS CONSIGNEE']],
      ['PLACE OF RECEIPT', [d.places.por ?? '']],
    ],
    60,
  );
  y = row(y, [
    ['VESSEL / VOYAGE', [d.vessel_voyage]],
    ['PORT OF LOADING', [d.places.pol]],
    ['PORT OF DISCHARGE', [d.places.pod]],
  ]);
  y = row(y, [
    ['PLACE OF DELIVERY', [d.places.pld]],
    ['FINAL DESTINATION', [d.places.fd]],
    ['SHIPPED ON BOARD (ETD)', [d.etd]],
  ]);

  // Containers
  const cols = [
    ['CONTAINER NO.', 0.2],
    ['SEAL NO.', 0.2],
    ['SIZE/TYPE', 0.12],
    ['PACKAGES', 0.16],
    ['GROSS WEIGHT (KG)', 0.16],
    ['MEASUREMENT (CBM)', 0.16],
  ] as const;
  const header = (top: number) => {
    let x = L;
    doc.font('bold').fontSize(7).fillColor('#555');
    for (const [label, share] of cols) {
      doc.text(label, x + 4, top + 4, { width: W * share - 8 });
      x += W * share;
    }
    doc
      .moveTo(L, top + 16)
      .lineTo(L + W, top + 16)
      .strokeColor('#333')
      .stroke();
    doc.fillColor('#000');
    return top + 20;
  };
  y = header(y + 6);
  doc.font('regular').fontSize(9);
  for (const c of d.containers) {
    if (y > BOTTOM - 20) {
      doc.addPage();
      y = header(36);
      doc.font('regular').fontSize(9);
    }
    let x = L;
    const values = [c.container_no, c.seal_no, c.size_type, c.packages, c.gw, c.cbm];
    values.forEach((v, i) => {
      doc.text(v, x + 4, y, { width: W * cols[i][1] - 8, lineBreak: false });
      x += W * cols[i][1];
    });
    y += 13;
  }
  const totals = `TOTAL: ${d.package_qty ?? ''} ${d.package_unit ?? ''}   GW ${dec(d.gross_weight)} KG   ${dec(d.cbm)} CBM`;
  doc.font('bold').text(totals, L + 4, y + 2, { width: W - 8 });
  y += 18;

  // Marks and description
  doc.font('regular').fontSize(9);
  const descH = Math.max(
    doc.heightOfString(d.marks || ' ', { width: W * 0.35 - 8 }),
    doc.heightOfString(d.goods_description || ' ', { width: W * 0.65 - 8 }),
  );
  if (y + descH + 30 > BOTTOM) {
    doc.addPage();
    y = 36;
  }
  const h = 14 + descH + 6;
  box(L, y, W * 0.35, 'MARKS AND NUMBERS', [d.marks], h);
  box(L + W * 0.35, y, W * 0.65, 'DESCRIPTION OF GOODS', [d.goods_description], h);
  y += h;

  if (y + 60 > BOTTOM) {
    doc.addPage();
    y = 36;
  }
  const originals = `${NUMBER_WORDS[d.originals_count] ?? d.originals_count} (${d.originals_count})`;
  y = row(y, [
    ['FREIGHT', [`FREIGHT ${d.freight_term}`]],
    ['NUMBER OF ORIGINAL B/L', [originals]],
    ['DOCUMENT', [d.transport_document.replace('_', ' ')]],
    ['PLACE AND DATE OF ISSUE', [d.issue_place, d.issue_date]],
  ]);
  doc.end();
  return done;
}

const SAMPLE_PARTY: PartyBlock = {
  name: '深圳光明之星电子有限公司 SHENZHEN BRIGHT STAR ELECTRONICS CO., LTD.',
  address: ['BUILDING 3, NO. 18 KEJI ROAD', 'NANSHAN DISTRICT', 'SHENZHEN GUANGDONG 518000', 'CN'],
};
/** A typical house bill (warm-up only; nothing of it is sent anywhere). */
const SAMPLE: HouseDocData = {
  hbl_no: 'HBHKG000000000',
  so_no: 'SOHKG000000000',
  job_no: 'JBHKG000000000',
  shipper: SAMPLE_PARTY,
  consignee: { name: 'HARBOUR LOGISTICS 港運物流有限公司', address: ['1 HARBOUR ROAD', 'WAN CHAI', 'HK'] },
  notify: null,
  is_to_order: false,
  issuer: 'DEMO FREIGHT HONG KONG',
  vessel_voyage: 'EVER ACE / 123W',
  places: {
    por: 'Shenzhen (CNSZX)',
    pol: 'Yantian (CNYTN)',
    pod: 'Los Angeles (USLAX)',
    pld: 'USLAX',
    fd: 'USLAX',
  },
  etd: '2026-01-01',
  containers: Array.from({ length: 3 }, (_, i) => ({
    container_no: `MSKU123456${i}`,
    seal_no: `SL00${i}`,
    size_type: '40HQ',
    packages: '100',
    gw: '1000',
    cbm: '10',
  })),
  package_qty: 300,
  package_unit: 'CTN',
  gross_weight: '3000',
  cbm: '30',
  marks: 'N/M',
  goods_description: 'LED LIGHTING FIXTURES 灯具 燈具\nHS 9405.40',
  freight_term: 'PREPAID',
  originals_count: 3,
  transport_document: 'ORIGINAL_BL',
  issue_place: 'HONG KONG',
  issue_date: '2026-01-01',
};

/**
 * Run once when a PDF worker starts: parses the fonts, then lays out a typical house bill a few dozen times so
 * V8 has compiled the layout code before the first real document (a cold worker renders its first ~50
 * documents at 2-4 times the steady 10-20 ms of CPU each).
 */
export async function warm(): Promise<void> {
  warmFonts();
  for (let i = 0; i < 40; i++) await renderHouseDoc(SAMPLE);
}
