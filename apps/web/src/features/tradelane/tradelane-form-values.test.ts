import { ZCreateTradelaneRequest } from '@portal/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toFormValues, toRequest } from './tradelane-form-values';

describe('trade lane form values', () => {
  it('starts a new lane effective today', () => {
    expect(toFormValues(null, dayjs('2026-05-04T10:00:00')).effective_date?.format('YYYY-MM-DD')).toBe(
      '2026-05-04',
    );
  });

  it('sends dates as YYYY-MM-DD, codes upper-cased and blanks as null', () => {
    const body = toRequest({
      ...toFormValues(null, dayjs('2026-05-04')),
      tradelane_name: ' Lane ',
      tradelane_type: 'EXPORT',
      pol_country: 'HK',
      pod_country: 'US',
      office_code: 'HKG',
      account_code: ' acc1 ',
      customer_type: undefined,
    });
    expect(body).toMatchObject({
      tradelane_name: 'Lane',
      account_code: 'ACC1',
      effective_date: '2026-05-04',
      customer_type: null,
    });
    expect(ZCreateTradelaneRequest.safeParse(body).success).toBe(true);
  });

  it('needs a customer type when a customer code is given, like the server', () => {
    const body = toRequest({
      ...toFormValues(null),
      tradelane_name: 'Lane',
      tradelane_type: 'IMPORT',
      pol_country: 'HK',
      pod_country: 'US',
      office_code: 'HKG',
      customer_code: 'C1',
    });
    const res = ZCreateTradelaneRequest.safeParse(body);
    expect(res.error?.issues).toMatchObject([{ path: ['customer_type'], message: 'msgFieldRequired' }]);
  });
});
