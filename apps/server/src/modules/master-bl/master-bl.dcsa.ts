import { MBL_MSG, type TFieldError, type TMasterBl } from '@portal/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { dcsaRefusal, validateDcsa } from '../../platform/dcsa';
import { AppError } from '../../platform/errors/app-error';
import { type MblRow, mblRepository as repo } from './master-bl.repository';

/** EU member states (+ NO, CH, XI as ICS2 covers them): whether the POD lies in the ICS2 zone. */
const ICS2_COUNTRIES = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE NO CH XI'.split(' '),
);

/** DCSA texts: trimmed (the schemas refuse leading/trailing blanks), cut to the field's length, or omitted. */
const txt = (v: string | null | undefined, max: number) => {
  const s = v?.replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return s ? s : undefined;
};
const lines = (v: string | null | undefined, maxLines: number, max: number) =>
  (v ?? '')
    .split('\n')
    .map((l) => txt(l, max))
    .filter((l): l is string => !!l)
    .slice(0, maxLines);

/** A decimal text as a JSON number for DCSA (weights: the value is exact to 3 decimals in the text). */
const jsonNumber = (v: string) => Number(v);

async function partyOf(db: DbOrTx, id: number | null, telFax: boolean) {
  if (!id) return undefined;
  const p = (await repo.parties(db, [id])).get(id);
  if (!p) return undefined;
  const address = [
    p.address1,
    p.address2,
    p.address3,
    p.address4,
    [p.city, p.zip_postal].filter(Boolean).join(' '),
  ]
    .map((l) => txt(l, 35))
    .filter((l): l is string => !!l)
    .slice(0, 5);
  const contact =
    telFax && p.tel
      ? [{ name: txt(p.full_name, 35) as string, phone: txt(p.tel, 30) as string }]
      : p.email && /^.+@\S+$/.test(p.email)
        ? [{ name: txt(p.full_name, 35) as string, email: txt(p.email, 100) as string }]
        : undefined;
  return {
    partyName: txt(p.full_name, 70) as string,
    displayedAddress: address.length ? address : undefined,
    partyContactDetails: contact,
  };
}

/** Why the bill cannot be sent yet, in our own field terms (before the DCSA schema sees it). */
function exportIssues(bl: TMasterBl, hs: Map<string, string[]>): TFieldError[] {
  const out: TFieldError[] = [];
  bl.containers.forEach((c, i) => {
    if (!c.container_no)
      out.push({ field: `containers.${i}.container_no`, msgKey: MBL_MSG.containerFieldsRequired });
  });
  bl.sos.forEach((s, i) => {
    if (!(hs.get(s.so_no) ?? []).some((c) => /^\d{6,10}$/.test(c)))
      out.push({ field: `so_nos.${i}`, msgKey: MBL_MSG.soNoHsCode, params: { so_no: s.so_no } });
  });
  return out;
}

/**
 * The master bill's Shipping Instructions as DCSA eBL 3.0 (CreateShippingInstructions): the forwarder's
 * office as shipper, the destination agent as consignee, one consignment item per house bill (SO) with its
 * cargo per container, and the containers with their seals. Validated against the published schema before it
 * leaves: an answer that does not validate is a 422 with the schema's list, never a file.
 */
export async function shippingInstructionsOf(db: DbOrTx, m: MblRow, bl: TMasterBl) {
  const [hs, cargo] = await Promise.all([repo.hsCodes(db, bl.so_nos), repo.cargoLines(db, m)]);
  const issues = exportIssues(bl, hs);
  if (issues.length) throw new AppError(422, issues[0].msgKey, { params: issues[0].params, details: issues });
  const contact = bl.shipper_tel
    ? { name: txt(bl.shipper_name, 35) as string, phone: txt(bl.shipper_tel, 30) as string }
    : { name: txt(bl.shipper_name, 35) as string, email: 'documentation@forwarder.invalid' };
  const consignee = await partyOf(db, bl.consignee_party_id, bl.get_tel_fax);
  const notify = await partyOf(db, bl.notify_party_id, bl.get_tel_fax);
  const goods = lines(bl.goods_description, 5, 5000);
  const si = {
    ...(bl.carrier_mbl_no && { transportDocumentReference: bl.carrier_mbl_no }),
    transportDocumentTypeCode: bl.mbl_type === 'SEAWAY' ? 'SWB' : 'BOL',
    isShippedOnBoardType: true,
    isElectronic: false,
    isToOrder: false,
    freightPaymentTermCode: bl.freight_term === 'COLLECT' ? 'COL' : 'PRE',
    isCargoDeliveredInICS2Zone: ICS2_COUNTRIES.has(bl.pod.slice(0, 2)),
    partyContactDetails: [contact],
    documentParties: {
      shipper: {
        partyName: txt(bl.shipper_name, 70) as string,
        ...(lines(bl.shipper_address, 5, 35).length && {
          displayedAddress: lines(bl.shipper_address, 5, 35),
        }),
        partyContactDetails: [contact],
      },
      ...(consignee && { consignee }),
      ...(notify && { notifyParties: [notify] }),
    },
    consignmentItems: bl.sos.map((s) => {
      const mine = cargo.filter((c) => c.so_no === s.so_no && c.container_no);
      return {
        carrierBookingReference: txt(
          mine.find((c) => c.carrier_booking_no)?.carrier_booking_no ?? bl.mbl_no,
          35,
        ),
        descriptionOfGoods: goods.length ? goods : ['GENERAL CARGO'],
        HSCodes: [...new Set((hs.get(s.so_no) ?? []).filter((c) => /^\d{6,10}$/.test(c)))],
        ...(s.hbl_no && { shippingMarks: [txt(`HBL ${s.hbl_no}`, 500) as string] }),
        cargoItems: mine.map((c) => ({
          equipmentReference: c.container_no as string,
          cargoGrossWeight: { value: jsonNumber(c.gross_weight), unit: 'KGM' },
          cargoGrossVolume: { value: jsonNumber(c.cbm), unit: 'MTQ' },
          outerPackaging: {
            numberOfPackages: c.package_qty,
            description: txt(s.package_unit ?? 'PACKAGES', 100) as string,
          },
        })),
      };
    }),
    // Carrier-owned containers are named by reference (the carrier knows their size and tare); shipper-owned
    // ones would need the full equipment with its tare weight, which the portal does not keep.
    utilizedTransportEquipments: bl.containers.map((c) => ({
      isShipperOwned: false,
      equipmentReference: c.container_no as string,
      seals: c.seal_no ? [{ number: txt(c.seal_no, 15) as string }] : [{ number: 'TBA' }],
    })),
  };
  const errors = validateDcsa('ebl-si-3.0', si);
  if (errors.length) throw dcsaRefusal(errors, MBL_MSG.dcsaInvalid);
  return si;
}
