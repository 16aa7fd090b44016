import type { TMasterBl } from '@portal/contracts';
import PDFDocument from 'pdfkit';
import type { DbOrTx } from '../../platform/db/client';
import { addressLines } from '../../platform/pdf/address-lines';
import { pdfBoxes } from '../../platform/pdf/pdf-boxes';
import { pdfBuffer, useFonts } from '../../platform/pdf/pdf-fonts';
import { type PartyFacts, mblRepository as repo } from './master-bl.repository';

interface PartyBlock {
  name: string;
  lines: string[];
}

/** Everything printed on the master bill draft (docs/consolidation.md "Master BL print"). */
export interface MblPrint {
  bl: TMasterBl;
  title: string;
  carrier: string;
  shipper: PartyBlock;
  consignee: PartyBlock;
  notify: PartyBlock | null;
  places: { pol: string; pod: string; pld: string };
  freight: string;
  dangerous: string | null;
}

const MBL_TYPE_TITLE: Record<TMasterBl['mbl_type'], string> = {
  ORIGINAL: 'BILL OF LADING',
  SEAWAY: 'SEA WAYBILL (NON-NEGOTIABLE)',
  TELEX: 'BILL OF LADING (TELEX RELEASE)',
};

/** Money for print: thousands separators on the decimal text (no float arithmetic). */
export function printAmount(v: string): string {
  const [int, frac = ''] = v.split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0').slice(0, 2)}`;
}

/** A party's address block; with get tel and fax, its TEL and FAX lines too. */
function partyBlock(p: PartyFacts | undefined, telFax: boolean): PartyBlock {
  if (!p) return { name: '', lines: [] };
  const lines = addressLines(p);
  if (telFax) {
    if (p.tel) lines.push(`TEL: ${p.tel}`);
    if (p.fax) lines.push(`FAX: ${p.fax}`);
  }
  return { name: p.full_name, lines };
}

/** Gathers the print of a bill the actor can see (the caller read it with its visibility). */
export async function mblPrintData(db: DbOrTx, bl: TMasterBl): Promise<MblPrint> {
  const [parties, places, carrier] = await Promise.all([
    repo.parties(db, [bl.consignee_party_id, bl.notify_party_id]),
    repo.placeNames(
      db,
      [bl.pol, bl.pod, bl.place_of_delivery].filter((c): c is string => !!c),
    ),
    repo.carrier(db, bl.carrier_code),
  ]);
  const place = (c: string | null) => (c ? `${places.get(c) ?? c} (${c})` : '');
  const shipperLines = (bl.shipper_address ?? '').split('\n').filter((l) => l.trim());
  if (bl.get_tel_fax) {
    if (bl.shipper_tel) shipperLines.push(`TEL: ${bl.shipper_tel}`);
    if (bl.shipper_fax) shipperLines.push(`FAX: ${bl.shipper_fax}`);
  }
  const term = `FREIGHT ${bl.freight_term}`;
  // Show freight prints the amount; otherwise the usual "AS ARRANGED" keeps the rate off the carrier's bill.
  const freight =
    bl.show_freight && bl.freight_amount && bl.freight_currency
      ? `${term} ${bl.freight_currency} ${printAmount(bl.freight_amount)}`
      : `${term} AS ARRANGED`;
  return {
    bl,
    title: MBL_TYPE_TITLE[bl.mbl_type],
    carrier: carrier ? `${carrier.full_name} (${carrier.carrier_code})` : bl.carrier_code,
    shipper: { name: bl.shipper_name, lines: shipperLines },
    consignee: partyBlock(parties.get(bl.consignee_party_id), bl.get_tel_fax),
    notify: bl.notify_party_id ? partyBlock(parties.get(bl.notify_party_id), bl.get_tel_fax) : null,
    places: { pol: place(bl.pol), pod: place(bl.pod), pld: place(bl.place_of_delivery) },
    freight,
    dangerous: bl.undg_no ? `DANGEROUS GOODS: UN ${bl.undg_no}, IMDG CLASS ${bl.imdg_class ?? ''}` : null,
  };
}

/** A decimal without its trailing fraction zeros ('1200.500' → '1200.5'); whole numbers keep theirs ('3000'). */
export const num = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v) || '0';

