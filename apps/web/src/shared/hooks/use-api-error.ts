import { ERROR_TOAST_SECONDS, NO_RECORD_TOAST_SECONDS } from '@portal/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http';
import { useApp } from '../feedback';
import type { FormInstance } from '../form/form';
import { applyServerErrors, fieldErrorsOf } from '../form/server-errors';
import { errorText } from '../i18n/error-text';

export interface ShowErrorOptions {
  /** Seconds the toast stays (ERROR_TOAST_SECONDS unless given; sign-in failures use 30). */
  duration?: number;
  /** Put per-field problems (`details`) on this form's fields as well. */
  form?: FormInstance;
}

/**
 * The shared error handler (000 §8): a 404 shows the no-record warning for 10 s, anything else the
 * errorText of the failure; with `form`, field details land on their fields.
 */
export function useApiError() {
  // No 'msg' here: it would load the messages with every page. A failed call (ApiError) has loaded them
  // before it rejects (shared/api/http withMessages), and that is the only case that shows one.
  const { t } = useTranslation('common');
  const { message } = useApp();
  const showError = useCallback(
    (error: unknown, opts: ShowErrorOptions = {}) => {
      if (opts.form && fieldErrorsOf(error).length) applyServerErrors(opts.form, error, t);
      if (error instanceof ApiError && error.status === 404 && !error.body?.Message) {
        message.warning({ content: t('msg:msgNoRecordFound'), duration: NO_RECORD_TOAST_SECONDS });
        return;
      }
      message.error({ content: errorText(t, error), duration: opts.duration ?? ERROR_TOAST_SECONDS });
    },
    [t, message],
  );
  return { showError };
}
