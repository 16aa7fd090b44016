import {
  ZCityOptionList,
  ZContainerSizeOptionList,
  ZContainerTypeOptionList,
  ZCurrencyOptionList,
  ZHsCodeOptionList,
  ZLookupTextParams,
  ZOfficeOptionList,
  ZPolHandlingOfficeQuery,
  ZUnLocodeOptionList,
} from '@portal/contracts';
import type { ZodType } from 'zod';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { type ReferenceLookup, referenceLookupService } from './reference-lookup.service';

const tags = ['lookup'];
// biome-ignore format: one row per lookup
const LOOKUPS: { path: ReferenceLookup; rows: ZodType; what: string }[] = [
  { path: 'currency', rows: ZCurrencyOptionList, what: 'ISO 4217 currencies by code or name' },
  { path: 'unlocode', rows: ZUnLocodeOptionList, what: 'UN/LOCODEs (port locations) by code or name' },
  { path: 'city', rows: ZCityOptionList, what: 'cities with a port by name or code' },
  { path: 'hscode', rows: ZHsCodeOptionList, what: 'HS 2022 codes by code prefix or description words' },
  { path: 'containersize', rows: ZContainerSizeOptionList, what: 'ISO 6346 size codes' },
  { path: 'containertype', rows: ZContainerTypeOptionList, what: 'ISO 6346 type codes' },
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
        schema: { tags, summary: l.what, params: ZLookupTextParams, response: { 200: l.rows } },
      },
      async (req) => referenceLookupService.search(db, l.path, req.params.text, requestLanguage(req)),
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
        response: { 200: ZOfficeOptionList },
      },
    },
    async (req) =>
      referenceLookupService.polHandlingOffices({ db, actor: requireActor(req), query: req.query }),
  );
};
