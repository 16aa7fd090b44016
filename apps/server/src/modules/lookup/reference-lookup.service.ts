import type { Language } from '@portal/contracts';
import type { Db } from '../../platform/db/client';
import { registerSelectionProvider } from '../../platform/options/selection-options';
import { polHandlingOffices } from './handling-office.service';
import { type LookupQuery, referenceLookupRepository as repo } from './reference-lookup.repository';

const TEXT_LIMIT = 20;
const ALL_LIMIT = 500;

/** One selection provider for GetInSelectionOptions over a reference lookup. */
function provide<T>(
  key: string,
  search: (db: Db, q: LookupQuery) => Promise<T[]>,
  label: (r: T) => [string, string],
) {
  registerSelectionProvider(key, {
    search: async ({ db, searchText, searchValues, limit }) =>
      (await search(db, { text: searchText, codes: searchValues, lang: 'en-US', limit })).map((r) => {
        const [value, text] = label(r);
        return { value, text };
      }),
  });
}

provide('currency', repo.currencies, (r) => [r.currency_code, `${r.currency_code} - ${r.currency_name}`]);
provide('unlocode', repo.unLocodes, (r) => [r.locode, `${r.locode} - ${r.name}, ${r.country_name}`]);
provide('city', repo.cities, (r) => [r.city_code, `${r.city_name}, ${r.country_name} (${r.city_code})`]);
provide('hscode', repo.hsCodes, (r) => [r.hs_code, `${r.hs_code} - ${r.description}`]);
provide('container_size', repo.containerSizes, (r) => [r.size_code, `${r.size_code} - ${r.description}`]);
provide('container_type', repo.containerTypes, (r) => [r.type_code, `${r.type_code} - ${r.description}`]);

/** The reference lookups by their path under /master/. */
const SEARCHES = {
  currency: repo.currencies,
  unlocode: repo.unLocodes,
  city: repo.cities,
  hscode: repo.hsCodes,
  containersize: repo.containerSizes,
  containertype: repo.containerTypes,
} satisfies Record<string, (db: Db, q: LookupQuery) => Promise<object[]>>;
export type ReferenceLookup = keyof typeof SEARCHES;

/** Reference lookups of issue 4 (001 §3 Lookups) and the POL handling offices. */
export const referenceLookupService = {
  /** Up to 20 matches of a search text in the caller's language; '*' lists up to 500. */
  search: (db: Db, lookup: ReferenceLookup, text: string, lang: Language): Promise<object[]> =>
    SEARCHES[lookup](db, { text, codes: null, lang, limit: text === '*' ? ALL_LIMIT : TEXT_LIMIT }),
  polHandlingOffices,
};
