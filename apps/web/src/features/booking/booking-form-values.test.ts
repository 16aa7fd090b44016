import { ZShippingOrderFields } from '@portal/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { snapshot, tabOfField, toFormValues, toRequest } from './booking-form-values';
import { bookingListPath, bookingOpenPath, bookingPath } from './booking-paths';

const fields = {
  transport_mode: 'SEA',
  service_type: 'FCL',
  delivery_type: 'P2P',
  business_type: 'FREEHAND',
  shipper_id: 11,
  customer_id: 12,
  consignee_id: 13,
  notify_id: null,
  handling_office: 'SZX',
  pol: 'HKHKG',
  pod: 'NLRTM',
  pld: 'NLRTM',
  fd: 'NLRTM',
  etd: '2026-12-10',
  eta: '2027-01-08',
  cargo_ready_date: '2026-12-01',
  carrier_code: 'MAEU',
  vessel_name: 'MAERSK KOTKA',
  voyage: '612W',
  cfs_closing: '2026-12-06T12:00',
  cy_closing: '2026-12-08T18:00',
  vgm_closing: '2026-12-08T12:00',
  si_closing: '2026-12-07T17:00',
  incoterms: 'FOB',
  freight_term: 'PREPAID',
  contract_type: 'FAK',
  contract_no: 'C-1',
  hide_party_address: true,
  equipment: [{ size_type: '40HQ', qty: 2 }],
  containers: [
    {
      container_no: 'MSCU1234565',
      size_type: '40HQ',
      seal_no: 'S1',
      package_qty: 10,
      gross_weight: '1000.5',
      ex_factory_date: '2026-12-02',
      cy_gate_in_at: '2026-12-05T09:30',
    },
  ],
};

describe('booking form values', () => {
  it('round-trips a booking through the form and validates with the contracts schema', () => {
    const v = toFormValues(ZShippingOrderFields.parse(fields));
    expect(v.shipper_id).toBe('11');
    expect(dayjs.isDayjs(v.etd)).toBe(true);
    const body = toRequest(v);
    const parsed = ZShippingOrderFields.parse(body);
    expect(parsed.etd).toBe('2026-12-10');
    expect(parsed.cy_closing).toBe('2026-12-08T18:00');
    expect(parsed.containers[0]).toMatchObject({
      container_no: 'MSCU1234565',
      cy_gate_in_at: '2026-12-05T09:30',
    });
    expect(parsed.shipper_id).toBe(11);
    expect(snapshot(v)).toBe(snapshot(toFormValues(parsed)));
  });

  it('leaves internal-only fields out for external users', () => {
    const body = toRequest(toFormValues(ZShippingOrderFields.parse(fields)), false) as Record<
      string,
      unknown
    >;
    expect(body).not.toHaveProperty('contract_type');
    expect(body).not.toHaveProperty('hide_party_address');
  });

  it('a new booking starts with one equipment line and required fields empty', () => {
    const res = ZShippingOrderFields.safeParse(toRequest(toFormValues(null)));
    expect(res.success).toBe(false);
    const paths = res.error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(paths).toContain('shipper_id');
    expect(paths).toContain('equipment.0.size_type');
  });

  it('knows the tab of a field', () => {
    expect(tabOfField('containers')).toBe('details');
    expect(tabOfField('pol')).toBe('header');
    expect(tabOfField('isf_parties')).toBe('isf');
  });
});

describe('booking paths', () => {
  it('keeps the list context', () => {
    expect(bookingListPath('search_booking')).toBe('/BMS/enhance_booking');
    expect(bookingPath('new', { from: 'new_e_booking' })).toBe(
      '/BMS/enhance_booking/new_e_booking/shipping_order/new',
    );
    expect(bookingOpenPath({ so_no: 'SO1', is_e_booking: true }, 'search_booking')).toBe(
      '/BMS/enhance_booking/e_booking/SO1',
    );
    expect(bookingPath('SO1', { from: 'reuse_booking', kind: 'shipping_order_copy' })).toBe(
      '/BMS/enhance_booking/reuse_booking/shipping_order_copy/SO1',
    );
  });
});
