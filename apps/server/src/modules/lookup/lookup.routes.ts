import {
  MSG,
  ZCountryOption,
  ZKeyValue,
  ZPortOption,
  ZSelectionOption,
  ZSelectionOptionsRequest,
} from '@portal/contracts';
import { z } from 'zod';
import { requireActor } from '../../platform/access/access';
import { badRequest, forbidden, notFound } from '../../platform/errors/app-error';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { registerSelectionProvider, selectionProvider } from '../../platform/options/selection-options';
import { lookupRepository as repo } from './lookup.repository';
import { referenceLookupRoutes } from './reference-lookup.routes';

const tags = ['lookup'];
const ZText = z.object({ text: z.string().trim().min(1).max(100) });
const asArray = (v: string | string[] | null | undefined) => (v == null ? null : Array.isArray(v) ? v : [v]);

registerSelectionProvider('country', {
  search: async ({ db, searchText, searchValues, limit }) => {
    const rows = searchValues?.length
      ? await repo.countriesByCode(db, searchValues, 'en-US')
      : await repo.countries(db, searchText ?? '', 'en-US', false, limit);
    return rows.map((r) => ({ value: r.country_code, text: `${r.country_code} - ${r.country_name}` }));
  },
});
registerSelectionProvider('port', {
  search: async ({ db, searchText, searchValues, limit }) =>
    (await repo.ports(db, searchText, searchValues, 'en-US', limit)).map((p) => ({
      value: p.unCode,
      text: `${p.unCode} - ${p.name}, ${p.countryName}`,
    })),
});
registerSelectionProvider('office', {
  search: async ({ db, searchText, searchValues, limit }) =>
    (await repo.offices(db, searchText, searchValues, limit)).map((o) => ({
      value: o.code,
      text: `${o.code} - ${o.short_name}`,
    })),
});

/** Platform lookup calls of 000 §7: countries, ports, generic key-value lists and selection options. */
export const lookupRoutes: ModuleRoutes = (app, deps) => {
  const { db } = deps;
  // Country lookup is public: the self-registration form (not signed in) checks country codes with it.
  app.get(
    '/master/country/:text',
    {
      config: { access: 'public' },
      schema: { tags, params: ZText, response: { 200: z.array(ZCountryOption) } },
    },
    async (req) => repo.countries(db, req.params.text, requestLanguage(req), false),
  );
  app.get(
    '/master/country/fdc/:text',
    {
      config: { access: 'public' },
      schema: { tags, params: ZText, response: { 200: z.array(ZCountryOption) } },
    },
    async (req) => repo.countries(db, req.params.text, requestLanguage(req), true),
  );
  app.get(
    '/master/port/:text',
    {
      config: { access: 'profile' },
      schema: { tags, params: ZText, response: { 200: z.array(ZPortOption) } },
    },
    async (req) => repo.ports(db, req.params.text, null, requestLanguage(req)),
  );

  app.post(
    '/Master/GetInSelectionOptions',
    {
      config: { access: 'profile' },
      schema: { tags, body: ZSelectionOptionsRequest, response: { 200: z.array(ZSelectionOption) } },
    },
    async (req) => {
      const b = req.body;
      const provider = selectionProvider(b.fetchOptionKey);
      if (!provider) throw badRequest([{ field: 'fetchOptionKey', msgKey: MSG.fieldInvalid }]);
      const actor = requireActor(req);
      if (provider.funcId && !actor.funcs.has(provider.funcId)) throw forbidden();
      const values = asArray(b.searchValue);
      return provider.search({
        db,
        actor,
        searchText: b.searchText?.trim() || null,
        searchValues: values?.length ? values : null,
        skipDataAccessCheck: b.skipDataAccessCheck ?? false,
        limit: 50,
      });
    },
  );

  referenceLookupRoutes(app, deps);

  // Generic key-value lookup; registered last so every fixed path wins over these parameters.
  app.get(
    '/:area/:type/:value',
    {
      config: { access: 'profile' },
      schema: {
        tags,
        params: z.object({ area: z.string().max(40), type: z.string().max(40), value: z.string().max(100) }),
        querystring: z.object({ includeValue: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(ZKeyValue) },
      },
    },
    async (req) => {
      const rows = await repo.keyValues(
        db,
        req.params.area,
        req.params.type,
        req.params.value,
        req.query.includeValue === 'true',
      );
      if (!rows.length) throw notFound();
      return rows;
    },
  );
};
