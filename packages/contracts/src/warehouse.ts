import { z } from 'zod';
import { exportLang, optText, recordStamps, versionRead } from './fields';
import { customFiltersParam, listResponse, ZListQuery } from './list';
import { WAREHOUSE_SORTABLE, WAREHOUSE_STATUSES } from './maintenance-catalogue';
import { MSG } from './msg-keys';
import { isEmail } from './validators/email';

export { WAREHOUSE_FILTER_FIELDS, WAREHOUSE_SORTABLE, WAREHOUSE_STATUSES } from './maintenance-catalogue';

/** Warehouse code: 2-20 capital letters, digits or hyphens (upper-cased on input). */
export const WAREHOUSE_CODE_PATTERN = /^[A-Z0-9-]{2,20}$/;
/** Telephone: digits, spaces and + - ( ) only. */
export const TEL_PATTERN = /^[0-9+\-() ]*$/;

const required = (max: number) => z.string().trim().min(1, MSG.fieldRequired).max(max, MSG.fieldTooLong);

/** Fields an administrator edits on a warehouse (001 §3 Warehouse; attachment comes with file storage). */
export const ZWarehouseFields = z.object({
  warehouse_code: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.string().min(1, MSG.fieldRequired).regex(WAREHOUSE_CODE_PATTERN, MSG.warehouseCodeFormat))
    .describe('2-20 letters, digits or hyphens, unique'),
  warehouse_name: required(200),
  address1: optText(100).describe('English address line 1'),
  address2: optText(100),
  address3: optText(100),
  address4: optText(100),
  local_address1: optText(100).describe('Local-language address line 1'),
  local_address2: optText(100),
  local_address3: optText(100),
  local_address4: optText(100),
  tel: z
    .string()
    .trim()
    .max(30, MSG.fieldTooLong)
    .regex(TEL_PATTERN, MSG.telInvalid)
    .nullish()
    .transform((v) => (v ? v : null)),
  contact_person: optText(100),
  contact_email: z
    .string()
    .trim()
    .max(100, MSG.fieldTooLong)
    .refine((v) => v === '' || isEmail(v), MSG.emailInvalid)
    .nullish()
    .transform((v) => (v ? v : null)),
  remark: optText(1000),
  status: z.enum(WAREHOUSE_STATUSES, { message: MSG.fieldRequired }),
});

export const ZCreateWarehouseRequest = ZWarehouseFields;
export type TCreateWarehouseRequest = z.input<typeof ZCreateWarehouseRequest>;
export const ZUpdateWarehouseRequest = ZWarehouseFields.extend({
  version: versionRead,
});
export type TUpdateWarehouseRequest = z.input<typeof ZUpdateWarehouseRequest>;

export const ZWarehouse = z.object({
  party_code_id: z.number().int(),
  warehouse_code: z.string(),
  warehouse_name: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  address3: z.string().nullable(),
  address4: z.string().nullable(),
  local_address1: z.string().nullable(),
  local_address2: z.string().nullable(),
  local_address3: z.string().nullable(),
  local_address4: z.string().nullable(),
  tel: z.string().nullable(),
  contact_person: z.string().nullable(),
  contact_email: z.string().nullable(),
  remark: z.string().nullable(),
  status: z.string(),
  ...recordStamps,
});
export type TWarehouse = z.infer<typeof ZWarehouse>;

export const ZWarehouseListQuery = ZListQuery.extend({
  filters: customFiltersParam('WAREHOUSE_FILTER_FIELDS'),
  sort: z.enum(WAREHOUSE_SORTABLE).optional(),
  status: z.enum(WAREHOUSE_STATUSES).optional(),
});

/** The export's query: the list's filters and the language of the column headers. */
export const ZWarehouseExportQuery = ZWarehouseListQuery.extend(exportLang);
export type TWarehouseListQuery = z.infer<typeof ZWarehouseListQuery>;
export const ZWarehouseListResponse = listResponse(ZWarehouse);
export type TWarehouseListResponse = z.infer<typeof ZWarehouseListResponse>;
export const ZWarehouseIdParams = z.object({
  party_code_id: z.coerce.number().int().positive().max(2_147_483_647),
});
