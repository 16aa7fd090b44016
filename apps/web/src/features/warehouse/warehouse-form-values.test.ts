import { ZCreateWarehouseRequest } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { toFormValues, toRequest } from './warehouse-form-values';

describe('warehouse form values', () => {
  it('starts a new warehouse active with empty fields', () => {
    expect(toFormValues(null)).toMatchObject({ warehouse_code: '', address4: '', status: 'A' });
  });

  it('trims, upper-cases the code and sends blanks as null, which the server schema accepts', () => {
    const body = toRequest({
      ...toFormValues(null),
      warehouse_code: ' hkg-x ',
      warehouse_name: ' Name ',
      tel: '  ',
    });
    expect(body).toMatchObject({ warehouse_code: 'HKG-X', warehouse_name: 'Name', tel: null, remark: null });
    expect(ZCreateWarehouseRequest.safeParse(body).success).toBe(true);
  });

  it('is judged by the same schema as the server: a bad e-mail fails', () => {
    const body = toRequest({
      ...toFormValues(null),
      warehouse_code: 'AB',
      warehouse_name: 'N',
      contact_email: 'x@',
    });
    const res = ZCreateWarehouseRequest.safeParse(body);
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]).toMatchObject({ path: ['contact_email'], message: 'msgEmailInvalid' });
  });
});
