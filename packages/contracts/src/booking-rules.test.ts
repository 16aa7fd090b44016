import { describe, expect, it } from 'vitest';
import { ZShippingOrderFields } from './booking';
import {
  ALWAYS_REQUIRED_FIELDS,
  type BookingRuleContext,
  type BookingStage,
  bookingIssues,
  bookingRequiredFields,
  needsEns,
  needsIsf,
  SAILING_FIELDS,
} from './booking-rules';
import { containerCheckDigit } from './validators/container-number';

/** A valid ISO 6346 number from owner+category+serial (10 characters). */
const cn = (first10: string) => `${first10}${containerCheckDigit(first10)}`;

const container = (over: Record<string, unknown> = {}) => ({
  container_no: cn('MSKU123456'),
  size_type: '40HQ',
  seal_no: 'SL001',
  carrier_booking_no: 'MAEU261234',
  package_qty: 100,
  gross_weight: '5000',
  cbm: '30',
  ex_factory_date: '2026-06-02',
  cfs_received_at: '2026-06-05T10:00',
  cy_gate_in_at: '2026-06-06T09:00',
  ...over,
});

const base = (over: Record<string, unknown> = {}) =>
  ZShippingOrderFields.parse({
    transport_mode: 'SEA',
    service_type: 'FCL',
    delivery_type: 'P2P',
    business_type: 'FREEHAND',
    shipper_id: 1,
    customer_id: 2,
    consignee_id: 3,
    nomination_agent_id: 4,
    handling_office: 'HKG',
    pol: 'HKHKG',
    pod: 'SGSIN',
    pld: 'SGSIN',
    fd: 'SGSIN',
    etd: '2026-06-10',
    eta: '2026-06-15',
    cargo_ready_date: '2026-06-01',
    carrier_code: 'MAEU',
    vessel_name: 'Maersk Kotka',
    voyage: '612S',
    cfs_closing: '2026-06-06T12:00',
    cy_closing: '2026-06-08T18:00',
    vgm_closing: '2026-06-08T12:00',
    si_closing: '2026-06-07T17:00',
    incoterms: 'FOB',
    freight_term: 'PREPAID',
    gross_weight: '5000',
    cbm: '30',
    package_qty: 100,
    equipment: [{ size_type: '40HQ', qty: 1 }],
    containers: [container()],
    ...over,
  });

const run = (over: Record<string, unknown> = {}, ctx: BookingRuleContext = {}) =>
  bookingIssues(base(over), ctx);
const keys = (over: Record<string, unknown> = {}, ctx: BookingRuleContext = {}) =>
  run(over, ctx).map((i) => `${i.level === 'warning' ? 'W ' : ''}${i.path.join('.')}:${i.message}`);

const isf = (role: string, over: Record<string, unknown> = {}) => ({
  role,
  name: `${role} Co`,
  address1: '1 Main St',
  city: 'Long Beach',
  state: 'CA',
  zip: '90810',
  country_code: 'US',
  country_of_origin: 'CN',
  hts_code: '940360',
  ...over,
});
const ALL_ISF = ['SELLER', 'MANUFACTURER', 'BUYER', 'SHIP_TO', 'STUFFING_LOCATION', 'CONSOLIDATOR'].map((r) =>
  isf(r),
);
const ens = (role: string, over: Record<string, unknown> = {}) => ({
  role,
  name: `${role} GmbH`,
  address1: 'Am Sandtorkai 50',
  city: 'Hamburg',
  zip: '20457',
  country_code: 'DE',
  phone: '+494036091234',
  eori_no: 'DE123456789012345',
  ...over,
});

