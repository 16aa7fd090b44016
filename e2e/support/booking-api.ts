import { expect } from '@playwright/test';
import { BASE } from './session';

/** A valid ISO 6346 container number for a 4-letter owner+category and a 6-digit serial. */
export function containerNo(owner: string, serial: number) {
  const first10 = `${owner}${String(serial).padStart(6, '0')}`;
  const letter = (c: string) => {
    let v = 10;
    for (let code = 65; code <= c.charCodeAt(0); code++) {
      if (code > 65) v++;
      if (v % 11 === 0) v++;
    }
    return v;
  };
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = first10[i];
    sum += (ch >= '0' && ch <= '9' ? Number(ch) : letter(ch)) * 2 ** i;
  }
  return `${first10}${(sum % 11) % 10}`;
}

/** Calls the portal API with a bearer token; the body parsed as JSON (null when empty). */
export async function api<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${BASE}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** 'YYYY-MM-DD' this many days from today (the demo sailings are relative to today too). */
export const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A demo party's id by its code, through the party selection options the forms use. */
export async function partyId(token: string, code: string): Promise<number> {
  const res = await api<{ value: string; text: string }[]>(token, 'POST', '/Master/GetInSelectionOptions', {
    fetchOptionKey: 'party',
    searchText: code,
  });
  const hit = res.body.find((o) => o.text.startsWith(code));
  expect(hit, `party ${code}`).toBeTruthy();
  return Number(hit?.value);
}

/** An EU-lane e-booking body for the shipper's own party (ENS shipper and consignee filled). */
export async function eBookingBody(token: string, po: string) {
  return {
    po_no: po,
    transport_mode: 'SEA',
    service_type: 'FCL',
    delivery_type: 'P2P',
    business_type: 'FREEHAND',
    shipper_id: await partyId(token, 'CNSZX001'),
    customer_id: await partyId(token, 'HKCUS001'),
    consignee_id: await partyId(token, 'DEMUC001'),
    release_agent_id: await partyId(token, 'DEHAM001'),
    handling_office: 'HKG',
    pol: 'HKHKG',
    pod: 'NLRTM',
    pld: 'NLRTM',
    fd: 'NLRTM',
    cargo_ready_date: day(4),
    etd: day(10),
    eta: day(39),
    carrier_code: 'MAEU',
    vessel_name: 'MAERSK MC-KINNEY MOLLER',
    voyage: '612W',
    cfs_closing: `${day(6)}T12:00`,
    cy_closing: `${day(8)}T18:00`,
    vgm_closing: `${day(8)}T12:00`,
    si_closing: `${day(7)}T17:00`,
    incoterms: 'FOB',
    freight_term: 'PREPAID',
    equipment: [{ size_type: '40HQ', qty: 1 }],
    ens_parties: [
      {
        role: 'SHIPPER',
        name: 'Bright Star',
        address1: 'No. 88 Keji South Road',
        city: 'Shenzhen',
        country_code: 'CN',
        zip: '518057',
      },
      {
        role: 'CONSIGNEE',
        name: 'Hanse Import GmbH',
        address1: 'Am Sandtorkai 1',
        city: 'Hamburg',
        country_code: 'DE',
        zip: '20457',
      },
    ],
  };
}
