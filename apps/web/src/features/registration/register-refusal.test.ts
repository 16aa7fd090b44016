// @vitest-environment jsdom
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/http';
import { errorText } from '../../shared/i18n/error-text';
import { registerRefusalText } from './register-refusal';

const t = ((key: string) => key) as unknown as TFunction;

describe('registerRefusalText', () => {
  const detail = { field: 'login_id', msgKey: 'msgLoginIdTaken' };
  it('says nothing more when every problem stands on its field', () => {
    const e = new ApiError(400, { msgKey: 'errValidation', details: [detail] });
    expect(registerRefusalText(t, e, [])).toBeNull();
  });
  it("shows the server's words when a problem names no field on the form", () => {
    const e = new ApiError(400, { msgKey: 'errValidation', Message: 'Bad input', details: [detail] });
    expect(registerRefusalText(t, e, [detail])).toBe('Bad input');
  });
  it("shows the server's words for a refusal without details", () => {
    const e = new ApiError(409, { Message: 'Taken' });
    expect(registerRefusalText(t, e, [])).toBe(errorText(t, e));
    expect(registerRefusalText(t, e, [])).toBe('Taken');
  });
  it('shows the unknown-save text for an error that is not the server answer', () => {
    expect(registerRefusalText(t, new Error('not saved'), [])).toBe('msg:errSaveUnknown');
  });
});
