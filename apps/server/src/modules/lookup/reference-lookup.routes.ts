import {
  type Language,
  ZCityOption,
  ZContainerSizeOption,
  ZContainerTypeOption,
  ZCurrencyOption,
  ZHsCodeOption,
  ZOfficeOption,
  ZPolHandlingOfficeQuery,
  ZUnLocodeOption,
} from '@portal/contracts';
import { z } from 'zod';
import { requireActor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { registerSelectionProvider } from '../../platform/options/selection-options';
import { polHandlingOffices } from './handling-office.service';
import { type LookupQuery, referenceLookupRepository as repo } from './reference-lookup.repository';

const tags = ['lookup'];
/** A search text, or '*' for the whole (small) list. */
const ZText = z.object({ text: z.string().trim().min(1).max(100) });
const TEXT_LIMIT = 20;
const ALL_LIMIT = 500;

const query = (text: string, lang: Language): LookupQuery => ({
  text,
  codes: null,
  lang,
  limit: text === '*' ? ALL_LIMIT : TEXT_LIMIT,
});

type Search = (db: Db, q: LookupQuery) => Promise<object[]>;

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

// biome-ignore format: one row per lookup
const LOOKUPS: { path: string; search: Search; row: z.ZodType; what: string }[] = [
  { path: 'currency', search: repo.currencies, row: ZCurrencyOption, what: 'ISO 4217 currencies by code or name' },
  { path: 'unlocode', search: repo.unLocodes, row: ZUnLocodeOption, what: 'UN/LOCODEs (port locations) by code or name' },
  { path: 'city', search: repo.cities, row: ZCityOption, what: 'cities with a port by name or code' },
  { path: 'hscode', search: repo.hsCodes, row: ZHsCodeOption, what: 'HS 2022 codes by code prefix or description words' },
  { path: 'containersize', search: repo.containerSizes, row: ZContainerSizeOption, what: 'ISO 6346 size codes' },
  { path: 'containertype', search: repo.containerTypes, row: ZContainerTypeOption, what: 'ISO 6346 type codes' },
];

/**
 * Reference lookups of issue 4 (001 §3 Lookups): GET /master/{currency|unlocode|city|hscode|containersize|
 * containertype}/{text} answer up to 20 matches ('*' lists up to 500) in the caller's language, [] when none,
 * like the country and port lookups; and GET /party/getPOLHandlingOffice.
 */
export const referenceLookupRoutes: ModuleRoutes = (app, { db }) => {
  for (const l of LOOKUPS) {
    app.get(
      `/master/${l.path}/:text`,
      {
        config: { access: 'profile' },
        schema: { tags, summary: l.what, params: ZText, response: { 200: z.array(l.row) } },
      },
      async (req) => l.search(db, query(req.params.text, requestLanguage(req))),
    );
  }

  app.get(
    '/party/getPOLHandlingOffice',
    {
      config: { access: 'profile' },
      schema: {
        tags,
        summary: 'Offices handling a port of loading; 404 when none (the web shows an empty list)',
        querystring: ZPolHandlingOfficeQuery,
        response: { 200: z.array(ZOfficeOption) },
      },
    },
    async (req) => polHandlingOffices({ db, actor: requireActor(req), query: req.query }),
  );
};
