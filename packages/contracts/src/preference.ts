import { z } from 'zod';
import { ZUserPreference } from './auth';
import { MSG } from './msg-keys';

export * from './preference-catalogue';

import { PREFERENCE_NAME_MAX, SMART_SEARCH_TEXT_MAX } from './preference-catalogue';

const preferenceFields = {
  preference_id: z
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .nullish()
    .describe('Given: update this preference (it must be yours). Absent: create one'),
  preference: z.unknown().describe('Any JSON, at most 64 KB'),
  url: z
    .string()
    .trim()
    .min(1, MSG.fieldRequired)
    .max(300, MSG.fieldTooLong)
    .describe('The page, e.g. /BMS/carrier_maintenance'),
  preference_name: z.string().trim().min(1, MSG.fieldRequired).max(PREFERENCE_NAME_MAX, MSG.fieldTooLong),
  preference_style: z.string().max(PREFERENCE_NAME_MAX, MSG.fieldTooLong).nullish(),
  isFavourite: z.boolean().default(false).describe('At most one favourite per user, url and type'),
};

/** POST /users/UpsertUserPreferences (000 §7). */
export const ZUpsertUserPreferencesRequest = z.object(preferenceFields);
export type TUpsertUserPreferencesRequest = z.input<typeof ZUpsertUserPreferencesRequest>;

/** POST /users/UpsertUserPreferencesWithType (000 §7). */
export const ZUpsertUserPreferencesWithTypeRequest = z.object({
  ...preferenceFields,
  preference_type: z.string().trim().min(1, MSG.fieldRequired).max(50, MSG.fieldTooLong),
});
export type TUpsertUserPreferencesWithTypeRequest = z.input<typeof ZUpsertUserPreferencesWithTypeRequest>;

export const ZGetUserPreferencesQuery = z.object({
  url: z.string().trim().min(1, MSG.fieldRequired).max(300, MSG.fieldTooLong),
  preference_type: z.string().max(50).optional().describe('Only this type'),
});

export const ZDeleteUserPreferencesRequest = z.object({
  preference_id: z.number().int().positive().max(2_147_483_647),
});
/** The removed preference's id. */
export const ZDeleteUserPreferencesResponse = z.object({ preference_id: z.number().int() });

export type TUserPreference = z.infer<typeof ZUserPreference>;
export const ZUserPreferenceList = z.array(ZUserPreference);

/** One remembered smart search (000 §3 Smart search history). */
export const ZSmartSearchHistoryEntry = z.object({ id: z.number().int(), search_text: z.string() });
export type TSmartSearchHistoryEntry = z.infer<typeof ZSmartSearchHistoryEntry>;
export const ZSmartSearchHistoryList = z.array(ZSmartSearchHistoryEntry);

/** POST /AutoSave/UpsertSmartSearchHistory: id -1 for a new text; a text already there moves to the top. */
export const ZUpsertSmartSearchHistoryRequest = z.object({
  id: z
    .number()
    .int()
    .min(-1)
    .max(2_147_483_647)
    .refine((n) => n !== 0, MSG.fieldInvalid)
    .describe('-1 for a new entry, else the entry to update'),
  search_text: z.string().trim().min(1, MSG.fieldRequired).max(SMART_SEARCH_TEXT_MAX, MSG.fieldTooLong),
});
export type TUpsertSmartSearchHistoryRequest = z.input<typeof ZUpsertSmartSearchHistoryRequest>;
