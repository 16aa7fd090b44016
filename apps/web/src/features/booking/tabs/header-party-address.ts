import type { TPartyOption } from '@portal/contracts';

/** Which filing role takes which header party. */
export interface HeaderPartySource {
  role: string;
  from: 'shipper_id' | 'consignee_id' | 'notify_id';
}

/** ENS: shipper, consignee and (when the header has one) notify party are the header's own parties. */
export const ENS_FROM_HEADER: HeaderPartySource[] = [
  { role: 'SHIPPER', from: 'shipper_id' },
  { role: 'CONSIGNEE', from: 'consignee_id' },
  { role: 'NOTIFY', from: 'notify_id' },
];
/**
 * ISF: the seller is the shipper, the buyer and the ship-to party the consignee (the usual case; each card
 * stays editable). Manufacturer, stuffing location and consolidator are not derivable from the header.
 */
export const ISF_FROM_HEADER: HeaderPartySource[] = [
  { role: 'SELLER', from: 'shipper_id' },
  { role: 'BUYER', from: 'consignee_id' },
  { role: 'SHIP_TO', from: 'consignee_id' },
];

export type Row = Record<string, unknown>;
const cut = (v: string | null | undefined, max: number) => (v ? v.trim().slice(0, max) : null);

/** A party of the directory as the address fields of an ISF or ENS card. */
export function filingAddressOf(p: TPartyOption, kind: 'isf' | 'ens'): Row {
  const address2 = [p.address2, p.address3, p.address4].filter(Boolean).join(', ');
  const state = cut(p.state, 60);
  const base: Row = {
    name: cut(p.full_name, 100),
    address1: cut(p.address1, 100),
    address2: cut(address2, 100),
    city: cut(p.city_name ?? p.city, 60),
    // ISF keeps a state only where it is the 2-letter code the filing needs (US, CA).
    state: kind === 'isf' && state && state.length > 2 ? null : state,
    zip: cut(p.zip_postal, kind === 'isf' ? 10 : 20),
    country_code: p.country_code,
  };
  if (kind === 'isf') return base;
  return {
    ...base,
    // The ENS phone is "+country code, no spaces": taken when the party's phone already is.
    phone: /^\+\d{4,15}$/.test(p.tel.replace(/[\s-]/g, '')) ? p.tel.replace(/[\s-]/g, '') : null,
    email: p.email,
    eori_no: p.eori_no,
  };
}

/** Merges copied addresses into a filing list: a role's card is updated (other fields kept) or added. */
export function mergeFilingParties(list: readonly Row[], copied: readonly Row[]): Row[] {
  const out = list.map((r) => ({ ...r }));
  for (const c of copied) {
    const at = out.findIndex((r) => r.role === c.role);
    if (at >= 0) out[at] = { ...out[at], ...c };
    else out.push(c);
  }
  return out;
}
