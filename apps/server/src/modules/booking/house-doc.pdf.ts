import { BOOKING_MSG } from '@portal/contracts';
import PDFDocument from 'pdfkit';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import { useFonts } from '../../platform/pdf/pdf-fonts';
import {
  type PartyAddressRow as PartyRow,
  bookingExtrasRepository as repo,
} from './booking-extras.repository';
import { visibleOrderOrThrow } from './booking-history';

/**
 * House bill of lading PDF (Booking "House doc"). The fonts (Latin and Chinese) are the shared ones of
 * platform/pdf, parsed once per process and subset into each PDF.
 */

interface PartyBlock {
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

const addressOf = (p: PartyRow) =>
  [
    p.address1,
    p.address2,
    p.address3,
    p.address4,
    [p.city, p.state, p.zip_postal].filter(Boolean).join(' '),
    p.country_code,
  ].filter((l): l is string => !!l?.trim());

async function party(db: DbOrTx, id: number | null, hideAddress: boolean): Promise<PartyBlock | null> {
  if (!id) return null;
  const p = await repo.partyAddress(db, id);
  if (!p) return null;
  return { name: p.full_name, address: hideAddress ? [] : addressOf(p) };
}

async function placeNames(db: DbOrTx, codes: string[]): Promise<Map<string, string>> {
  const rows = await repo.placeNames(db, codes);
  return new Map(rows.map((r) => [r.code, `${r.name} (${r.code})`]));
}

const dec = (v: string | null) => (v === null ? '' : String(Number(v)));

/** Reads the booking for the house doc; 422 msgHblNotAssigned while it has no HBL number. */
export async function houseDocData(db: DbOrTx, actor: Actor, soNo: string): Promise<HouseDocData> {
  const o = await visibleOrderOrThrow(db, actor, soNo);
  if (!o.hbl_no) throw new AppError(422, BOOKING_MSG.hblNotAssigned);
  const hide = o.hide_party_address;
  const [shipper, consignee, notify] = await Promise.all([
    party(db, o.shipper_id, hide),
    party(db, o.consignee_id, hide),
    party(db, o.notify_id, false),
  ]);
  const places = await placeNames(
    db,
    [o.por, o.pol, o.pod, o.pld, o.fd].filter((c): c is string => !!c),
  );
  const name = (c: string) => places.get(c) ?? c;
  const office = await repo.officeName(db, o.handling_office);
  const containers = await repo.containers(db, o.so_id);
  return {
    hbl_no: o.hbl_no,
    so_no: o.so_no,
    job_no: o.job_no,
    shipper: shipper ?? { name: '', address: [] },
    consignee: consignee ?? { name: '', address: [] },
    notify,
    is_to_order: o.is_to_order,
    issuer: office ?? o.handling_office,
    vessel_voyage: `${o.vessel_name ?? ''} / ${o.voyage ?? ''}`,
    places: {
      por: o.por ? name(o.por) : null,
      pol: name(o.pol),
      pod: name(o.pod),
      pld: name(o.pld),
      fd: name(o.fd),
    },
    etd: o.etd,
    containers: containers.map((c) => ({
      container_no: c.container_no ?? '',
      seal_no: c.seal_no ?? '',
      size_type: c.size_type,
      packages: c.package_qty === null ? '' : String(c.package_qty),
      gw: dec(c.gross_weight),
      cbm: dec(c.cbm),
    })),
    package_qty: o.package_qty,
    package_unit: o.package_unit,
    gross_weight: o.gross_weight,
    cbm: o.cbm,
    marks: o.marks ?? '',
    goods_description: o.goods_description ?? '',
    freight_term: o.freight_term,
    originals_count: o.originals_count,
    transport_document: o.transport_document,
    issue_place: office ?? o.handling_office,
    issue_date: new Date().toISOString().slice(0, 10),
  };
}

const NUMBER_WORDS = ['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE'];

/** Renders the house bill of lading as a PDF (A4). */
export function renderHouseDoc(d: HouseDocData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 36,
    info: { Title: `House Bill of Lading ${d.hbl_no}`, Subject: d.so_no, Creator: 'Freight portal' },
  });
  useFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const L = 36;
  const W = doc.page.width - 72;
  const half = W / 2;
  const BOTTOM = doc.page.height - 48;

  /** A labelled box; returns its height. */
  const box = (x: number, y: number, w: number, label: string, lines: string[], minH = 0) => {
    doc
      .font('bold')
      .fontSize(7)
      .fillColor('#555')
      .text(label, x + 4, y + 3, { width: w - 8 });
    doc.font('regular').fontSize(9).fillColor('#000');
    const text = lines.join('\n');
    const h = Math.max(minH, 14 + doc.heightOfString(text || ' ', { width: w - 8 }) + 6);
    doc.text(text, x + 4, y + 13, { width: w - 8 });
    doc.rect(x, y, w, h).lineWidth(0.6).strokeColor('#333').stroke();
    return h;
  };
  const row = (y: number, cells: [string, string[]][], minH = 0) => {
    const w = W / cells.length;
    const heights = cells.map(([, lines]) => {
      doc.font('regular').fontSize(9);
      return Math.max(minH, 14 + doc.heightOfString(lines.join('\n') || ' ', { width: w - 8 }) + 6);
    });
    const h = Math.max(...heights);
    cells.forEach(([label, lines], i) => {
      box(L + i * w, y, w, label, lines, h);
    });
    return y + h;
  };

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
