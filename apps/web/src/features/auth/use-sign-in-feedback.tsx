import { SIGNIN_ERROR_TOAST_SECONDS } from '@portal/contracts';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/i18n/error-text';

const REASON_KEY = 'login-reason';

/** Sign-in feedback: failures for 30 s (000 §8), and persistent session messages until clicked (000 §4). */
export function useSignInFeedback() {
  const { t } = useTranslation(['auth', 'msg', 'common']);
  const { message } = App.useApp();
  const showError = useCallback(
    (error: unknown) => {
      message.error({
        key: 'login-error',
        content: <span data-testid="login-error">{errorText(t, error)}</span>,
        duration: SIGNIN_ERROR_TOAST_SECONDS,
      });
    },
    [message, t],
  );
  const showReason = useCallback(
    (msgKey: string) => {
      message.warning({
        key: REASON_KEY,
        content: (
          <span data-testid="login-reason" title={t('common:clickToClose')}>
            {t(msgKey, { ns: 'msg' })}
          </span>
        ),
        duration: 0,
        onClick: () => message.destroy(REASON_KEY),
        style: { cursor: 'pointer' },
      });
    },
    [message, t],
  );
  const clear = useCallback(() => {
    message.destroy('login-error');
    message.destroy(REASON_KEY);
  }, [message]);
  return { showError, showReason, clear };
}
