import {
  MSG,
  ZCountryOptionList,
  ZKeyValueList,
  ZKeyValueParams,
  ZKeyValueQuery,
  ZLookupTextParams,
  ZPortOptionList,
  ZSelectionOptionList,
  ZSelectionOptionsRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { badRequest, forbidden } from '../../platform/errors/app-error';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { selectionProvider } from '../../platform/options/selection-options';
import { lookupService } from './lookup.service';
import { referenceLookupRoutes } from './reference-lookup.routes';

const tags = ['lookup'];
const asArray = (v: string | string[] | null | undefined) => (v == null ? null : Array.isArray(v) ? v : [v]);

/** Platform lookup calls of 000 §7: countries, ports, generic key-value lists and selection options. */
export const lookupRoutes: ModuleRoutes = (app, deps) => {
  const { db } = deps;
  // Country lookup is public: the self-registration form (not signed in) checks country codes with it.
  app.get(
    '/master/country/:text',
    {
      config: { access: 'public' },
      schema: { tags, params: ZLookupTextParams, response: { 200: ZCountryOptionList } },
    },
    async (req) => lookupService.countries(db, req.params.text, requestLanguage(req), false),
  );
  app.get(
    '/master/country/fdc/:text',
    {
      config: { access: 'public' },
      schema: { tags, params: ZLookupTextParams, response: { 200: ZCountryOptionList } },
    },
    async (req) => lookupService.countries(db, req.params.text, requestLanguage(req), true),
  );
  app.get(
    '/master/port/:text',
    {
      config: { access: 'profile' },
      schema: { tags, params: ZLookupTextParams, response: { 200: ZPortOptionList } },
    },
    async (req) => lookupService.ports(db, req.params.text, requestLanguage(req)),
  );

  app.post(
    '/Master/GetInSelectionOptions',
    {
      config: { access: 'profile' },
      schema: { tags, body: ZSelectionOptionsRequest, response: { 200: ZSelectionOptionList } },
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
        params: ZKeyValueParams,
        querystring: ZKeyValueQuery,
        response: { 200: ZKeyValueList },
      },
    },
    async (req) => lookupService.keyValues(db, req.params, req.query.includeValue === 'true'),
  );
};
