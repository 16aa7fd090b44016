import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { apiOf, containerLine, fieldErrors, partyIds, validBooking } from './booking.fixture.test-helpers';

/** Every rule group of 001 §5 Booking answered through POST /Booking with its key on the field path. */
let t: TestApp;
let ops: Record<string, string>;
let ids: Record<string, number>;
let api: ReturnType<typeof apiOf>;
let sailing: Record<string, { id: number; etd: string; eta: string }>;
let maeuRate: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  ids = await partyIds(t);
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  const { rows } = await t.db.execute<{ voyage: string; id: number; etd: string; eta: string }>(
    sql`select voyage, sailing_schedule_id as id, etd::text, eta::text from sailing_schedules`,
  );
  sailing = Object.fromEntries(rows.map((r) => [r.voyage, r]));
  const { rows: rates } = await t.db.execute<{ rate_id: number }>(
    sql`select rate_id from rates where carrier_code = 'MAEU' and pol = 'HKHKG' and pod = 'NLRTM' limit 1`,
  );
  maeuRate = rates[0].rate_id;
});
afterAll(() => t.close());

/** POSTs a booking and answers the status and its field errors. */
const post = async (over: Record<string, unknown>) => {
  const res = await api('POST', '/Booking', ops, validBooking(ids, over));
  return { status: res.statusCode, fields: fieldErrors(res.json()), body: res.json() };
};

