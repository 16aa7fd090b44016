import { z } from 'zod';
import { exportLang, optText, recordStamps, versionRead } from './fields';
import { customFiltersParam, listResponse, ZListQuery } from './list';
import { PARTY_GROUP_SORTABLE, PARTY_GROUP_TYPES } from './maintenance-catalogue';
import { MSG } from './msg-keys';

export { PARTY_GROUP_FILTER_FIELDS, PARTY_GROUP_SORTABLE, PARTY_GROUP_TYPES } from './maintenance-catalogue';

/** At most this many member parties in one group. */
export const MAX_PARTY_GROUP_MEMBERS = 500;

/** Fields an administrator edits on a party group (001 §3 Party group). */
export const ZPartyGroupFields = z.object({
  group_name: z
    .string()
    .trim()
    .min(1, MSG.fieldRequired)
    .max(100, MSG.fieldTooLong)
    .describe('Unique, case-insensitively (001 §5 Party)'),
  group_type: z.enum(PARTY_GROUP_TYPES, { message: MSG.fieldRequired }),
  sub_group: optText(60),
  party_ids: z
    .array(z.number().int().positive().max(2_147_483_647))
    .max(MAX_PARTY_GROUP_MEMBERS, MSG.fieldTooLong)
    .default([])
    .transform((ids) => [...new Set(ids)])
    .describe('Member parties (party_id)'),
});

export const ZCreatePartyGroupRequest = ZPartyGroupFields;
export type TCreatePartyGroupRequest = z.input<typeof ZCreatePartyGroupRequest>;
export const ZUpdatePartyGroupRequest = ZPartyGroupFields.extend({
  version: versionRead,
});
export type TUpdatePartyGroupRequest = z.input<typeof ZUpdatePartyGroupRequest>;

export const ZPartyGroupMember = z.object({
  party_id: z.number().int(),
  party_code: z.string().nullable(),
  full_name: z.string().nullable(),
});
export type TPartyGroupMember = z.infer<typeof ZPartyGroupMember>;

export const ZPartyGroup = z.object({
  party_group_id: z.number().int(),
  group_name: z.string(),
  group_type: z.string(),
  sub_group: z.string().nullable(),
  member_count: z.number().int(),
  members: z.array(ZPartyGroupMember),
  ...recordStamps,
});
export type TPartyGroup = z.infer<typeof ZPartyGroup>;
/** A list row: the group without its members. */
export const ZPartyGroupRow = ZPartyGroup.omit({ members: true });
export type TPartyGroupRow = z.infer<typeof ZPartyGroupRow>;

export const ZPartyGroupListQuery = ZListQuery.extend({
  filters: customFiltersParam('PARTY_GROUP_FILTER_FIELDS'),
  sort: z.enum(PARTY_GROUP_SORTABLE).optional(),
  group_type: z.enum(PARTY_GROUP_TYPES).optional(),
});

/** The export's query: the list's filters and the language of the column headers. */
export const ZPartyGroupExportQuery = ZPartyGroupListQuery.extend(exportLang);
export type TPartyGroupListQuery = z.infer<typeof ZPartyGroupListQuery>;
export const ZPartyGroupListResponse = listResponse(ZPartyGroupRow);
export type TPartyGroupListResponse = z.infer<typeof ZPartyGroupListResponse>;
export const ZPartyGroupIdParams = z.object({
  party_group_id: z.coerce.number().int().positive().max(2_147_483_647),
});
