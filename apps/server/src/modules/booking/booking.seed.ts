import { containerCheckDigit, type TBookingStatus, ZShippingOrderFields } from '@portal/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { DEMO_OPS_NAME } from '../../platform/seed/demo-people';
import { parties } from '../party';
import { partyGroupMembers, partyGroups } from '../party-group';
import { sailingSchedules } from '../sailing-schedule';
import { userProfilePartyGroups } from '../user-admin';
import { columnsOf, linesOf } from './booking.presenter';
import { bookingRepository } from './booking.repository';
import { BOOKING_ENTITY } from './booking.service';
import { shippingOrders } from './booking.tables';
import { indexBookings } from './booking-search.repository';

/** The party each external demo user books for (a party group on the user's external profile). */
export const DEMO_OWN_PARTIES: [login: string, profileType: string, partyCode: string][] = [
  ['agent@demo.test', 'AGENT', 'CNSHA001'],
  ['multi@demo.test', 'AGENT', 'CNSHA001'],
  ['consignee@demo.test', 'CONSIGNEE', 'USLAX001'],
  ['shipper@demo.test', 'SHIPPER', 'CNSZX001'],
];

/** Gives each external demo profile a party group holding its own party (skips groups that exist). */
export async function seedDemoBookingPartyGroups(db: DbOrTx) {
  for (const [login, type, code] of DEMO_OWN_PARTIES) {
    const { rows } = await db.execute<{ user_profile_id: number }>(sql`
      select p.user_profile_id from user_profiles p
        join users u on u.user_uid = p.user_uid
        join profile_types t on t.profile_type_id = p.profile_type_id
       where lower(u.login_id) = ${login} and t.code = ${type}`);
    const [party] = await db.select().from(parties).where(eq(parties.party_code, code));
    if (!rows[0] || !party) continue;
    const name = `${party.short_name} (${type.toLowerCase()} portal)`;
    let [group] = await db
      .select({ id: partyGroups.party_group_id })
      .from(partyGroups)
      .where(eq(partyGroups.group_name, name));
    if (!group) {
      [group] = await db
        .insert(partyGroups)
        .values({
          group_name: name,
          group_type: 'OTHER',
          sub_group: 'Portal users',
          created_by: DEMO_OPS_NAME,
          updated_by: DEMO_OPS_NAME,
        })
        .returning({ id: partyGroups.party_group_id });
      await db.insert(partyGroupMembers).values({ party_group_id: group.id, party_id: party.party_id });
    }
    await db
      .insert(userProfilePartyGroups)
      .values({ user_profile_id: rows[0].user_profile_id, party_group_id: group.id })
      .onConflictDoNothing();
  }
}

