import {
  ZDeleteUserPreferencesRequest,
  ZDeleteUserPreferencesResponse,
  ZGetUserPreferencesQuery,
  ZSmartSearchHistoryEntry,
  ZSmartSearchHistoryList,
  ZUpsertSmartSearchHistoryRequest,
  ZUpsertUserPreferencesRequest,
  ZUpsertUserPreferencesWithTypeRequest,
  ZUserPreference,
  ZUserPreferenceList,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { presentSearchHistory, presentUserPreference } from './preference.presenter';
import { preferenceService } from './preference.service';

const own = { access: 'authenticated' } as const;
const tags = ['preference'];

/** User preferences and smart search history (000 §3, §7): signed-in users, their own rows only. */
export const preferenceRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/users/GetUserPreferences',
    {
      config: own,
      schema: { tags, querystring: ZGetUserPreferencesQuery, response: { 200: ZUserPreferenceList } },
    },
    async (req) =>
      (await preferenceService.list(db, requireActor(req), req.query.url, req.query.preference_type)).map(
        presentUserPreference,
      ),
  );

  app.post(
    '/users/UpsertUserPreferences',
    {
      config: own,
      schema: { tags, body: ZUpsertUserPreferencesRequest, response: { 200: ZUserPreference } },
    },
    async (req) =>
      presentUserPreference(
        await preferenceService.upsert({ db, actor: requireActor(req), input: req.body }),
      ),
  );

  app.post(
    '/users/UpsertUserPreferencesWithType',
    {
      config: own,
      schema: { tags, body: ZUpsertUserPreferencesWithTypeRequest, response: { 200: ZUserPreference } },
    },
    async (req) =>
      presentUserPreference(
        await preferenceService.upsert({ db, actor: requireActor(req), input: req.body }),
      ),
  );

  app.post(
    '/users/DeleteUserPreferences',
    {
      config: own,
      schema: {
        tags,
        body: ZDeleteUserPreferencesRequest,
        response: { 200: ZDeleteUserPreferencesResponse },
      },
    },
    async (req) => preferenceService.remove({ db, actor: requireActor(req), id: req.body.preference_id }),
  );

  app.get(
    '/AutoSave/GetSmartSearchHistory',
    { config: own, schema: { tags, response: { 200: ZSmartSearchHistoryList } } },
    async (req) => (await preferenceService.history(db, requireActor(req))).map(presentSearchHistory),
  );

  app.post(
    '/AutoSave/UpsertSmartSearchHistory',
    {
      config: own,
      schema: { tags, body: ZUpsertSmartSearchHistoryRequest, response: { 200: ZSmartSearchHistoryEntry } },
    },
    async (req) =>
      presentSearchHistory(
        await preferenceService.saveSearch({ db, actor: requireActor(req), input: req.body }),
      ),
  );
};
