import { ISF_ROLES } from '@portal/contracts';
import { inArray, sql } from 'drizzle-orm';
import {
  indexBookings,
  shippingOrders,
  soContainers,
  soEquipment,
  soIsfParties,
} from '../src/modules/booking';
import { parties } from '../src/modules/party';
import { partyGroupMembers, partyGroups } from '../src/modules/party-group';
import { userProfilePartyGroups } from '../src/modules/user-admin';
import type { DbOrTx } from '../src/platform/db/client';
import { partyIdOf } from './party-factory';

/**
 * Test helpers: shipping orders inserted directly with Drizzle (valid per 001 §3, §5), so tests of actions
 * and extras do not depend on POST /Booking. Not used by the product.
 */

let counter = 0;

export type FactoryBooking = typeof shippingOrders.$inferInsert;
export interface FactoryContainer {
  container_no?: string | null;
  size_type?: string;
  seal_no?: string | null;
  carrier_booking_no?: string | null;
  package_qty?: number | null;
  gross_weight?: string | null;
  cbm?: string | null;
  vgm_weight?: string | null;
  vgm_method?: string | null;
}

/** Inserts a valid shipping order (CNSZX001 → USLAX001, HKCUS001 customer) with the given overrides. */
export async function createTestBooking(
  db: DbOrTx,
  over: Partial<FactoryBooking> = {},
  containers: FactoryContainer[] = [],
) {
  counter += 1;
  const [shipper, customer, consignee, agent] = await Promise.all(
    ['CNSZX001', 'HKCUS001', 'USLAX001', 'CNSHA001'].map((c) => partyIdOf(db, c)),
  );
  const soNo = over.so_no ?? `SOT${process.pid % 1000}${Date.now() % 100000}${counter}`;
  const [row] = await db
    .insert(shippingOrders)
    .values({
      so_no: soNo,
      status: 'NEW_MANUAL',
      transport_mode: 'SEA',
      service_type: 'FCL',
      delivery_type: 'P2P',
      business_type: 'FREEHAND',
      shipper_id: shipper,
      customer_id: customer,
      consignee_id: consignee,
      nomination_agent_id: agent,
      handling_office: 'HKG',
      pol: 'CNSHA',
      pod: 'USLAX',
      pld: 'USLAX',
      fd: 'USLAX',
      etd: '2026-12-10',
      eta: '2026-12-28',
      cargo_ready_date: '2026-12-05',
      carrier_code: 'MAEU',
      vessel_name: 'MAERSK TEST',
      voyage: '001E',
      cfs_closing: '2026-12-07 12:00:00',
      cy_closing: '2026-12-08 12:00:00',
      vgm_closing: '2026-12-08 12:00:00',
      si_closing: '2026-12-07 18:00:00',
      incoterms: 'FOB',
      freight_term: 'PREPAID',
      marks: 'N/M',
      goods_description: 'ELECTRONIC COMPONENTS',
      package_qty: 100,
      package_unit: 'CTN',
      gross_weight: '1000',
      cbm: '10',
      created_by: 'factory',
      updated_by: 'factory',
      ...over,
    })
    .returning();
  await db.insert(soEquipment).values({ so_id: row.so_id, line_no: 1, size_type: '40HQ', qty: 1 });
  // All six ISF parties: the default lane ends in the US (001 §5 ISF).
  await db.insert(soIsfParties).values(
    ISF_ROLES.map((role) => ({
      so_id: row.so_id,
      role,
      name: `${role} PARTY`,
      address1: '1200 E Carson St',
      city: 'Long Beach',
      state: 'CA',
      zip: '90810',
      country_code: 'US',
      country_of_origin: 'CN',
      hts_code: '940360',
    })),
  );
  if (containers.length) {
    await db.insert(soContainers).values(
      containers.map((c, i) => ({
        so_id: row.so_id,
        line_no: i + 1,
        size_type: c.size_type ?? '40HQ',
        ...c,
      })),
    );
  }
  // As every write does: the order is in the global search's index.
  await indexBookings(db, [row.so_id]);
  return row;
}

/** Gives a user's first profile the party group holding these party codes (their "own" parties). */
export async function linkUserToParties(db: DbOrTx, login: string, codes: string[]) {
  const { rows } = await db.execute<{ user_profile_id: number }>(
    sql`select p.user_profile_id from users u join user_profiles p on p.user_uid = u.user_uid
         where lower(u.login_id) = lower(${login}) order by p.sort_order, p.user_profile_id limit 1`,
  );
  if (!rows[0]) throw new Error(`no user ${login}`);
  const ids = await db
    .select({ id: parties.party_id })
    .from(parties)
    .where(inArray(parties.party_code, codes));
  const [group] = await db
    .insert(partyGroups)
    .values({ group_name: `Test ${login} ${++counter}`, group_type: 'CUSTOMER', created_by: 'factory' })
    .returning({ id: partyGroups.party_group_id });
  await db.insert(partyGroupMembers).values(ids.map((p) => ({ party_group_id: group.id, party_id: p.id })));
  await db
    .insert(userProfilePartyGroups)
    .values({ user_profile_id: rows[0].user_profile_id, party_group_id: group.id });
}
