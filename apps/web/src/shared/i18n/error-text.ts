import type { TApiError } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../api/http';
import { type FieldErrorEntry, fieldErrorsOf, mapFieldErrors } from '../form/server-errors';
import i18n from './i18n';

type Params = TApiError['params'];

/** The translation of a message key in the `msg` namespace, or null when there is none. */
export function msgText(t: TFunction, msgKey: string | undefined | null, params?: Params): string | null {
  if (!msgKey || !i18n.exists(msgKey, { ns: 'msg' })) return null;
  return t(msgKey, { ns: 'msg', ...(params ?? {}) });
}

/**
 * The text for a failed call (000 §8): the server's Message, else the translated msgKey, else
 * "404 Not Found", "500 Internal Server Error", "{status} Error", and "Server not available" when the
 * server could not be reached. Other errors show their own text.
 */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const message = error.body?.Message?.trim();
    if (message) return message;
    const translated = msgText(t, error.body?.msgKey, error.body?.params);
    if (translated) return translated;
    if (error.status === 0) return t('common:error.serverNotAvailable');
    if (error.status === 404) return t('common:error.notFound404');
    if (error.status === 500) return t('common:error.internal500');
    return t('common:error.status', { status: error.status });
  }
  if (error instanceof Error && error.message) return error.message;
  return t('common:error.serverNotAvailable');
}

/**
 * The per-field problems of a 400/422 answer (`details[]`, message keys with params) translated, ready
 * for `form.setFields(fieldErrorTexts(t, error))`; "lines.0.qty" becomes ['lines', 0, 'qty']. To put
 * them on a form and scroll to the first, use `applyServerErrors` from shared/form.
 */
export const fieldErrorTexts = (t: TFunction, error: unknown): FieldErrorEntry[] =>
  mapFieldErrors(fieldErrorsOf(error), t).fields;