describe('bookingIssues (001 §5 Booking)', () => {
  it('finds nothing wrong with a valid booking', () => {
    expect(keys()).toEqual([]);
  });

  it('needs a nomination or a release agent', () => {
    expect(keys({ nomination_agent_id: null })).toEqual([
      'nomination_agent_id:msgFieldRequired',
      'release_agent_id:msgFieldRequired',
    ]);
    expect(keys({ nomination_agent_id: null, release_agent_id: 9 })).toEqual([]);
  });

  it('needs ETD later than the cargo ready date, and warns beyond 14 days', () => {
    expect(keys({ etd: '2026-06-01' })).toContain('etd:msgEtdBeforeCargoReady');
    expect(keys({ cargo_ready_date: '2026-06-11', containers: [] })).toEqual(['etd:msgEtdBeforeCargoReady']);
    expect(keys({ etd: '2026-06-15', eta: '2026-06-20' })).toEqual([]);
    const far = run({ etd: '2026-06-16', eta: '2026-06-20' });
    expect(far).toEqual([
      { path: ['etd'], message: 'msgEtdFarAfterCargoReady', params: { days: 14 }, level: 'warning' },
    ]);
  });

  it('needs CY gate-in and CFS received on or before ETD, CFS not after CY gate-in', () => {
    expect(keys({ containers: [container({ cy_gate_in_at: '2026-06-10T23:00' })] })).toEqual([]);
    expect(keys({ containers: [container({ cy_gate_in_at: '2026-06-11T01:00' })] })).toEqual([
      'containers.0.cy_gate_in_at:msgDateAfterEtd',
    ]);
    expect(
      keys({
        containers: [container({ cfs_received_at: '2026-06-11T01:00', cy_gate_in_at: null })],
      }),
    ).toEqual(['containers.0.cfs_received_at:msgDateAfterEtd']);
    expect(keys({ containers: [container({ cfs_received_at: '2026-06-06T10:00' })] })).toEqual([
      'containers.0.cfs_received_at:msgCfsAfterCyGateIn',
    ]);
    expect(keys({ containers: [container({ cfs_received_at: '2026-06-06T09:00' })] })).toEqual([]);
  });

  it('refuses an ex-factory date before the cargo ready date', () => {
    expect(keys({ containers: [container({ ex_factory_date: '2026-05-31' })] })).toEqual([
      'containers.0.ex_factory_date:msgExFactoryBeforeCargoReady',
    ]);
    expect(keys({ containers: [container({ ex_factory_date: '2026-06-01' })] })).toEqual([]);
  });

  it('keeps PLD ETA between POD ETA and FD ETA, and FD ETA not before either', () => {
    expect(keys({ pld_eta: '2026-06-16', fd_eta: '2026-06-18' })).toEqual([]);
    expect(keys({ pld_eta: '2026-06-15', fd_eta: '2026-06-15' })).toEqual([]);
    expect(keys({ pld_eta: '2026-06-14' })).toEqual(['pld_eta:msgPldEtaOutOfRange']);
    expect(keys({ pld_eta: '2026-06-19', fd_eta: '2026-06-18' })).toEqual([
      'pld_eta:msgPldEtaOutOfRange',
      'fd_eta:msgFdEtaTooEarly',
    ]);
    expect(keys({ fd_eta: '2026-06-14' })).toEqual(['fd_eta:msgFdEtaTooEarly']);
  });

  it('needs seal no., carrier booking no. and package qty on every container', () => {
    expect(
      keys({
        containers: [
          container(),
          container({ container_no: null, seal_no: '', carrier_booking_no: null, package_qty: null }),
        ],
        gross_weight: null,
        cbm: null,
      }),
    ).toEqual([
      'containers.1.seal_no:msgFieldRequired',
      'containers.1.carrier_booking_no:msgFieldRequired',
      'containers.1.package_qty:msgFieldRequired',
    ]);
  });

  it('checks container numbers by ISO 6346 and refuses duplicates', () => {
    expect(keys({ containers: [container({ container_no: 'MSKU1234560' })] })).toContain(
      'containers.0.container_no:msgContainerNoCheckDigit',
    );
    expect(keys({ containers: [container({ container_no: 'MSK1234567' })] })).toContain(
      'containers.0.container_no:msgContainerNoInvalid',
    );
    const dup = run({
      containers: [
        container({ gross_weight: '2500', cbm: '15' }),
        container({ gross_weight: '2500', cbm: '15' }),
      ],
    });
    expect(dup).toEqual([
      {
        path: ['containers', 1, 'container_no'],
        message: 'msgContainerNoDuplicate',
        params: { value: cn('MSKU123456') },
        level: 'error',
      },
    ]);
  });

  it('lets container GW and CBM differ from the booking by at most 1', () => {
    expect(keys({ gross_weight: '5001', cbm: '29' })).toEqual([]);
    expect(keys({ gross_weight: '5001.5' })).toEqual(['gross_weight:msgWeightCbmMismatch']);
    expect(run({ cbm: '31.01' })[0]).toMatchObject({ path: ['cbm'], params: { tolerance: 1 } });
    // No container weights entered yet: nothing to compare.
    expect(
      keys({ gross_weight: '9999', containers: [container({ gross_weight: null, cbm: null })] }),
    ).toEqual([]);
  });

  it('aligns HS totals with the containers (packages exact, GW and CBM within 1)', () => {
    const hs = (package_qty: number, gross_weight: string, cbm: string) => ({
      hs_code: '940360',
      package_qty,
      gross_weight,
      cbm,
    });
    expect(keys({ hs_lines: [hs(60, '3000', '18'), hs(40, '2000.5', '12.5')] })).toEqual([]);
    expect(keys({ hs_lines: [hs(99, '5000', '30')] })).toEqual(['hs_lines:msgHsTotalsMismatch']);
    expect(run({ hs_lines: [hs(100, '5002', '28')] }).map((i) => i.params?.total)).toEqual([
      'gross_weight',
      'cbm',
    ]);
    // Without container lines the booking's own totals are the reference.
    expect(keys({ containers: [], hs_lines: [hs(100, '5000', '30')] })).toEqual([]);
    expect(keys({ containers: [], hs_lines: [hs(90, '5000', '30')] })).toEqual([
      'hs_lines:msgHsTotalsMismatch',
    ]);
  });

  it('needs packages, GW and CBM above zero on an LCL container', () => {
    expect(keys({ service_type: 'LCL' })).toEqual([]);
    expect(
      keys({
        service_type: 'LCL',
        gross_weight: null,
        cbm: null,
        containers: [container({ package_qty: 0, gross_weight: '0', cbm: null })],
      }),
    ).toEqual([
      'containers.0.package_qty:msgLclContainerEmpty',
      'containers.0.gross_weight:msgLclContainerEmpty',
      'containers.0.cbm:msgLclContainerEmpty',
    ]);
    expect(keys({ containers: [container({ package_qty: 0 })] })).toEqual([]);
  });

  it('needs each container size among the booked equipment', () => {
    expect(keys({ containers: [container({ size_type: '20GP' })] })).toEqual([
      'containers.0.size_type:msgContainerSizeNotBooked',
    ]);
    expect(
      keys({
        equipment: [
          { size_type: '20GP', qty: 1 },
          { size_type: '40HQ', qty: 1 },
        ],
      }),
    ).toEqual([]);
  });

  it('needs the rate container sizes to match the booking', () => {
    expect(keys({}, { rate: { container_sizes: ['20GP', '40HQ'] } })).toEqual([]);
    const r = run(
      {
        equipment: [
          { size_type: '40HQ', qty: 1 },
          { size_type: '45HQ', qty: 1 },
        ],
      },
      {
        rate: { container_sizes: ['20GP', '40HQ'] },
      },
    );
    expect(r).toEqual([
      { path: ['rate_id'], message: 'msgRateSizesMismatch', params: { value: '45HQ' }, level: 'error' },
    ]);
  });

  it('needs the selected sailing POL and POD to match the booking', () => {
    expect(keys({}, { sailing: { pol: 'HKHKG', pod: 'SGSIN', is_tbc: false } })).toEqual([]);
    expect(keys({}, { sailing: { pol: 'HKHKG', pod: 'NLRTM', is_tbc: false } })).toEqual([
      'sailing_id:msgSailingPortsMismatch',
    ]);
    expect(keys({}, { sailing: { pol: 'CNSHA', pod: 'SGSIN', is_tbc: false } })).toEqual([
      'sailing_id:msgSailingPortsMismatch',
    ]);
  });

  it('needs a non-TBC sailing when space status is Released SO', () => {
    const sailing = { pol: 'HKHKG', pod: 'SGSIN', is_tbc: false };
    expect(keys({ space_status: 'RELEASED_SO', sailing_id: 5 }, { sailing })).toEqual([]);
    expect(
      keys({ space_status: 'RELEASED_SO', sailing_id: 5 }, { sailing: { ...sailing, is_tbc: true } }),
    ).toEqual(['sailing_id:msgTbcSailingReleased']);
    expect(keys({ space_status: 'RELEASED_SO' })).toEqual(['sailing_id:msgSailingRequired']);
    expect(
      keys({ space_status: 'REQUESTED', sailing_id: 5 }, { sailing: { ...sailing, is_tbc: true } }),
    ).toEqual([]);
  });

  it('needs all six ISF parties for the US, with valid state and ZIP', () => {
    const us = { pod: 'USLAX', pld: 'USLAX', fd: 'USLAX' };
    expect(needsIsf(base(us))).toBe(true);
    expect(keys({ ...us, isf_parties: ALL_ISF })).toEqual([]);
    expect(keys({ ...us, isf_parties: ALL_ISF.slice(1) })).toEqual(['isf_parties:msgIsfPartyRequired']);
    expect(run({ ...us, isf_parties: ALL_ISF.slice(1) })[0].params).toEqual({ role: 'SELLER' });
    const bad = [...ALL_ISF.slice(1), isf('SELLER', { state: 'C1', zip: '9081' })];
    expect(keys({ ...us, isf_parties: bad })).toEqual([
      'isf_parties.5.state:msgStateInvalid',
      'isf_parties.5.zip:msgZipInvalid',
    ]);
    // Not to the US: nothing required, but what is entered is still checked.
    expect(
      keys({ isf_parties: [isf('SELLER', { country_code: 'CA', state: 'ON', zip: 'M5V 3L9' })] }),
    ).toEqual([]);
    expect(keys({ isf_parties: [isf('SELLER', { country_code: 'CA', state: 'ON', zip: '12345' })] })).toEqual(
      ['isf_parties.0.zip:msgZipInvalid'],
    );
    expect(keys({ isf_parties: [isf('SELLER'), isf('SELLER')] })).toEqual([
      'isf_parties.1.role:msgPartyRoleDuplicate',
    ]);
  });

  it('needs ENS shipper and consignee for the EU from the ENS start date, with valid state and ZIP', () => {
    const eu = { pod: 'NLRTM', pld: 'NLRTM', fd: 'DEHAM' };
    expect(needsEns(base(eu))).toBe(true);
    expect(
      needsEns(base({ ...eu, etd: '2024-05-26', eta: '2024-06-20', cargo_ready_date: '2024-05-20' })),
    ).toBe(false);
    expect(keys({ ...eu, ens_parties: [ens('SHIPPER'), ens('CONSIGNEE')] })).toEqual([]);
    expect(keys({ ...eu, ens_parties: [ens('SHIPPER')] })).toEqual(['ens_parties:msgEnsPartyRequired']);
    expect(keys({ pod: 'HKHKG', fd: 'NOOSL', ens_parties: [] })).toEqual([
      'ens_parties:msgEnsPartyRequired',
      'ens_parties:msgEnsPartyRequired',
    ]);
    expect(
      keys({
        ...eu,
        ens_parties: [ens('SHIPPER', { country_code: 'US', state: 'XYZ', zip: '1' }), ens('CONSIGNEE')],
      }),
    ).toEqual(['ens_parties.0.state:msgStateInvalid', 'ens_parties.0.zip:msgZipInvalid']);
  });
});

