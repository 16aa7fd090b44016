// Rate constants without zod (issue 20: list screens import them without the schemas); rate.ts re-exports them.

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
