import { REG_MSG } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../shared/button';
import { LazyResult as Result } from '../../shared/components/lazy-result';

/** The last step: "Activate Account Successfully", the approval note and 'Go To Login Page' (000 §4). */
export function ActivateResult() {
  const { t } = useTranslation(['registration', 'msg']);
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={t(`msg:${REG_MSG.activateSuccess}`)}
      subTitle={t('registration:approvalNote')}
      data-testid="activate-success"
      extra={
        <Button type="primary" onClick={() => navigate('/login')} data-testid="go-to-login">
          {t('registration:goToLogin')}
        </Button>
      }
    />
  );
}

/** Email Verification: "Register Successfully", check your e-mail. */
export function RegisteredResult({ email }: { email: string }) {
  const { t } = useTranslation('registration');
  return (
    <Result
      status="success"
      title={t('registeredTitle')}
      subTitle={t('registeredBody', { email })}
      data-testid="registered-success"
    />
  );
}
