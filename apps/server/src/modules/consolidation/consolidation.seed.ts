import { containerCheckDigit, type TConsolStatus } from '@portal/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { DEMO_OPS_NAME } from '../../platform/seed/demo-people';
import { shippingOrders, soContainers, soEquipment, soHsLines, soIsfParties } from '../booking';
import { parties } from '../party';
import { sailingSchedules } from '../sailing-schedule';
import { consolRepository } from './consolidation.repository';
import { reindexPlan } from './consolidation.search';
import { CONSOL_ENTITY } from './consolidation.service';
import {
  consolAllocations,
  consolContainers,
  consolEquipment,
  consolPlans,
  consolProposals,
  consolSos,
  containerCapacities,
} from './consolidation.tables';

/** The action of the plan's history that took a demo plan from PLAN to its status. */
const SEED_ACTION: Record<string, string> = {
  REQUEST_FOR_APPROVAL: 'request_approval',
  PENDING_CUSTOMER: 'request_approval',
  APPROVED: 'approve',
  REJECTED: 'reject',
  CONSOL_ADVICE: 'consol_advice',
  CANCELLED: 'cancel',
};

const SOURCE =
  'Size/type code, length and height: ISO 6346 (shared/data/iso6346/size.json, type.json). Inside volume and ' +
  'maximum payload: typical figures of carriers’ published equipment specifications (e.g. Hapag-Lloyd, ' +
  'Maersk container specifications), rounded; a given box may differ, so the plate of the container rules.';

/**
 * Container capacities per size/type (the reference table of the load plan). Length and height follow the
 * ISO 6346 size code (first character: length, second: height/width; 2 = 6068 mm, 4 = 12192 mm, L = 13716 mm;
 * 2 = 2591 mm, 5 = 2895 mm).
 */
export const CONTAINER_CAPACITIES: {
  size_type: string;
  iso_code: string;
  description: string;
  length_mm: number;
  height_mm: number;
  capacity_cbm: string;
  max_payload_kg: string;
}[] = [
  {
    size_type: '20GP',
    iso_code: '22G1',
    description: "20' general purpose",
    length_mm: 6068,
    height_mm: 2591,
    capacity_cbm: '33.200',
    max_payload_kg: '28200',
  },
  {
    size_type: '40GP',
    iso_code: '42G1',
    description: "40' general purpose",
    length_mm: 12192,
    height_mm: 2591,
    capacity_cbm: '67.700',
    max_payload_kg: '26700',
  },
  {
    size_type: '40HQ',
    iso_code: '45G1',
    description: "40' high cube general purpose",
    length_mm: 12192,
    height_mm: 2895,
    capacity_cbm: '76.300',
    max_payload_kg: '26500',
  },
  {
    size_type: '45HQ',
    iso_code: 'L5G1',
    description: "45' high cube general purpose",
    length_mm: 13716,
    height_mm: 2895,
    capacity_cbm: '86.000',
    max_payload_kg: '27700',
  },
  {
    size_type: '20RF',
    iso_code: '22R1',
    description: "20' thermal (reefer)",
    length_mm: 6068,
    height_mm: 2591,
    capacity_cbm: '28.300',
    max_payload_kg: '27400',
  },
  {
    size_type: '40RF',
    iso_code: '45R1',
    description: "40' high cube thermal (reefer)",
    length_mm: 12192,
    height_mm: 2895,
    capacity_cbm: '67.300',
    max_payload_kg: '29000',
  },
  {
    size_type: '20OT',
    iso_code: '22U1',
    description: "20' open top",
    length_mm: 6068,
    height_mm: 2591,
    capacity_cbm: '32.500',
    max_payload_kg: '28100',
  },
  {
    size_type: '40OT',
    iso_code: '42U1',
    description: "40' open top",
    length_mm: 12192,
    height_mm: 2591,
    capacity_cbm: '65.900',
    max_payload_kg: '26600',
  },
  {
    size_type: '20FR',
    iso_code: '22P1',
    description: "20' flat rack",
    length_mm: 6068,
    height_mm: 2591,
    capacity_cbm: '28.000',
    max_payload_kg: '27900',
  },
  {
    size_type: '40FR',
    iso_code: '42P1',
    description: "40' flat rack",
    length_mm: 12192,
    height_mm: 2591,
    capacity_cbm: '55.000',
    max_payload_kg: '39200',
  },
];

