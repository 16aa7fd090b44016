import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/feedback';
import { validateLoginId } from './registration-api';

/**
 * Validates the login id on the server before a registration (000 §5): the returned message keys are
 * shown together in one persistent notification titled with the login id. True when the list is empty.
 */
export function useLoginIdCheck() {
  const { t } = useTranslation(['msg', 'registration']);
  const { notification } = useApp();
  return async (loginId: string): Promise<boolean> => {
    const problems = await validateLoginId(loginId);
    if (!problems.length) return true;
    notification.error({
      key: 'registration-login-id',
      title: loginId,
      description: (
        <ul style={{ paddingInlineStart: 18, margin: 0 }} data-testid="login-id-problems">
          {problems.map((p) => (
            <li key={p.msg_key}>{t(p.msg_key, { ns: 'msg' })}</li>
          ))}
        </ul>
      ),
      duration: 0,
    });
    return false;
  };
}
