// @vitest-environment jsdom
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/http';
import { errorText } from '../../shared/i18n/error-text';
import { isTooManyRequests, refusalText } from './refusal-text';

const t = ((key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key) as unknown as TFunction;

describe('refusalText', () => {
  it('says too many requests with the wait', () => {
    const e = new ApiError(429, { msgKey: 'errTooManyRequests', params: { retryAfterSeconds: 30 } });
    expect(isTooManyRequests(e)).toBe(true);
    expect(refusalText(t, e, 'msgSubmitForgotPasswordFail')).toBe(errorText(t, e));
    expect(refusalText(t, e, 'msgSubmitForgotPasswordFail')).not.toBe('msg:msgSubmitForgotPasswordFail');
  });
  it("shows the server's Message", () => {
    const e = new ApiError(400, { Message: 'User is locked.' });
    expect(refusalText(t, e, 'msgSubmitForgotPasswordFail')).toBe('User is locked.');
  });
  it("falls back to the page's failure message", () => {
    expect(refusalText(t, new ApiError(500, { msgKey: 'errInternal' }), 'msgResetPasswordFail')).toBe(
      'msg:msgResetPasswordFail',
    );
    expect(refusalText(t, new Error('offline'), 'msgResetPasswordFail')).toBe('msg:msgResetPasswordFail');
    expect(isTooManyRequests(new Error('offline'))).toBe(false);
  });
});