/**
 * Renders the master bill draft (A4): the carrier's bill as a documentation clerk checks it: parties, numbers,
 * routing, containers, marks and goods, totals, freight, the house bills it covers, and "DRAFT" across each
 * page until the bill is issued.
 */
export function renderMbl(d: MblPrint): Promise<Buffer> {
  const bl = d.bl;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 36,
    info: { Title: `Master Bill of Lading ${bl.mbl_no}`, Subject: bl.main_so_no, Creator: 'Freight portal' },
  });
  useFonts(doc);
  const done = pdfBuffer(doc);
  const L = 36;
  const W = doc.page.width - 72;
  const BOTTOM = doc.page.height - 48;
  const PAGE_TOP = 36;
  const draft = bl.status !== 'ISSUED';
  const watermark = () => {
    if (!draft) return;
    doc.save();
    doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
    doc
      .font('bold')
      .fontSize(110)
      .fillColor('#000', 0.07)
      .text('DRAFT', 0, doc.page.height / 2 - 60, { width: doc.page.width, align: 'center' });
    doc.restore();
    doc.fillColor('#000', 1);
  };
  watermark();
  doc.on('pageAdded', watermark);

  const { box, rowHeight, row } = pdfBoxes(doc, L, W);
  /**
   * A table whose cells wrap their text (a row is as tall as its tallest cell) and which continues on the next
   * page with its header repeated (and `title` marked continued) when the next row would pass the page's
   * bottom: nothing is cut, overprinted or drawn into what follows (issue 39: long house-bill names ran into
   * the issue box).
   */
  const table = (
    top: number,
    cols: readonly (readonly [string, number])[],
    rows: string[][],
    title?: string,
  ): number => {
    const header = (t: number) => {
      let x = L;
      doc.font('bold').fontSize(7).fillColor('#555');
      let h = 0;
      for (const [label, share] of cols) h = Math.max(h, doc.heightOfString(label, { width: W * share - 8 }));
      for (const [label, share] of cols) {
        doc.text(label, x + 4, t + 4, { width: W * share - 8 });
        x += W * share;
      }
      const line = t + 4 + h + 2;
      doc
        .moveTo(L, line)
        .lineTo(L + W, line)
        .lineWidth(0.6)
        .strokeColor('#333')
        .stroke();
      doc.fillColor('#000').font('regular').fontSize(9);
      return line + 4;
    };
    const continued = () => {
      doc.addPage();
      let t = PAGE_TOP;
      if (title) {
        doc.font('bold').fontSize(9).fillColor('#000').text(`${title} (CONTINUED)`, L, t, { width: W });
        t += 12;
      }
      return header(t);
    };
    let y = header(top);
    for (const values of rows) {
      doc.font('regular').fontSize(9);
      const h =
        Math.max(...values.map((v, i) => doc.heightOfString(v || ' ', { width: W * cols[i][1] - 8 }))) + 3;
      if (y + h > BOTTOM) y = continued();
      let x = L;
      values.forEach((v, i) => {
        doc.text(v, x + 4, y, { width: W * cols[i][1] - 8 });
        x += W * cols[i][1];
      });
      y += h;
    }
    return y;
  };
  const ensure = (y: number, need: number) => {
    if (y + need <= BOTTOM) return y;
    doc.addPage();
    return PAGE_TOP;
  };
  const party = (p: PartyBlock) => [p.name, ...p.lines];

  // Title: the document (by MBL type) and the carrier whose bill it is.
  doc
    .font('bold')
    .fontSize(15)
    .text(d.title, L, 36, { width: W * 0.6 });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#555')
    .text(draft ? 'Draft for checking — not negotiable until issued by the carrier' : 'Issued', L, 59, {
      width: W * 0.6,
    });
  doc
    .fillColor('#000')
    .font('bold')
    .fontSize(10)
    .text(d.carrier, L + W * 0.6, 40, { width: W * 0.4, align: 'right' });
  let y = 76;
  y = row(
    y,
    [
      ['SHIPPER', party(d.shipper)],
      [
        'B/L NUMBERS',
        [
          `Carrier MBL No.: ${bl.carrier_mbl_no ?? '(to be advised)'}`,
          `Our MBL No.: ${bl.mbl_no}`,
          `Main SO: ${bl.main_so_no}`,
          ...(bl.consol_no ? [`Consol No.: ${bl.consol_no}`] : []),
        ],
      ],
    ],
    76,
  );
  y = row(
    y,
    [
      ['CONSIGNEE', party(d.consignee)],
      ['NOTIFY PARTY', d.notify ? party(d.notify) : ['SAME AS CONSIGNEE']],
    ],
    70,
  );
  y = row(y, [
    ['OCEAN VESSEL / VOYAGE', [`${bl.vessel_name} / ${bl.voyage}`]],
    ['PORT OF LOADING', [d.places.pol]],
    ['PORT OF DISCHARGE', [d.places.pod]],
    ['PLACE OF DELIVERY', [d.places.pld]],
  ]);
  y = row(y, [
    ['HANDLING OFFICE', [bl.handling_office]],
    ['ETD', [bl.etd ?? '']],
    ['FREIGHT', [d.freight]],
    ['B/L TYPE', [bl.mbl_type]],
  ]);

  // Containers with the cargo each carries.
  y = table(
    y + 6,
    [
      ['CONTAINER NO.', 0.22],
      ['SEAL NO.', 0.2],
      ['SIZE/TYPE', 0.12],
      ['PACKAGES', 0.14],
      ['GROSS WEIGHT (KG)', 0.16],
      ['MEASUREMENT (CBM)', 0.16],
    ],
    bl.containers.map((c) => [
      c.container_no ?? '',
      c.seal_no ?? '',
      c.size_type,
      String(c.package_qty),
      num(c.gross_weight),
      num(c.cbm),
    ]),
  );
  const t = bl.totals;
  doc
    .font('bold')
    .fontSize(9)
    .text(
      `TOTAL: ${t.package_qty} ${t.package_unit}   GW ${num(t.gross_weight)} KG   ${num(t.cbm)} CBM   ${bl.containers.length} CONTAINER(S)`,
      L + 4,
      y + 2,
      { width: W - 8 },
    );
  y += 18;

  // Marks and description of goods, with the carrier's usual clauses and the dangerous goods line.
  const goods = [
    "SHIPPER'S LOAD, STOW, COUNT AND SEAL. SAID TO CONTAIN:",
    bl.goods_description ?? '',
    ...(d.dangerous ? [d.dangerous] : []),
  ];
  doc.font('regular').fontSize(9);
  const descH = Math.max(
    doc.heightOfString(bl.marks || ' ', { width: W * 0.35 - 8 }),
    doc.heightOfString(goods.join('\n'), { width: W * 0.65 - 8 }),
  );
  y = ensure(y, descH + 30);
  const h = 14 + descH + 6;
  box(L, y, W * 0.35, 'MARKS AND NUMBERS', [bl.marks ?? ''], h);
  box(L + W * 0.35, y, W * 0.65, 'DESCRIPTION OF GOODS', goods, h);
  y += h;

  // The house bills this master bill covers (what the destination agent breaks down).
  y = ensure(y + 8, 60);
  doc.font('bold').fontSize(9).text('HOUSE BILLS COVERED', L, y);
  y = table(
    y + 12,
    [
      ['HBL NO.', 0.16],
      ['SO NO.', 0.15],
      ['SHIPPER', 0.21],
      ['CONSIGNEE', 0.21],
      ['PKGS', 0.07],
      ['KG', 0.11],
      ['CBM', 0.09],
    ],
    bl.sos.map((s) => [
      s.hbl_no ?? '',
      s.so_no,
      s.shipper_name ?? '',
      s.consignee_name ?? '',
      String(s.package_qty),
      num(s.gross_weight),
      num(s.cbm),
    ]),
    'HOUSE BILLS COVERED',
  );

  // The issue box below everything else, on a new page when it does not fit under the table.
  const issue: [string, string[]][] = [
    ['PLACE AND DATE OF ISSUE', [`${bl.handling_office} ${new Date().toISOString().slice(0, 10)}`]],
    ['PRINTED', [`${bl.status} v${bl.version}`]],
  ];
  y = ensure(y + 8, rowHeight(issue));
  row(y, issue);
  doc.end();
  return done;
}