/** A valid ISO 6346 number for owner code + category (4 letters) and a 6-digit serial. */
const containerNo = (owner: string, serial: number) => {
  const first10 = `${owner}${String(serial).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
};

interface DemoBooking {
  status: TBookingStatus;
  /** Hours since the status changed (the ageing clock). */
  agedHours: number;
  e: boolean;
  lane: 'EU' | 'US' | 'US_TBC';
  shipper: string;
  consignee: string;
  agent: [nomination: string | null, release: string | null];
  office: string;
  service?: 'FCL' | 'LCL';
  containers?: number;
  approval?: 'REQUEST_FOR_APPROVAL' | 'PENDING_CUSTOMER' | 'APPROVED';
  si?: 'PENDING' | 'SUBMITTED';
  job?: boolean;
  released?: boolean;
  po: string;
}

// biome-ignore format: one booking per row
const DEMO_BOOKINGS: DemoBooking[] = [
  { status: 'NEW_E_BOOKING', agedHours: 2, e: true, lane: 'US', shipper: 'CNSZX001', consignee: 'USLAX001', agent: ['CNSHA001', null], office: 'SHA', po: 'PO-WC-24811' },
  { status: 'NEW_E_BOOKING', agedHours: 10, e: true, lane: 'US', shipper: 'CNNGB001', consignee: 'USLAX001', agent: ['CNSHA001', 'USCHI001'], office: 'SHA', po: 'PO-WC-24812' },
  { status: 'NEW_E_BOOKING', agedHours: 20, e: true, lane: 'EU', shipper: 'CNSZX001', consignee: 'DEMUC001', agent: [null, 'DEHAM001'], office: 'HKG', po: 'PO-BV-1187' },
  { status: 'NEW_E_BOOKING', agedHours: 40, e: true, lane: 'US_TBC', shipper: 'CNSZX001', consignee: 'USNYC001', agent: ['CNSHA001', null], office: 'SHA', po: 'PO-AR-5520' },
  { status: 'AMEND_PENDING', agedHours: 3, e: true, lane: 'US', shipper: 'CNSZX001', consignee: 'USLAX001', agent: ['CNSHA001', null], office: 'SHA', po: 'PO-WC-24790' },
  { status: 'AMEND_PENDING', agedHours: 12, e: true, lane: 'EU', shipper: 'HKSHP001', consignee: 'NLAMS001', agent: ['NLRTM001', null], office: 'HKG', po: 'PO-AF-301' },
  { status: 'CANCEL_PENDING', agedHours: 1, e: true, lane: 'US', shipper: 'CNNGB001', consignee: 'USLAX001', agent: ['CNSHA001', null], office: 'SHA', po: 'PO-WC-24700' },
  { status: 'CANCEL_PENDING', agedHours: 26, e: true, lane: 'EU', shipper: 'HKSHP001', consignee: 'DEMUC001', agent: [null, 'DEHAM001'], office: 'HKG', po: 'PO-BV-1150' },
  { status: 'NEW_MANUAL', agedHours: 1, e: false, lane: 'EU', shipper: 'HKSHP001', consignee: 'DEMUC001', agent: [null, 'DEHAM001'], office: 'HKG', po: 'PO-BV-1190' },
  { status: 'NEW_MANUAL', agedHours: 9, e: false, lane: 'EU', shipper: 'HKSHP001', consignee: 'NLAMS001', agent: ['NLRTM001', null], office: 'HKG', service: 'LCL', containers: 1, po: 'PO-AF-310' },
  { status: 'NEW_MANUAL', agedHours: 30, e: false, lane: 'US', shipper: 'CNSZX001', consignee: 'USNYC001', agent: ['CNSHA001', 'USCHI001'], office: 'SZX', po: 'PO-AR-5531' },
  { status: 'CONFIRMED', agedHours: 4, e: true, lane: 'US', shipper: 'CNSZX001', consignee: 'USLAX001', agent: ['CNSHA001', null], office: 'SHA', approval: 'REQUEST_FOR_APPROVAL', po: 'PO-WC-24650' },
  { status: 'CONFIRMED', agedHours: 30, e: true, lane: 'EU', shipper: 'CNSZX001', consignee: 'DEMUC001', agent: [null, 'DEHAM001'], office: 'HKG', approval: 'PENDING_CUSTOMER', po: 'PO-BV-1102' },
  { status: 'CONFIRMED', agedHours: 60, e: false, lane: 'EU', shipper: 'HKSHP001', consignee: 'NLAMS001', agent: ['NLRTM001', null], office: 'HKG', po: 'PO-AF-288' },
  { status: 'CONFIRMED', agedHours: 130, e: false, lane: 'US', shipper: 'CNNGB001', consignee: 'USLAX001', agent: ['CNSHA001', null], office: 'SHA', approval: 'APPROVED', po: 'PO-WC-24500' },
  { status: 'CONFIRMED', agedHours: 180, e: true, lane: 'US', shipper: 'CNSZX001', consignee: 'USLAX001', agent: ['CNSHA001', null], office: 'SHA', approval: 'APPROVED', job: true, released: true, po: 'PO-WC-24410' },
  { status: 'CONFIRMED', agedHours: 200, e: false, lane: 'EU', shipper: 'HKSHP001', consignee: 'DEMUC001', agent: [null, 'DEHAM001'], office: 'HKG', approval: 'APPROVED', job: true, released: true, si: 'SUBMITTED', po: 'PO-BV-1001' },
  { status: 'CONFIRMED', agedHours: 20, e: false, lane: 'EU', shipper: 'HKSHP001', consignee: 'NLAMS001', agent: ['NLRTM001', null], office: 'HKG', approval: 'APPROVED', job: true, po: 'PO-AF-275' },
  { status: 'CANCELLED', agedHours: 50, e: true, lane: 'US', shipper: 'CNSZX001', consignee: 'USLAX001', agent: ['CNSHA001', null], office: 'SHA', po: 'PO-WC-24300' },
  { status: 'CANCELLED', agedHours: 90, e: false, lane: 'EU', shipper: 'HKSHP001', consignee: 'DEMUC001', agent: [null, 'DEHAM001'], office: 'HKG', po: 'PO-BV-0990' },
  { status: 'CANCELLED', agedHours: 300, e: false, lane: 'US', shipper: 'CNNGB001', consignee: 'USNYC001', agent: ['CNSHA001', null], office: 'SZX', po: 'PO-AR-5400' },
  { status: 'RECOVERED', agedHours: 5, e: true, lane: 'US', shipper: 'CNSZX001', consignee: 'USLAX001', agent: ['CNSHA001', null], office: 'SHA', po: 'PO-WC-24350' },
  { status: 'RECOVERED', agedHours: 72, e: false, lane: 'EU', shipper: 'HKSHP001', consignee: 'NLAMS001', agent: ['NLRTM001', null], office: 'HKG', po: 'PO-AF-250' },
  { status: 'NEW_E_BOOKING', agedHours: 6, e: true, lane: 'EU', shipper: 'HKSHP001', consignee: 'DEMUC001', agent: [null, 'DEHAM001'], office: 'HKG', service: 'LCL', containers: 1, po: 'PO-BV-1195' },
  { status: 'CONFIRMED', agedHours: 150, e: false, lane: 'US', shipper: 'CNNGB001', consignee: 'USNYC001', agent: ['CNSHA001', null], office: 'SZX', po: 'PO-AR-5502' },
];

const ISF = (consignee: {
  name: string;
  address1: string;
  city: string;
  state: string | null;
  zip: string | null;
}) =>
  (['SELLER', 'MANUFACTURER', 'BUYER', 'SHIP_TO', 'STUFFING_LOCATION', 'CONSOLIDATOR'] as const).map(
    (role) =>
      ['BUYER', 'SHIP_TO'].includes(role)
        ? { role, ...consignee, country_code: 'US', country_of_origin: 'CN', hts_code: '851762' }
        : {
            role,
            name:
              role === 'CONSOLIDATOR'
                ? 'Shanghai Jinqiao Logistics Co., Ltd.'
                : 'Shenzhen Bright Star Electronics Co., Ltd.',
            address1: role === 'CONSOLIDATOR' ? 'No. 1000 Zhangyang Road' : 'No. 88 Keji South Road',
            city: role === 'CONSOLIDATOR' ? 'Shanghai' : 'Shenzhen',
            state: null,
            zip: role === 'CONSOLIDATOR' ? '200120' : '518057',
            country_code: 'CN',
            country_of_origin: 'CN',
            hts_code: '851762',
          },
  );

/**
 * Demo shipping orders (empty booking tables only): 25 bookings over every status and list, on the demo
 * sailings (HKHKG→NLRTM, CNSHA→USLAX and the TBC one), some aged so the dashboard shows yellow and red.
 * SO numbers carry the demo prefix DEMO<office><nnn> (the sequence counters stay untouched). Call after
 * parties, sailings and rates are seeded.
 */
export async function seedDemoBookings(db: Db, now = new Date()) {
  await db.transaction(async (tx) => {
    await seedDemoBookingPartyGroups(tx);
    const [exists] = await tx.select({ id: shippingOrders.so_id }).from(shippingOrders).limit(1);
    if (exists) return;
    const codes = [
      ...new Set(DEMO_BOOKINGS.flatMap((b) => [b.shipper, b.consignee, ...b.agent, 'HKCUS001'])),
    ];
    const partyRows = await tx
      .select()
      .from(parties)
      .where(
        inArray(
          parties.party_code,
          codes.filter((c): c is string => !!c),
        ),
      );
    const party = new Map(partyRows.map((p) => [p.party_code, p]));
    const sailing = async (carrier: string, voyage: string) =>
      (
        await tx
          .select()
          .from(sailingSchedules)
          .where(and(eq(sailingSchedules.carrier_code, carrier), eq(sailingSchedules.voyage, voyage)))
      )[0];
    const lanes = {
      EU: await sailing('MAEU', '612W'),
      US: await sailing('COSU', '052E'),
      US_TBC: await sailing('MSCU', 'TBA1E'),
    };
    if (!lanes.EU || !lanes.US || !lanes.US_TBC || party.size < codes.length - 1) return;
    let serial = 100;
    for (const [i, b] of DEMO_BOOKINGS.entries()) {
      const s = lanes[b.lane];
      const consignee = party.get(b.consignee);
      const id = (code: string | null) => (code ? (party.get(code)?.party_id ?? null) : null);
      const lcl = b.service === 'LCL';
      const n = b.containers ?? (i % 3) + 1;
      const size = lcl ? 'LCL-CBM' : i % 2 ? '40HQ' : '20GP';
      const gw = 4200 + i * 150;
      const cbm = lcl ? 6 : 25 + (i % 4) * 5;
      const cargoReady = new Date(Date.parse(`${s.etd}T00:00:00Z`) - 7 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const cut = (v: string | null, fallbackDays: number) =>
        v
          ? v.slice(0, 16).replace(' ', 'T')
          : `${new Date(Date.parse(`${s.etd}T00:00:00Z`) - fallbackDays * 86_400_000).toISOString().slice(0, 10)}T12:00`;
      const owner = ['MSKU', 'CSQU', 'TGHU', 'OOLU', 'CMAU'][i % 5];
      const fields = ZShippingOrderFields.parse({
        po_no: b.po,
        transport_mode: 'SEA',
        service_type: lcl ? 'LCL' : 'FCL',
        delivery_type: b.lane === 'EU' ? 'P2D' : 'P2P',
        business_type: b.agent[0] ? 'NOMINATION' : 'FREEHAND',
        shipper_id: id(b.shipper),
        customer_id: id('HKCUS001'),
        consignee_id: id(b.consignee),
        notify_id: id(b.consignee),
        nomination_agent_id: id(b.agent[0]),
        release_agent_id: id(b.agent[1]),
        salesman: ['S01', 'S02', 'S03'][i % 3],
        handling_office: b.office,
        por: s.pol,
        pol: s.pol,
        pod: s.pod,
        pld: s.pod,
        fd: b.lane === 'EU' ? (b.consignee === 'DEMUC001' ? 'DEMUC' : 'NLAMS') : s.pod,
        etd: s.etd,
        eta: s.eta,
        fd_eta: s.eta,
        cargo_ready_date: cargoReady,
        projected_etd: s.is_tbc ? s.etd : null,
        sailing_id: s.sailing_schedule_id,
        carrier_code: s.carrier_code,
        vessel_name: s.vessel_name,
        voyage: s.voyage,
        rate_id: null,
        cfs_closing: cut(s.cfs_cutoff, 4),
        cy_closing: cut(s.cy_cutoff, 2),
        vgm_closing: cut(s.vgm_cutoff, 2),
        si_closing: cut(s.si_cutoff, 3),
        incoterms: b.lane === 'EU' ? 'FOB' : 'CIF',
        incoterms_location: b.lane === 'EU' ? 'Hong Kong' : 'Shanghai',
        freight_term: b.lane === 'EU' ? 'COLLECT' : 'PREPAID',
        commodity: b.lane === 'EU' ? 'Sporting goods' : 'Consumer electronics',
        marks: 'N/M',
        goods_description:
          b.lane === 'EU' ? 'Sports apparel and equipment' : 'Bluetooth speakers and accessories',
        package_qty: 120 * n,
        package_unit: 'CTN',
        gross_weight: String(gw * n),
        cbm: String(cbm * n),
        space_status: b.released ? 'RELEASED_SO' : b.status === 'CONFIRMED' ? 'REQUESTED' : 'PENDING',
        booking_condition: 'NORMAL',
        contract_type: b.e ? null : 'SERVICE_CONTRACT',
        contract_no: b.e ? null : `SC-${s.carrier_code}-2026-0${(i % 9) + 1}`,
        shipper_ref: `SR-${1000 + i}`,
        forwarder_ref: `FR-${2000 + i}`,
        equipment: [{ size_type: size, qty: lcl ? cbm : n }],
        containers: Array.from({ length: n }, () => {
          serial += 7;
          return {
            container_no: lcl ? null : containerNo(owner, 300_000 + serial),
            size_type: size,
            seal_no: lcl ? 'CFS' : `SL${800_000 + serial}`,
            carrier_booking_no: `${s.carrier_code}${260_000 + i}`,
            package_qty: 120,
            gross_weight: String(gw),
            cbm: String(cbm),
            ex_factory_date: cargoReady,
          };
        }),
        // The cargo by HS 2022 subheading (issue 39: the master bill's DCSA SI needs one per SO), one line
        // carrying the booking's totals: sports jerseys or gym equipment to Europe, loudspeakers to the US.
        hs_lines: [
          {
            hs_code: b.lane === 'EU' ? (i % 2 ? '950691' : '611030') : '851822',
            description:
              b.lane === 'EU'
                ? i % 2
                  ? 'Athletics and gymnastics equipment'
                  : 'Jerseys of man-made fibres, knitted'
                : 'Loudspeakers, multiple, in one enclosure',
            package_qty: 120 * n,
            gross_weight: String(gw * n),
            cbm: String(cbm * n),
          },
        ],
        isf_parties:
          b.lane === 'EU'
            ? []
            : ISF({
                name: consignee?.full_name ?? 'Consignee',
                address1: consignee?.address1 ?? '',
                city: consignee?.city ?? '',
                state: consignee?.state ?? null,
                zip: consignee?.zip_postal ?? null,
              }),
        ens_parties:
          b.lane === 'EU'
            ? [
                {
                  role: 'SHIPPER',
                  name: party.get(b.shipper)?.full_name,
                  address1: party.get(b.shipper)?.address1,
                  city: party.get(b.shipper)?.city,
                  zip: party.get(b.shipper)?.zip_postal,
                  country_code: party.get(b.shipper)?.country_code,
                  phone: party.get(b.shipper)?.tel,
                },
                {
                  role: 'CONSIGNEE',
                  name: consignee?.full_name,
                  address1: consignee?.address1,
                  city: consignee?.city,
                  zip: consignee?.zip_postal,
                  country_code: consignee?.country_code,
                  phone: consignee?.tel,
                  eori_no: consignee?.eori_no,
                },
              ]
            : [],
      });
      const changedAt = new Date(now.getTime() - b.agedHours * 3_600_000).toISOString();
      const confirmed =
        ['CONFIRMED', 'CANCEL_PENDING', 'AMEND_PENDING'].includes(b.status) && !b.e ? changedAt : null;
      // A clear demo prefix: the office's SO counter stays untouched for real bookings.
      const number = `DEMO${b.office}${String(i + 1).padStart(3, '0')}`;
      const row = await bookingRepository.insert(tx, {
        ...columnsOf(fields),
        so_no: number,
        status: b.status,
        status_before_cancel: b.status === 'CANCEL_PENDING' ? 'CONFIRMED' : null,
        status_changed_at: changedAt,
        is_e_booking: b.e,
        job_no: b.job ? `JBDEMO${b.office}${String(i + 1).padStart(3, '0')}` : null,
        hbl_no: b.job ? `HBDEMO${b.office}${String(i + 1).padStart(3, '0')}` : null,
        si_status: b.si ?? 'PENDING',
        si_submitted_at: b.si === 'SUBMITTED' ? changedAt : null,
        confirmed_at: b.status === 'CONFIRMED' ? changedAt : confirmed,
        cancel_reason: b.status === 'CANCELLED' ? 'Customer postponed the order' : null,
        approval_status: b.approval ?? null,
        approval_status_at: b.approval ? changedAt : null,
        created_at: new Date(now.getTime() - (b.agedHours + 24) * 3_600_000).toISOString(),
        created_by: DEMO_OPS_NAME,
        updated_by: DEMO_OPS_NAME,
      });
      await bookingRepository.replaceLines(tx, row.so_id, linesOf(fields));
      await indexBookings(tx, [row.so_id]);
      await recordHistory(tx, {
        entityType: BOOKING_ENTITY,
        entityId: row.so_no,
        action: 'create',
        toStatus: b.e ? 'NEW_E_BOOKING' : 'NEW_MANUAL',
        actor: { uid: '00000000-0000-0000-0000-000000000000', name: DEMO_OPS_NAME },
      });
    }
  });
}
