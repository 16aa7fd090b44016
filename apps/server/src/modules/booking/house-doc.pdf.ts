import { BOOKING_MSG } from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { AppError, notFound } from '../../platform/errors/app-error';
import { addressLines } from '../../platform/pdf/address-lines';
import { pdfPool } from '../../platform/pdf/pdf-pool';
import {
  type PartyAddressRow as PartyRow,
  bookingExtrasRepository as repo,
} from './booking-extras.repository';
import { dec, type HouseDocData, type PartyBlock } from './house-doc.render';

/**
 * House bill of lading PDF (Booking "House doc"): the data is read here, on the request's thread; the layout
 * (house-doc.render.ts) runs in the PDF worker pool, so twenty PDFs at once do not stall the lists and
 * searches served by the same event loop.
 */

export type { HouseDocData } from './house-doc.render';

/** The layout module the PDF workers load (by URL: a worker imports it on its own). */
export const HOUSE_DOC_RENDERER = {
  module: new URL('./house-doc.render.ts', import.meta.url).href,
  exportName: 'renderHouseDoc',
} as const;

// Every PDF worker loads and warms the layout when it starts.
pdfPool.register(HOUSE_DOC_RENDERER);

/** The house bill as PDF bytes, rendered by a PDF worker (422 msgPdfRenderFailed when rendering fails). */
export const renderHouseDocPdf = (d: HouseDocData): Promise<Buffer> => pdfPool.render(HOUSE_DOC_RENDERER, d);

const party = (p: PartyRow | null, hideAddress: boolean): PartyBlock | null =>
  p ? { name: p.full_name, address: hideAddress ? [] : addressLines(p) } : null;

/**
 * Reads the booking for the house doc (one statement: bookingExtrasRepository.houseDoc); 404 msgSoNotFound
 * when the actor may not see it, 422 msgHblNotAssigned while it has no HBL number.
 */
export async function houseDocData(db: DbOrTx, actor: Actor, soNo: string): Promise<HouseDocData> {
  const o = await repo.houseDoc(db, actor, soNo);
  if (!o) throw notFound('msgSoNotFound');
  if (!o.hbl_no) throw new AppError(422, BOOKING_MSG.hblNotAssigned);
  const hide = o.hide_party_address;
  const [shipper, consignee, notify] = [
    party(o.shipper, hide),
    party(o.consignee, hide),
    party(o.notify, false),
  ];
  const office = o.office;
  const containers = o.containers;
  const places = new Map(Object.entries(o.places ?? {}).map(([code, n]) => [code, `${n} (${code})`]));
  const name = (c: string) => places.get(c) ?? c;
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
