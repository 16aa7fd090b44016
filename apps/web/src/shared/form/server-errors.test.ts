// @vitest-environment jsdom
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { fieldErrorsOf, mapFieldErrors, toNamePath } from './server-errors';

const t = ((key: string, o?: { ns?: string; max?: number }) =>
  `${o?.ns}:${key}${o?.max ? `(${o.max})` : ''}`) as unknown as TFunction;

describe('server field errors on a form', () => {
  const conflict = new ApiError(409, {
    msgKey: 'msgValidationFailed',
    details: [
      { field: 'carrier_code', msgKey: 'msgCarrierDuplicateCode' },
      { field: 'display_name', msgKey: 'msgFieldTooLong', params: { max: 60 } },
      { field: 'display_name', msgKey: 'msgCarrierDuplicateDisplayName' },
      { field: 'legs[1].etd', msgKey: 'msgFieldRequired' },
      { field: 'internal_flag', msgKey: 'msgFieldUnknown' },
    ],
  });

  it('puts each translated message on its field, several on one field together', () => {
    const { fields } = mapFieldErrors(fieldErrorsOf(conflict), t);
    expect(fields).toEqual([
      { name: ['carrier_code'], errors: ['msg:msgCarrierDuplicateCode'] },
      { name: ['display_name'], errors: ['msg:msgFieldTooLong(60)', 'msg:msgCarrierDuplicateDisplayName'] },
      { name: ['legs', 1, 'etd'], errors: ['msg:msgFieldRequired'] },
      { name: ['internal_flag'], errors: ['msg:msgFieldUnknown'] },
    ]);
  });

  it('returns problems for fields the form does not have, so they are not lost', () => {
    const known = new Set(['carrier_code', 'display_name']);
    const { fields, unmatched } = mapFieldErrors(fieldErrorsOf(conflict), t, {
      isKnown: (name) => known.has(String(name[0])),
    });
    expect(fields.map((f) => f.name[0])).toEqual(['carrier_code', 'display_name']);
    expect(unmatched.map((u) => u.field)).toEqual(['legs[1].etd', 'internal_flag']);
  });

  it('renames server fields to form fields', () => {
    const { fields } = mapFieldErrors([{ field: 'code', msgKey: 'msgCarrierDuplicateCode' }], t, {
      fieldMap: { code: 'carrier_code' },
    });
    expect(fields[0].name).toEqual(['carrier_code']);
  });

  it('finds no field errors in other failures', () => {
    expect(fieldErrorsOf(new ApiError(409, { msgKey: 'msgRecordNotLatest' }))).toEqual([]);
    expect(fieldErrorsOf(new ApiError(0, null))).toEqual([]);
    expect(fieldErrorsOf(new Error('boom'))).toEqual([]);
  });

  it('reads dotted and bracketed paths', () => {
    expect(toNamePath('a.0.b')).toEqual(['a', 0, 'b']);
    expect(toNamePath('a[2]')).toEqual(['a', 2]);
  });
});
