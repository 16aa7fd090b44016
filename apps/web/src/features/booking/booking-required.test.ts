import type { TPartyOption, TShippingOrderInput } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { checkBooking } from './booking-validation';
import { filingAddressOf, mergeFilingParties } from './tabs/header-party-address';

const t = ((key: string) => key) as unknown as TFunction;

// The first check loads the contracts' schemas lazily (as the form does): seconds on a busy machine.
describe('the booking form checks the required fields of its stage', { timeout: 30_000 }, () => {
  const empty = {} as TShippingOrderInput;
  const fields = async (stage: Parameters<typeof checkBooking>[2]) =>
    (await checkBooking(empty, t, stage)).errors.map((e) => e.name.join('.'));

  it('an empty e-booking of a shipper needs the cargo and parties, not the sailing', async () => {
    const names = await fields({ stage: { side: 'external', status: null, step: 'save' } });
    expect(names).toEqual(expect.arrayContaining(['shipper_id', 'consignee_id', 'pol', 'etd', 'incoterms']));
    for (const f of ['carrier_code', 'vessel_name', 'voyage', 'cfs_closing', 'cy_closing', 'vgm_closing'])
      expect(names).not.toContain(f);
  });

  it('a confirmed booking saved by operations needs the sailing too', async () => {
    const names = await fields({ stage: { side: 'internal', status: 'CONFIRMED', step: 'save' } });
    expect(names).toEqual(expect.arrayContaining(['carrier_code', 'vessel_name', 'voyage', 'si_closing']));
  });
});

describe('copy from header parties', () => {
  const party = {
    full_name: 'Shenzhen Bright Lamps Co Ltd',
    address1: '8 Nanshan Road',
    address2: 'Block B',
    address3: null,
    address4: 'Floor 3',
    city: 'SZX',
    city_name: 'Shenzhen',
    state: 'Guangdong',
    zip_postal: '518000',
    country_code: 'CN',
    tel: '+86 755 1234 5678',
    email: 'ops@bright.example',
    eori_no: null,
  } as unknown as TPartyOption;

  it('maps a directory party onto an ENS card (phone without spaces) and an ISF card (2-letter state only)', () => {
    expect(filingAddressOf(party, 'ens')).toEqual({
      name: 'Shenzhen Bright Lamps Co Ltd',
      address1: '8 Nanshan Road',
      address2: 'Block B, Floor 3',
      city: 'Shenzhen',
      state: 'Guangdong',
      zip: '518000',
      country_code: 'CN',
      phone: '+8675512345678',
      email: 'ops@bright.example',
      eori_no: null,
    });
    expect(filingAddressOf(party, 'isf')).toMatchObject({ state: null, country_code: 'CN' });
    expect(filingAddressOf(party, 'isf')).not.toHaveProperty('phone');
  });

  it('updates the card of a role already there (keeping its other fields) and adds the missing ones', () => {
    const list = [{ role: 'BUYER', name: 'old', hts_code: '940360' }];
    const merged = mergeFilingParties(list, [
      { role: 'BUYER', name: 'new' },
      { role: 'SELLER', name: 'seller' },
    ]);
    expect(merged).toEqual([
      { role: 'BUYER', name: 'new', hts_code: '940360' },
      { role: 'SELLER', name: 'seller' },
    ]);
    expect(list[0].name).toBe('old');
  });
});
