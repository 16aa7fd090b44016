import type { TMblInput } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { type MblFormValues, toBody, toForm } from './mbl-form-model';

const draft = {
  source: 'CONSOL',
  consol_no: 'C1',
  so_nos: ['SO1', 'SO2'],
  main_so_no: 'SO1',
  handling_office: 'HKG',
  mbl_type: 'ORIGINAL',
  freight_term: 'PREPAID',
  shipper_name: 'Forwarder Ltd',
  consignee_party_id: 12,
  notify_party_id: null,
  carrier_code: 'MSCU',
  vessel_name: 'V',
  voyage: '001',
  pol: 'CNSHA',
  pod: 'USLAX',
  containers: [{ seq: 1, size_type: '40HQ', package_qty: 3, gross_weight: '10', cbm: '2' }],
  extra_key_not_in_form: 'x',
} as unknown as TMblInput;

describe('master bill form: form and body', () => {
  it('keeps only the input fields, party ids as text and the flags as booleans', () => {
    const v = toForm(draft);
    expect(v).not.toHaveProperty('extra_key_not_in_form');
    expect(v.consignee_party_id).toBe('12');
    expect(v.notify_party_id).toBeNull();
    expect(v.show_freight).toBe(false);
    expect(v.get_tel_fax).toBe(false);
    expect(v.carrier_mbl_no).toBeNull();
    expect(v.containers).toEqual(draft.containers);
    expect(v.containers[0]).not.toBe(draft.containers[0]);
  });

  it('sends blank texts as null, party ids as numbers, freight as text and container amounts as text', () => {
    const v: MblFormValues = {
      ...toForm(draft),
      carrier_mbl_no: '  ',
      freight_amount: 1200 as unknown as string,
      undg_no: '',
      marks: 'M',
      notify_party_id: '15',
      containers: [
        {
          seq: 1,
          size_type: '40HQ',
          package_qty: 3,
          container_no: ' ',
          seal_no: 'S',
          gross_weight: 10,
          cbm: null,
        },
      ] as unknown as MblFormValues['containers'],
    };
    const body = toBody(v);
    expect(body).toMatchObject({
      carrier_mbl_no: null,
      freight_amount: '1200',
      undg_no: null,
      marks: 'M',
      consignee_party_id: 12,
      notify_party_id: 15,
    });
    expect(body.containers?.[0]).toMatchObject({
      container_no: null,
      seal_no: 'S',
      gross_weight: '10',
      cbm: '0',
    });
  });

  it('sends no freight amount and no notify party when empty', () => {
    const body = toBody({ ...toForm(draft), freight_amount: '', notify_party_id: null });
    expect(body.freight_amount).toBeNull();
    expect(body.notify_party_id).toBeNull();
  });
});