/** Reference data (every environment): the capacities, updated in place so corrections reach old databases. */
export async function seedContainerCapacities(db: DbOrTx) {
  await db
    .insert(containerCapacities)
    .values(CONTAINER_CAPACITIES.map((c) => ({ ...c, source: SOURCE })))
    .onConflictDoUpdate({
      target: containerCapacities.size_type,
      set: {
        iso_code: sql`excluded.iso_code`,
        description: sql`excluded.description`,
        length_mm: sql`excluded.length_mm`,
        height_mm: sql`excluded.height_mm`,
        capacity_cbm: sql`excluded.capacity_cbm`,
        max_payload_kg: sql`excluded.max_payload_kg`,
        source: sql`excluded.source`,
      },
    });
}

/**
 * After plans written by SQL (the demo seeds): flags the SOs that plans hold but whose
 * shipping_orders.in_consol_plan is not set yet, so pending_consolidation_creation's partial indexes hold only
 * the backlog. A database from before the flag gets it once from the data step
 * drizzle-data/0000_consol_planned_flag.sql (no longer at every start).
 */
export async function flagPlannedSos(db: DbOrTx) {
  await consolRepository.flagPlannedCandidates(db);
}

const containerNo = (owner: string, serial: number) => {
  const first10 = `${owner}${String(serial).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
};

interface DemoPlan {
  status: TConsolStatus;
  type: 'AGENT' | 'BUYER' | 'SHIPPER' | 'LCL_COLOAD';
  agedHours: number;
  sos: number;
  etdDays: number;
  allocate: boolean;
  proposals?: number;
  amended?: boolean;
  reason?: string;
}

/** One plan per status, list and age colour (docs/consolidation.md "Demo data"). */
const DEMO_PLANS: DemoPlan[] = [
  { status: 'PLAN', type: 'AGENT', agedHours: 2, sos: 2, etdDays: 25, allocate: true },
  { status: 'PLAN', type: 'AGENT', agedHours: 30, sos: 1, etdDays: 5, allocate: false },
  {
    status: 'REQUEST_FOR_APPROVAL',
    type: 'AGENT',
    agedHours: 50,
    sos: 2,
    etdDays: 2,
    allocate: false,
    proposals: 2,
  },
  {
    status: 'PENDING_CUSTOMER',
    type: 'AGENT',
    agedHours: 3,
    sos: 2,
    etdDays: 20,
    allocate: true,
    proposals: 2,
  },
  {
    status: 'PENDING_CUSTOMER',
    type: 'AGENT',
    agedHours: 30,
    sos: 1,
    etdDays: 18,
    allocate: true,
    proposals: 1,
  },
  {
    status: 'PENDING_CUSTOMER',
    type: 'BUYER',
    agedHours: 60,
    sos: 1,
    etdDays: 16,
    allocate: true,
    proposals: 1,
  },
  { status: 'APPROVED', type: 'AGENT', agedHours: 80, sos: 2, etdDays: 14, allocate: true, proposals: 1 },
  {
    status: 'REJECTED',
    type: 'AGENT',
    agedHours: 4,
    sos: 1,
    etdDays: 21,
    allocate: true,
    proposals: 1,
    reason: 'Sailing too late for the consignee',
  },
  {
    status: 'REJECTED',
    type: 'BUYER',
    agedHours: 30,
    sos: 1,
    etdDays: 22,
    allocate: true,
    proposals: 1,
    reason: 'Rate above the agreed level',
  },
  {
    status: 'CONSOL_ADVICE',
    type: 'SHIPPER',
    agedHours: 12,
    sos: 1,
    etdDays: 12,
    allocate: true,
    proposals: 1,
  },
  {
    status: 'APPROVED',
    type: 'AGENT',
    agedHours: 20,
    sos: 1,
    etdDays: 15,
    allocate: true,
    proposals: 1,
    amended: true,
  },
  {
    status: 'CANCELLED',
    type: 'AGENT',
    agedHours: 100,
    sos: 0,
    etdDays: 30,
    allocate: false,
    reason: 'Cargo moved to FCL',
  },
  { status: 'RECOVERED', type: 'LCL_COLOAD', agedHours: 6, sos: 1, etdDays: 28, allocate: true },
];
/** LCL SOs left for the pending-creation list (aged 2 h, 10 h and 20 h: none, yellow, red). */
const PENDING_SOS = [2, 10, 20, 3, 4];

/**
 * Demo consolidation (empty consolidation tables only): LCL consolidatable SOs CNSHA → USLAX of the demo parties
 * (shipper CNSZX001, consignee USLAX001, agent CNSHA001: the shipper, consignee and agent demo users' own
 * parties), plans in every status and age colour with their containers, allocations and proposals, and
 * SOs waiting on the pending-creation list. SO numbers DEMOCS<nnn>, consol numbers DEMOCN<nnn>.
 */
export async function seedDemoConsolidations(db: Db, now = new Date()) {
  await db.transaction(async (tx) => {
    await seedContainerCapacities(tx);
    const [exists] = await tx.select({ id: consolPlans.consol_id }).from(consolPlans).limit(1);
    if (exists) return;
    const partyRows = await tx
      .select({
        id: parties.party_id,
        code: parties.party_code,
        full_name: parties.full_name,
        address1: parties.address1,
        city: parties.city,
        state: parties.state,
        zip: parties.zip_postal,
        country_code: parties.country_code,
      })
      .from(parties)
      .where(inArray(parties.party_code, ['CNSZX001', 'USLAX001', 'CNSHA001', 'HKCUS001']));
    const p = new Map(partyRows.map((r) => [r.code, r.id]));
    const partyOf = new Map(partyRows.map((r) => [r.code, r]));
    const [sailing] = await tx
      .select()
      .from(sailingSchedules)
      .where(and(eq(sailingSchedules.carrier_code, 'COSU'), eq(sailingSchedules.voyage, '052E')));
    if (p.size < 4 || !sailing) return;
    const { rows: rateRows } = await tx.execute<{ rate_id: number; currency: string }>(
      sql`select rate_id, currency from rates where carrier_code = 'COSU' and pol = 'CNSHA' and pod = 'USLAX' and service = 'FCL' limit 1`,
    );
    const rate = rateRows[0];
    const ago = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
    const day = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    let soSerial = 100;
    const shipper = partyOf.get('CNSZX001');
    const consignee = partyOf.get('USLAX001');
    const isfRows = (soId: number) =>
      (['SELLER', 'MANUFACTURER', 'BUYER', 'SHIP_TO', 'STUFFING_LOCATION', 'CONSOLIDATOR'] as const).map(
        (role) => {
          const who = role === 'BUYER' || role === 'SHIP_TO' ? consignee : shipper;
          return {
            so_id: soId,
            role,
            name: role === 'CONSOLIDATOR' ? 'Shanghai Jinqiao Logistics Co., Ltd.' : (who?.full_name ?? '-'),
            address1: role === 'CONSOLIDATOR' ? 'No. 1000 Zhangyang Road' : (who?.address1 ?? '-'),
            city: role === 'CONSOLIDATOR' ? 'Shanghai' : (who?.city ?? '-'),
            // ISF states are the 2-letter US/CA codes; Chinese provinces are left out.
            state: who?.country_code === 'US' && role !== 'CONSOLIDATOR' ? (who.state ?? null) : null,
            zip: role === 'CONSOLIDATOR' ? '200120' : (who?.zip ?? null),
            country_code: role === 'CONSOLIDATOR' ? 'CN' : (who?.country_code ?? 'CN'),
            country_of_origin: 'CN',
            hts_code: '851830',
          };
        },
      );
    const makeSo = async (agedHours: number, n: number) => {
      soSerial += 1;
      const pk = 40 + (n % 5) * 15;
      const cbm = (6 + (n % 7) * 2.5).toFixed(3);
      const kg = String(900 + (n % 6) * 350);
      const [so] = await tx
        .insert(shippingOrders)
        .values({
          so_no: `DEMOCS${soSerial}`,
          po_no: `PO-CS-${7000 + soSerial}`,
          status: 'CONFIRMED',
          status_changed_at: ago(agedHours),
          confirmed_at: ago(agedHours),
          transport_mode: 'SEA',
          service_type: 'LCL',
          delivery_type: 'P2P',
          business_type: 'NOMINATION',
          shipper_id: p.get('CNSZX001') as number,
          customer_id: p.get('HKCUS001') as number,
          consignee_id: p.get('USLAX001') as number,
          notify_id: p.get('USLAX001') as number,
          nomination_agent_id: p.get('CNSHA001') as number,
          handling_office: 'SHA',
          pol: 'CNSHA',
          pod: 'USLAX',
          pld: 'USLAX',
          fd: 'USLAX',
          etd: sailing.etd,
          eta: sailing.eta,
          cargo_ready_date: new Date(Date.parse(`${sailing.etd}T00:00:00Z`) - 7 * 86_400_000)
            .toISOString()
            .slice(0, 10),
          sailing_id: sailing.sailing_schedule_id,
          carrier_code: sailing.carrier_code,
          vessel_name: sailing.vessel_name,
          voyage: sailing.voyage,
          incoterms: 'FOB',
          freight_term: 'PREPAID',
          commodity: 'Consumer electronics',
          marks: 'N/M',
          goods_description: 'Bluetooth speakers and accessories',
          package_qty: pk,
          package_unit: 'CTN',
          gross_weight: kg,
          cbm,
          space_status: 'REQUESTED',
          is_consolidatable: true,
          created_by: DEMO_OPS_NAME,
          updated_by: DEMO_OPS_NAME,
        })
        .returning();
      await tx
        .insert(soEquipment)
        .values({ so_id: so.so_id, line_no: 1, size_type: 'LCL-CBM', qty: Math.ceil(Number(cbm)) });
      await tx.insert(soContainers).values({
        so_id: so.so_id,
        line_no: 1,
        size_type: 'LCL-CBM',
        seal_no: 'CFS',
        carrier_booking_no: `COSU${870_000 + soSerial}`,
        package_qty: pk,
        gross_weight: kg,
        cbm,
      });
      // The cargo by HS 2022 subheading (the master bill's DCSA SI needs one per SO, issue 39): loudspeakers.
      await tx.insert(soHsLines).values({
        so_id: so.so_id,
        line_no: 1,
        hs_code: '851822',
        description: 'Loudspeakers, multiple, in one enclosure',
        package_qty: pk,
        gross_weight: kg,
        cbm,
      });
      // US-bound: the ISF parties a save of a confirmed booking asks for (buyer and ship-to: the consignee).
      await tx.insert(soIsfParties).values(isfRows(so.so_id));
      return { so_id: so.so_id, pk, cbm, kg };
    };
    for (const [i, h] of PENDING_SOS.entries()) await makeSo(h, i);
    let planSerial = 100;
    let boxSerial = 410_000;
    for (const [i, d] of DEMO_PLANS.entries()) {
      planSerial += 1;
      const consolNo = `DEMOCN${planSerial}`;
      const sos = [];
      for (let k = 0; k < d.sos; k++) sos.push(await makeSo(d.agedHours + 24, i * 3 + k));
      const customer =
        d.type === 'BUYER' ? p.get('USLAX001') : d.type === 'SHIPPER' ? p.get('CNSZX001') : p.get('CNSHA001');
      const [plan] = await tx
        .insert(consolPlans)
        .values({
          consol_no: consolNo,
          consol_type: d.type,
          customer_party_id: customer ?? null,
          contact_office: 'SHA',
          handling_office: 'SHA',
          hbl_office: 'SHA',
          pol: 'CNSHA',
          pod: 'USLAX',
          etd: day(d.etdDays),
          reference: `CR-${5000 + i}`,
          status: d.status,
          status_changed_at: ago(d.agedHours),
          approval_reason: d.reason ?? null,
          amended_at: d.amended ? ago(2) : null,
          fully_allocated: d.allocate && d.sos > 0,
          created_by: DEMO_OPS_NAME,
          updated_by: DEMO_OPS_NAME,
          created_at: ago(d.agedHours + 2),
          updated_at: ago(d.agedHours),
        })
        .returning();
      await tx
        .insert(consolEquipment)
        .values({ consol_id: plan.consol_id, line_no: 1, size_type: '40HQ', qty: 1 });
      const sealed = d.status !== 'PLAN' && d.status !== 'RECOVERED';
      boxSerial += 13;
      await tx.insert(consolContainers).values({
        consol_id: plan.consol_id,
        seq: 1,
        size_type: '40HQ',
        container_no: sealed ? containerNo('CSQU', boxSerial) : null,
        seal_no: sealed ? `CS${700_000 + i}` : null,
        ownership: 'COC',
        carrier_booking_no: sealed ? `COSU${880_000 + i}` : null,
        actual_kg: sealed ? String(3900 + sos.reduce((s, x) => s + Number(x.kg), 0)) : null,
      });
      for (const [k, so] of sos.entries()) {
        await tx.insert(consolSos).values({
          consol_id: plan.consol_id,
          so_id: so.so_id,
          line_no: k + 1,
          ...(d.amended && k === 0
            ? {
                amended_changes: { cbm: { from: so.cbm, to: (Number(so.cbm) + 1.5).toFixed(3) } },
                amended_at: ago(2),
              }
            : {}),
        });
        if (d.allocate) {
          await tx.insert(consolAllocations).values({
            consol_id: plan.consol_id,
            so_id: so.so_id,
            container_seq: 1,
            package_qty: so.pk,
            cbm: so.cbm,
            kg: so.kg,
            loading_seq: k + 1,
          });
        }
      }
      await consolRepository.syncPlannedFlags(
        tx,
        sos.map((x) => x.so_id),
      );
      for (let k = 0; k < (d.proposals ?? 0); k++) {
        await tx.insert(consolProposals).values({
          consol_id: plan.consol_id,
          seq: k + 1,
          sailing_id: sailing.sailing_schedule_id,
          rate_id: rate?.rate_id ?? null,
          carrier_code: sailing.carrier_code,
          vessel_name: sailing.vessel_name,
          voyage: sailing.voyage,
          pol: sailing.pol,
          pod: sailing.pod,
          etd: sailing.etd,
          eta: sailing.eta,
          currency: rate?.currency ?? null,
          total_rate: rate ? '2850.0000' : null,
          is_selected: (d.status === 'APPROVED' || d.status === 'CONSOL_ADVICE') && k === 0,
          created_by: DEMO_OPS_NAME,
        });
      }
      await recordHistory(tx, {
        entityType: CONSOL_ENTITY,
        entityId: consolNo,
        action: 'create',
        toStatus: 'PLAN',
        actor: { uid: '00000000-0000-0000-0000-000000000000', name: DEMO_OPS_NAME },
      });
      if (d.status !== 'PLAN') {
        await recordHistory(tx, {
          entityType: CONSOL_ENTITY,
          entityId: consolNo,
          // The action that moves a plan there, as users read it in the plan's history (not "seed").
          action: SEED_ACTION[d.status] ?? 'update',
          fromStatus: 'PLAN',
          toStatus: d.status,
          reason: d.reason ?? null,
          actor: { uid: '00000000-0000-0000-0000-000000000000', name: DEMO_OPS_NAME },
        });
      }
      await reindexPlan(tx, plan.consol_id);
    }
  });
}