describe('booking rules through the API (001 §5)', () => {
  it('parties: nomination or release agent', async () => {
    const r = await post({ nomination_agent_id: null });
    expect(r.status).toBe(400);
    expect(r.fields).toMatchObject({
      nomination_agent_id: 'msgFieldRequired',
      release_agent_id: 'msgFieldRequired',
    });
    expect((await post({ nomination_agent_id: null, release_agent_id: ids.DEHAM001 })).status).toBe(201);
  });

  it('dates: ETD vs cargo ready, gate-in and CFS vs ETD, ex-factory, PLD and FD ETA', async () => {
    expect((await post({ cargo_ready_date: '2027-03-10' })).fields.etd).toBe('msgEtdBeforeCargoReady');
    const c = await post({
      containers: [
        containerLine({ cy_gate_in_at: '2027-03-11T08:00' }),
        containerLine({
          cfs_received_at: '2027-03-09T10:00',
          cy_gate_in_at: '2027-03-09T08:00',
          ex_factory_date: '2027-02-27',
        }),
      ],
    });
    expect(c.fields).toEqual({
      'containers.0.cy_gate_in_at': 'msgDateAfterEtd',
      'containers.1.cfs_received_at': 'msgCfsAfterCyGateIn',
      'containers.1.ex_factory_date': 'msgExFactoryBeforeCargoReady',
    });
    const eta = await post({ pld_eta: '2027-03-14', fd_eta: '2027-03-13' });
    expect(eta.fields).toEqual({ pld_eta: 'msgPldEtaOutOfRange', fd_eta: 'msgFdEtaTooEarly' });
  });

  it('containers: seal, carrier booking no. and packages required; ISO 6346; unique; booked size', async () => {
    const r = await post({
      containers: [
        containerLine({ seal_no: null, carrier_booking_no: '', package_qty: null }),
        containerLine({ container_no: 'TGHU5000010', size_type: '20GP' }),
      ],
    });
    expect(r.status).toBe(400);
    expect(r.fields).toMatchObject({
      'containers.0.seal_no': 'msgFieldRequired',
      'containers.0.carrier_booking_no': 'msgFieldRequired',
      'containers.0.package_qty': 'msgFieldRequired',
      'containers.1.size_type': 'msgContainerSizeNotBooked',
    });
    expect(r.fields['containers.1.container_no']).toMatch(/msgContainerNo(Invalid|CheckDigit)/);
    const same = containerLine();
    const dup = await post({ containers: [same, { ...same }] });
    expect(dup.body.details).toContainEqual({
      field: 'containers.1.container_no',
      msgKey: 'msgContainerNoDuplicate',
      params: { value: same.container_no },
    });
  });

  it('quantities: GW/CBM tolerance, HS totals, LCL containers', async () => {
    expect((await post({ gross_weight: '5002' })).body.details).toContainEqual({
      field: 'gross_weight',
      msgKey: 'msgWeightCbmMismatch',
      params: { tolerance: 1 },
    });
    expect((await post({ gross_weight: '5001', cbm: '29.5' })).status).toBe(201);
    const hs = await post({
      hs_lines: [{ hs_code: '851762', package_qty: 90, gross_weight: '5000', cbm: '30' }],
    });
    expect(hs.fields).toEqual({ hs_lines: 'msgHsTotalsMismatch' });
    const lcl = await post({
      service_type: 'LCL',
      equipment: [{ size_type: 'LCL-CBM', qty: 3 }],
      containers: [containerLine({ size_type: 'LCL-CBM', container_no: null, gross_weight: '0', cbm: null })],
      gross_weight: null,
      cbm: null,
    });
    expect(lcl.fields).toEqual({
      'containers.0.gross_weight': 'msgLclContainerEmpty',
      'containers.0.cbm': 'msgLclContainerEmpty',
    });
  });

  it('rates and sailings: rate sizes, sailing ports, non-TBC sailing for Released SO', async () => {
    const rate = await post({
      rate_id: maeuRate,
      equipment: [{ size_type: '45HQ', qty: 2 }],
      containers: [],
    });
    expect(rate.body.details).toContainEqual({
      field: 'rate_id',
      msgKey: 'msgRateSizesMismatch',
      params: { value: '45HQ' },
    });
    const ports = await post({ sailing_id: sailing['612W'].id });
    expect(ports.fields).toEqual({ sailing_id: 'msgSailingPortsMismatch' });
    const tbc = sailing.TBA1E;
    const us = {
      pol: 'CNSHA',
      pod: 'SGSIN',
      pld: 'SGSIN',
      fd: 'SGSIN',
      space_status: 'RELEASED_SO',
    };
    expect((await post({ ...us, sailing_id: null })).fields).toEqual({ sailing_id: 'msgSailingRequired' });
    await t.db.execute(sql`update sailing_schedules set pod = 'SGSIN' where sailing_schedule_id = ${tbc.id}`);
    expect((await post({ ...us, sailing_id: tbc.id })).fields).toEqual({
      sailing_id: 'msgTbcSailingReleased',
    });
    expect((await post({ ...us, space_status: 'REQUESTED', sailing_id: tbc.id })).status).toBe(201);
  });

  it('filing: ISF for the US, ENS for the EU, state and ZIP by country', async () => {
    const us = await post({ pod: 'USLAX', pld: 'USLAX', fd: 'USLAX' });
    expect(us.fields).toEqual({ isf_parties: 'msgIsfPartyRequired' });
    expect(us.body.details).toHaveLength(6);
    const eu = await post({
      pod: 'NLRTM',
      pld: 'NLRTM',
      fd: 'NLRTM',
      ens_parties: [
        {
          role: 'SHIPPER',
          name: 'Bright Star',
          address1: 'No. 88 Keji South Road',
          city: 'Shenzhen',
          zip: '5180',
          country_code: 'CN',
          phone: '+8675586001234',
        },
      ],
    });
    expect(eu.body.details).toEqual([
      { field: 'ens_parties.0.zip', msgKey: 'msgZipInvalid' },
      { field: 'ens_parties', msgKey: 'msgEnsPartyRequired', params: { role: 'CONSIGNEE' } },
    ]);
    const badPhone = await post({
      ens_parties: [
        { role: 'SHIPPER', name: 'X', address1: 'Y', city: 'Z', country_code: 'DE', phone: '+49 40 1234' },
      ],
    });
    expect(badPhone.fields['ens_parties.0.phone']).toBe('msgEnsPhoneInvalid');
  });
});
