import type { TCarrierContract } from '@portal/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { contractBody, contractFormValues } from './carrier-contract-form';

const saved = {
  contract_id: 7,
  carrier_code: 'MAEU',
  carrier_name: 'Maersk',
  contract_no: 'C-1',
  valid_from: '2026-01-01',
  valid_to: '2026-12-31',
  mqc_teu: '500.00',
  lanes: ['CNSHA-USLAX'],
  remarks: null,
  status: 'X',
  version: 3,
  updated_at: '2026-01-02T00:00:00Z',
  updated_by: null,
} satisfies TCarrierContract;

describe('carrier contract form', () => {
  it('starts a new contract empty and active', () => {
    expect(contractFormValues('new')).toEqual({
      carrier_code: '',
      contract_no: '',
      valid_from: null,
      valid_to: null,
      mqc_teu: null,
      lanes: [],
      remarks: '',
      status: 'A',
    });
  });

  it('reads a saved contract: days as dates, the MQC as a number, an unknown status as active', () => {
    const v = contractFormValues(saved);
    expect(v.valid_from?.format('YYYY-MM-DD')).toBe('2026-01-01');
    expect(v.valid_to?.format('YYYY-MM-DD')).toBe('2026-12-31');
    expect(v.mqc_teu).toBe(500);
    expect(v.remarks).toBe('');
    expect(v.status).toBe('A');
    expect(contractFormValues({ ...saved, status: 'I' }).status).toBe('I');
  });

  it('sends codes trimmed in capitals, days as text, the MQC as text and no empty remark', () => {
    expect(
      contractBody({
        carrier_code: ' maeu ',
        contract_no: ' C-2 ',
        valid_from: dayjs('2026-02-01'),
        valid_to: dayjs('2026-03-31'),
        mqc_teu: 650.5,
        lanes: [' cnsha-uslax', 'hkhkg-deham '],
        remarks: '',
        status: 'I',
      }),
    ).toEqual({
      carrier_code: 'MAEU',
      contract_no: 'C-2',
      valid_from: '2026-02-01',
      valid_to: '2026-03-31',
      mqc_teu: '650.5',
      lanes: ['CNSHA-USLAX', 'HKHKG-DEHAM'],
      remarks: null,
      status: 'I',
    });
  });

  it('sends missing days and MQC as empty text (the server names the field) and keeps a remark', () => {
    const body = contractBody({ ...contractFormValues('new'), remarks: 'note' });
    expect(body).toMatchObject({ valid_from: '', valid_to: '', mqc_teu: '', remarks: 'note' });
  });

  it('round-trips a saved contract unchanged', () => {
    const { carrier_code, contract_no, valid_from, valid_to, lanes } = saved;
    expect(contractBody(contractFormValues({ ...saved, status: 'I', remarks: 'r' }))).toEqual({
      carrier_code,
      contract_no,
      valid_from,
      valid_to,
      mqc_teu: '500',
      lanes,
      remarks: 'r',
      status: 'I',
    });
  });
});
