import { z } from 'zod';
import { exportLang, recordStamps } from './fields';
import { listResponse, ZListQuery } from './list';
import { ROLE_SORTABLE } from './maintenance-catalogue';
import { MSG } from './msg-keys';

export { ROLE_SORTABLE } from './maintenance-catalogue';

/** A function role (a named set of function ids) as the role catalogue shows it. */
export const ZRoleRecord = z.object({
  role_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  func_ids: z.array(z.string()).describe('Function ids the role grants, sorted'),
  ...recordStamps,
});
export type TRoleRecord = z.infer<typeof ZRoleRecord>;

export const ZRoleListQuery = ZListQuery.extend({ sort: z.enum(ROLE_SORTABLE).optional() });

/** The export's query: the list's filters and the language of the column headers. */
export const ZRoleExportQuery = ZRoleListQuery.extend(exportLang);
export type TRoleListQuery = z.infer<typeof ZRoleListQuery>;
export const ZRoleListResponse = listResponse(ZRoleRecord);
export const ZRoleIdParams = z.object({ role_id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Fields of a role (create and update). Function ids must exist in the catalogue (GET /Role/funcs). */
export const ZRoleFields = z.object({
  code: z
    .string({ message: MSG.fieldRequired })
    .trim()
    .min(1, MSG.fieldRequired)
    .max(40, MSG.fieldTooLong)
    .regex(/^[A-Za-z0-9_-]+$/, MSG.fieldInvalid)
    .transform((v) => v.toUpperCase())
    .describe('Unique code, letters, digits, _ and -; stored upper case'),
  name: z.string({ message: MSG.fieldRequired }).trim().min(1, MSG.fieldRequired).max(100, MSG.fieldTooLong),
  func_ids: z.array(z.string().min(1).max(60)).max(500).default([]),
});
export const ZCreateRoleRequest = ZRoleFields;
export type TCreateRoleRequest = z.input<typeof ZCreateRoleRequest>;
export const ZUpdateRoleRequest = ZRoleFields.extend({ version: z.number().int().min(1) });
export type TUpdateRoleRequest = z.input<typeof ZUpdateRoleRequest>;

/** GET /Role/funcs: the function-id catalogue, each with the menu it belongs to. */
export const ZFuncCatalogue = z.array(
  z.object({ func_id: z.string(), menu_id: z.string(), description: z.string() }),
);
export type TFuncCatalogue = z.infer<typeof ZFuncCatalogue>;
