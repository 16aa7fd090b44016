import { containerCheckDigit } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app';
import type { Actor } from '../../platform/access/access';

type H = Record<string, string>;

/** A valid ISO 6346 number from owner+category+serial (10 characters). */
export const cn = (first10: string) => `${first10}${containerCheckDigit(first10)}`;

/** Party ids of the demo parties by code. */
export async function partyIds(t: TestApp): Promise<Record<string, number>> {
  const { rows } = await t.db.execute<{ party_code: string; party_id: number }>(
    sql`select party_code, party_id from parties`,
  );
  return Object.fromEntries(rows.map((r) => [r.party_code, r.party_id]));
}

let seq = 0;
/** A container line valid for `validBooking` (40HQ, 2,500 kg, 15 CBM, 50 packages). */
export const containerLine = (over: Record<string, unknown> = {}) => ({
  container_no: cn(`TGHU${String(500_000 + ++seq).padStart(6, '0')}`),
  size_type: '40HQ',
  seal_no: `SL${seq}`,
  carrier_booking_no: 'MAEU2600001',
  package_qty: 50,
  gross_weight: '2500',
  cbm: '15',
  ex_factory_date: '2027-03-02',
  ...over,
});

/**
 * A valid booking input HKHKG→SGSIN without a chosen sailing (no ISF or ENS needed): shipper CNSZX001,
 * customer HKCUS001, consignee USLAX001, nomination agent CNSHA001, two 40HQ containers.
 */
export const validBooking = (ids: Record<string, number>, over: Record<string, unknown> = {}) => ({
  po_no: `PO-T-${++seq}`,
  transport_mode: 'SEA',
  service_type: 'FCL',
  delivery_type: 'P2P',
  business_type: 'NOMINATION',
  shipper_id: ids.CNSZX001,
  customer_id: ids.HKCUS001,
  consignee_id: ids.USLAX001,
  nomination_agent_id: ids.CNSHA001,
  handling_office: 'HKG',
  pol: 'HKHKG',
  pod: 'SGSIN',
  pld: 'SGSIN',
  fd: 'SGSIN',
  etd: '2027-03-10',
  eta: '2027-03-15',
  cargo_ready_date: '2027-03-01',
  carrier_code: 'MAEU',
  vessel_name: 'Maersk Kotka',
  voyage: '612S',
  cfs_closing: '2027-03-06T12:00',
  cy_closing: '2027-03-08T18:00',
  vgm_closing: '2027-03-08T12:00',
  si_closing: '2027-03-07T17:00',
  incoterms: 'FOB',
  incoterms_location: 'Hong Kong',
  freight_term: 'PREPAID',
  package_qty: 100,
  package_unit: 'CTN',
  gross_weight: '5000',
  cbm: '30',
  equipment: [{ size_type: '40HQ', qty: 2 }],
  containers: [containerLine(), containerLine()],
  ...over,
});

/** Calls the API through inject. */
export const apiOf =
  (t: TestApp) => (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });

export const fieldErrors = (body: { details?: { field: string; msgKey: string }[] }) =>
  Object.fromEntries((body.details ?? []).map((d) => [d.field, d.msgKey]));

/** The ops user as a service sees it (internal: every booking is visible). */
export const internalActor: Actor = {
  user_uid: '00000000-0000-0000-0000-000000000001',
  login_id: 'ops@demo.test',
  first_name: 'Oscar',
  last_name: 'Ops',
  sid: 'test',
  profile: 1,
  profile_type: 'OPERATIONS',
  super_user_uid: null,
  funcs: new Set(['booking']),
};