describe('required fields by side, status and step (docs/booking.md "Required fields")', () => {
  const noSailing = {
    carrier_code: '',
    vessel_name: null,
    voyage: undefined,
    cfs_closing: '',
    cy_closing: null,
    vgm_closing: '',
    si_closing: null,
  };
  const stage = (side: BookingStage['side'], status: BookingStage['status'], step: BookingStage['step']) => ({
    stage: { side, status, step },
  });
  const sailingErrors = SAILING_FIELDS.map((f) => `${f}:msgFieldRequired`);

  it('saves an e-booking, an amendment and a new manual booking without the sailing', () => {
    expect(base(noSailing).carrier_code).toBeNull();
    expect(keys(noSailing)).toEqual([]);
    expect(keys(noSailing, stage('external', null, 'save'))).toEqual([]);
    expect(keys(noSailing, stage('external', 'NEW_E_BOOKING', 'save'))).toEqual([]);
    expect(keys(noSailing, stage('external', 'AMEND_PENDING', 'save'))).toEqual([]);
    expect(keys(noSailing, stage('internal', null, 'save'))).toEqual([]);
    expect(keys(noSailing, stage('internal', 'NEW_MANUAL', 'save'))).toEqual([]);
    expect(keys(noSailing, stage('internal', 'NEW_E_BOOKING', 'save'))).toEqual([]);
  });

  it('needs carrier, vessel, voyage and the four closings to confirm and to save a confirmed booking', () => {
    expect(keys(noSailing, stage('internal', 'NEW_E_BOOKING', 'confirm'))).toEqual(sailingErrors);
    expect(keys(noSailing, stage('internal', 'AMEND_PENDING', 'confirm'))).toEqual(sailingErrors);
    expect(keys(noSailing, stage('internal', 'CONFIRMED', 'save'))).toEqual(sailingErrors);
    expect(keys(noSailing, stage('internal', 'RECOVERED', 'save'))).toEqual(sailingErrors);
    expect(keys({ voyage: '' }, stage('internal', 'CONFIRMED', 'save'))).toEqual(['voyage:msgFieldRequired']);
    expect(keys({}, stage('internal', 'CONFIRMED', 'confirm'))).toEqual([]);
  });

  it('lists the required fields for the form: the schema-required ones, the sailing when due', () => {
    // 001 §5 "Required" without the sailing and the nomination/release pair (one of the two, a rule).
    expect([...ALWAYS_REQUIRED_FIELDS].sort()).toEqual(
      [
        'transport_mode',
        'service_type',
        'delivery_type',
        'business_type',
        'shipper_id',
        'customer_id',
        'consignee_id',
        'handling_office',
        'pol',
        'pod',
        'pld',
        'fd',
        'etd',
        'eta',
        'cargo_ready_date',
        'incoterms',
        'freight_term',
        'equipment',
      ].sort(),
    );
    const shipper = bookingRequiredFields({ side: 'external', status: null, step: 'save' });
    expect(shipper.has('shipper_id')).toBe(true);
    expect(shipper.has('carrier_code')).toBe(false);
    const ops = bookingRequiredFields({ side: 'internal', status: 'CONFIRMED', step: 'save' });
    for (const f of SAILING_FIELDS) expect(ops.has(f)).toBe(true);
  });

  it('the written-out always-required list (zod-free, for the form) is what the field schema refuses to miss', () => {
    const derived = Object.entries(ZShippingOrderFields.shape)
      .filter(([, schema]) => !schema.safeParse(undefined).success && !schema.safeParse(null).success)
      .map(([name]) => name);
    expect([...ALWAYS_REQUIRED_FIELDS].sort()).toEqual(derived.sort());
  });
});
