import type {
  TBookingRow,
  TContainerLine,
  TEnsParty,
  TIsfParty,
  TShippingOrderFields,
} from '@portal/contracts';
import type { SoInsert, SoLineRows, SoLines, SoRow } from './booking.repository';

type Fields = TShippingOrderFields;

/** A stored numeric ("5000.000") as the form writes it ("5000"); null stays null. */
export const decOut = (v: string | null): string | null =>
  v === null ? null : v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v;
/** A stored local timestamp ("2026-06-06 12:00:00") as 'YYYY-MM-DDTHH:mm'. */
export const localOut = (v: string | null): string | null => (v ? v.slice(0, 16).replace(' ', 'T') : null);
const localIn = (v: string | null) => (v ? `${v.replace('T', ' ')}:00` : null);
/** A stored timestamptz as an ISO string. */
export const isoOut = (v: string | null): string | null => (v ? new Date(v).toISOString() : null);

/** The editable fields of a stored order (the shape the form and PUT use). */
export function fieldsOf(r: SoRow, l: SoLineRows): Fields {
  return {
    po_no: r.po_no,
    master_so_no: r.master_so_no,
    transport_mode: r.transport_mode as Fields['transport_mode'],
    service_type: r.service_type as Fields['service_type'],
    delivery_type: r.delivery_type as Fields['delivery_type'],
    business_type: r.business_type as Fields['business_type'],
    shipper_id: r.shipper_id,
    customer_id: r.customer_id,
    consignee_id: r.consignee_id,
    notify_id: r.notify_id,
    nomination_agent_id: r.nomination_agent_id,
    release_agent_id: r.release_agent_id,
    salesman: r.salesman,
    handling_office: r.handling_office,
    por: r.por,
    pol: r.pol,
    pod: r.pod,
    pld: r.pld,
    fd: r.fd,
    etd: r.etd,
    eta: r.eta,
    pld_eta: r.pld_eta,
    fd_eta: r.fd_eta,
    cargo_ready_date: r.cargo_ready_date,
    projected_etd: r.projected_etd,
    sailing_id: r.sailing_id,
    carrier_code: r.carrier_code,
    vessel_name: r.vessel_name,
    voyage: r.voyage,
    rate_id: r.rate_id,
    cfs_closing: localOut(r.cfs_closing),
    cy_closing: localOut(r.cy_closing),
    vgm_closing: localOut(r.vgm_closing),
    si_closing: localOut(r.si_closing),
    incoterms: r.incoterms as Fields['incoterms'],
    incoterms_location: r.incoterms_location,
    freight_term: r.freight_term as Fields['freight_term'],
    is_dangerous: r.is_dangerous,
    un_no: r.un_no,
    commodity: r.commodity,
    marks: r.marks,
    goods_description: r.goods_description,
    package_qty: r.package_qty,
    package_unit: r.package_unit as Fields['package_unit'],
    gross_weight: decOut(r.gross_weight),
    cbm: decOut(r.cbm),
    space_status: r.space_status as Fields['space_status'],
    booking_condition: r.booking_condition as Fields['booking_condition'],
    contract_type: r.contract_type as Fields['contract_type'],
    contract_no: r.contract_no,
    shipper_ref: r.shipper_ref,
    agent_ref: r.agent_ref,
    consignee_ref: r.consignee_ref,
    forwarder_ref: r.forwarder_ref,
    is_consolidatable: r.is_consolidatable,
    originals_count: r.originals_count,
    transport_document: r.transport_document as Fields['transport_document'],
    is_to_order: r.is_to_order,
    hide_party_address: r.hide_party_address,
    equipment: l.equipment.map((e) => ({
      size_type: e.size_type as Fields['equipment'][number]['size_type'],
      qty: e.qty,
    })),
    containers: l.containers.map(
      (c): TContainerLine => ({
        container_no: c.container_no,
        size_type: c.size_type as TContainerLine['size_type'],
        seal_no: c.seal_no,
        carrier_booking_no: c.carrier_booking_no,
        package_qty: c.package_qty,
        gross_weight: decOut(c.gross_weight),
        cbm: decOut(c.cbm),
        ex_factory_date: c.ex_factory_date,
        cfs_received_at: localOut(c.cfs_received_at),
        cy_gate_in_at: localOut(c.cy_gate_in_at),
        vgm_weight: decOut(c.vgm_weight),
        vgm_method: c.vgm_method as TContainerLine['vgm_method'],
      }),
    ),
    hs_lines: l.hs_lines.map((h) => ({
      hs_code: h.hs_code,
      description: h.description,
      package_qty: h.package_qty,
      gross_weight: decOut(h.gross_weight) as string,
      cbm: decOut(h.cbm) as string,
    })),
    isf_parties: l.isf_parties.map(
      ({ id: _i, so_id: _s, ...p }): TIsfParty => ({ ...p, role: p.role as TIsfParty['role'] }),
    ),
    ens_parties: l.ens_parties.map(
      ({ id: _i, so_id: _s, ...p }): TEnsParty => ({ ...p, role: p.role as TEnsParty['role'] }),
    ),
  };
}

/** Column values of the editable fields (order row without the lines). */
export function columnsOf(v: Fields): Omit<SoInsert, 'so_no' | 'status' | 'is_e_booking'> {
  const {
    equipment: _e,
    containers: _c,
    hs_lines: _h,
    isf_parties: _i,
    ens_parties: _n,
    cfs_closing,
    cy_closing,
    vgm_closing,
    si_closing,
    ...rest
  } = v;
  return {
    ...rest,
    cfs_closing: localIn(cfs_closing),
    cy_closing: localIn(cy_closing),
    vgm_closing: localIn(vgm_closing),
    si_closing: localIn(si_closing),
  };
}

/** The child lines to store; container numbers normalised (no spaces or hyphens, upper case). */
export function linesOf(v: Fields): SoLines {
  return {
    equipment: v.equipment,
    containers: v.containers.map((c) => ({
      ...c,
      container_no: c.container_no ? c.container_no.replace(/[\s-]/g, '').toUpperCase() : null,
      cfs_received_at: localIn(c.cfs_received_at),
      cy_gate_in_at: localIn(c.cy_gate_in_at),
    })),
    hs_lines: v.hs_lines,
    isf_parties: v.isf_parties,
    ens_parties: v.ens_parties,
  };
}

/** A list row from the list query's selection. */
export type BookingListSelect = Omit<TBookingRow, 'etd' | 'eta' | 'updated_at' | 'ageing_since'> & {
  etd: string;
  eta: string;
  updated_at: string;
  ageing_since: string | null;
};
export const presentBookingRow = (r: BookingListSelect): TBookingRow => ({
  ...r,
  updated_at: isoOut(r.updated_at) as string,
  ageing_since: isoOut(r.ageing_since),
});
