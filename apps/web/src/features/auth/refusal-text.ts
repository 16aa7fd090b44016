import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/http';
import { errorText } from '../../shared/i18n/error-text';

/** Whether the server refused the call as one too many (429, with the wait in its params). */
export const isTooManyRequests = (e: unknown): boolean => e instanceof ApiError && e.status === 429;

/**
 * What a public password page says when the server refused its call (000 §8): too many requests with the
 * wait; else the server's Message; else the page's own failure message (a key of the `msg` catalogue).
 */
export function refusalText(t: TFunction, e: unknown, fallbackMsgKey: string): string {
  if (isTooManyRequests(e)) return errorText(t, e);
  return e instanceof ApiError && e.body?.Message ? e.body.Message : t(`msg:${fallbackMsgKey}`);
}
