import { BOOKING_MSG } from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import { pdfPool } from '../../platform/pdf/pdf-pool';
import {
  type PartyAddressRow as PartyRow,
  bookingExtrasRepository as repo,
} from './booking-extras.repository';
import { visibleOrderOrThrow } from './booking-history';
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

/** Reads the booking for the house doc; 422 msgHblNotAssigned while it has no HBL number. */
export async function houseDocData(db: DbOrTx, actor: Actor, soNo: string): Promise<HouseDocData> {
  const o = await visibleOrderOrThrow(db, actor, soNo);
  if (!o.hbl_no) throw new AppError(422, BOOKING_MSG.hblNotAssigned);
  const hide = o.hide_party_address;
  // One round of independent reads (one round trip on a pool, not four in a row).
  const [shipper, consignee, notify, places, office, containers] = await Promise.all([
    party(db, o.shipper_id, hide),
    party(db, o.consignee_id, hide),
    party(db, o.notify_id, false),
    placeNames(
      db,
      [o.por, o.pol, o.pod, o.pld, o.fd].filter((c): c is string => !!c),
    ),
    repo.officeName(db, o.handling_office),
    repo.containers(db, o.so_id),
  ]);
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
