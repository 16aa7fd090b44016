// Rate constants without zod (issue 20: list screens import them without the schemas); rate.ts re-exports them.
import type { TFilterFieldType } from './list-catalogue';

export const RATE_SERVICES = ['FCL', 'LCL'] as const;
export const RATE_STATUSES = ['A', 'I'] as const;
/** Container size/type codes a rate is quoted for; LCL rates are per cubic metre (LCL-CBM). */
export const FCL_CONTAINER_TYPES = [
  '20GP',
  '40GP',
  '40HQ',
  '45HQ',
  '20RF',
  '40RF',
  '20OT',
  '40OT',
  '20FR',
  '40FR',
] as const;
export const LCL_CONTAINER_TYPES = ['LCL-CBM'] as const;
export const RATE_CONTAINER_TYPES = [...FCL_CONTAINER_TYPES, ...LCL_CONTAINER_TYPES] as const;
export const MAX_RATE_CONTAINERS = RATE_CONTAINER_TYPES.length;

export const RATE_SORTABLE = [
  'source_key',
  'carrier_code',
  'pol',
  'pod',
  'service',
  'valid_from',
  'valid_to',
  'status',
  'updated_at',
] as const;

/** Fields a rate custom filter may use, with their kind (the server's whitelist has the same names). */
export const RATE_FILTER_FIELDS = {
  source_key: 'text',
  carrier_code: 'select',
  pol: 'select',
  pod: 'select',
  service: 'select',
  currency: 'select',
  valid_from: 'date',
  valid_to: 'date',
  remarks: 'text',
  status: 'select',
} as const satisfies Record<string, TFilterFieldType>;
