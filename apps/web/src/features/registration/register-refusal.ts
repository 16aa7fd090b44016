import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/http';
import { errorText } from '../../shared/i18n/error-text';

/**
 * The message a refused registration shows after its field problems went onto the form (`left`: those that
 * name no field): none when every problem stands on a field; the server's words for any other refusal; the
 * unknown-save text for an error that is not the server's.
 */
export function registerRefusalText(t: TFunction, e: unknown, left: readonly unknown[]): string | null {
  if (!(e instanceof ApiError)) return t('msg:errSaveUnknown');
  if (!left.length && e.body?.details?.length) return null;
  return errorText(t, e);
}
