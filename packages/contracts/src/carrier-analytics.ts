import { z } from 'zod';
import { MSG } from './msg-keys';

// ---------------------------------------------------------------------------------------------------------
// Carrier contracts with their minimum quantity commitment (issue 17; docs/analytics.md "Carrier pages"):
// the maintenance screen /BMS/carrier_contract_maintenance and the CarrierMQC page's reference data.
// ---------------------------------------------------------------------------------------------------------

/** Message keys of the carrier contract maintenance (translated in the web app's `msg` namespace). */
export const CARRIER_CONTRACT_MSG = {
  /** 400: valid_to before valid_from, or a period longer than 3 years. */
  periodInvalid: 'msgCarrierContractPeriodInvalid',
  /** 400: the carrier code is not a carrier. */
  carrierUnknown: 'msgCarrierContractCarrierUnknown',
  /** 400: the carrier already has a contract with this number. */
  duplicate: 'msgCarrierContractDuplicate',
  /** 400: MQC not a positive number of TEU (up to 2 decimals). */
  mqcInvalid: 'msgCarrierContractMqcInvalid',
  /** 400: a trade lane that is not "POL-POD" UN/LOCODEs. */
  laneInvalid: 'msgCarrierContractLaneInvalid',
} as const;

/** Schedule reliability tolerance: a departure or arrival within ±1 calendar day of the plan is on time. */
export const SCHEDULE_ON_TIME_DAYS = 1;

const day = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: MSG.fieldInvalid });
const LANE = /^[A-Z]{2}[A-Z0-9]{3}-[A-Z]{2}[A-Z0-9]{3}$/;

const contractFields = {
  carrier_code: z
    .string()
    .trim()
    .min(1, { message: MSG.fieldRequired })
    .max(10, { message: MSG.fieldTooLong }),
  contract_no: z
    .string()
    .trim()
    .min(1, { message: MSG.fieldRequired })
    .max(40, { message: MSG.fieldTooLong }),
  valid_from: day,
  valid_to: day,
  mqc_teu: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { message: CARRIER_CONTRACT_MSG.mqcInvalid })
    .refine((v) => Number(v) > 0, { message: CARRIER_CONTRACT_MSG.mqcInvalid }),
  lanes: z
    .array(
      z
        .string()
        .trim()
        .transform((v) => v.toUpperCase())
        .pipe(z.string().regex(LANE, { message: CARRIER_CONTRACT_MSG.laneInvalid })),
    )
    .max(20, { message: MSG.fieldInvalid })
    .default([]),
  remarks: z.string().trim().max(500, { message: MSG.fieldTooLong }).nullish(),
  status: z.enum(['A', 'I']).default('A'),
};

const periodCheck = (v: { valid_from: string; valid_to: string }, ctx: z.RefinementCtx) => {
  const days = (Date.parse(v.valid_to) - Date.parse(v.valid_from)) / 86_400_000;
  if (!(days >= 0 && days <= 1096))
    ctx.addIssue({ code: 'custom', path: ['valid_to'], message: CARRIER_CONTRACT_MSG.periodInvalid });
};

export const ZCarrierContractInput = z.object(contractFields).superRefine(periodCheck);
export type TCarrierContractInput = z.input<typeof ZCarrierContractInput>;

export const ZCarrierContractUpdate = z
  .object({ ...contractFields, version: z.number().int().min(1) })
  .superRefine(periodCheck);

export const ZCarrierContract = z.object({
  contract_id: z.number().int(),
  carrier_code: z.string(),
  carrier_name: z.string().nullable(),
  contract_no: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  mqc_teu: z.string(),
  lanes: z.array(z.string()),
  remarks: z.string().nullable(),
  status: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type TCarrierContract = z.infer<typeof ZCarrierContract>;

export const ZCarrierContractListQuery = z.object({
  q: z.string().trim().max(40).optional(),
  carrier: z.string().trim().max(10).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TCarrierContractListQuery = z.infer<typeof ZCarrierContractListQuery>;

/** A carrier contract's id in the path. */
export const ZCarrierContractIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const ZCarrierContractList = z.object({
  rows: z.array(ZCarrierContract),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TCarrierContractList = z.infer<typeof ZCarrierContractList>;
