import type { TCarrierContract, TCarrierContractInput } from '@portal/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** The carrier contract dialog's form values: the period as its two days, the MQC as a number. */
export interface ContractFormValues {
  carrier_code: string;
  contract_no: string;
  valid_from: Dayjs | null;
  valid_to: Dayjs | null;
  mqc_teu: number | null;
  lanes: string[];
  remarks: string;
  status: 'A' | 'I';
}

const DAY = 'YYYY-MM-DD';

/** What the dialog starts with: empty for a new contract, the contract's own values to edit one. */
export function contractFormValues(c: TCarrierContract | 'new'): ContractFormValues {
  if (c === 'new')
    return {
      carrier_code: '',
      contract_no: '',
      valid_from: null,
      valid_to: null,
      mqc_teu: null,
      lanes: [],
      remarks: '',
      status: 'A',
    };
  return {
    carrier_code: c.carrier_code,
    contract_no: c.contract_no,
    valid_from: dayjs(c.valid_from),
    valid_to: dayjs(c.valid_to),
    mqc_teu: Number(c.mqc_teu),
    lanes: c.lanes,
    remarks: c.remarks ?? '',
    status: c.status === 'I' ? 'I' : 'A',
  };
}

/**
 * The body the server takes: codes trimmed and in capitals, days as YYYY-MM-DD ('' when missing, which the
 * server refuses on its field), the MQC as decimal text, an empty remark as null.
 */
export function contractBody(v: ContractFormValues): TCarrierContractInput {
  return {
    carrier_code: v.carrier_code.trim().toUpperCase(),
    contract_no: v.contract_no.trim(),
    valid_from: v.valid_from?.format(DAY) ?? '',
    valid_to: v.valid_to?.format(DAY) ?? '',
    mqc_teu: v.mqc_teu === null ? '' : String(v.mqc_teu),
    lanes: v.lanes.map((l) => l.trim().toUpperCase()),
    remarks: v.remarks || null,
    status: v.status,
  };
}
