import { MSG } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, api } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { Form } from '../../shared/form';
import { applyServerErrors, fieldErrorsOf } from '../../shared/form/server-errors';
import { errorText } from '../../shared/i18n/error-text';
import { PlainPasswordInput, PlainTextInput } from '../../shared/plain/plain-text-input';
import { confirmPasswordRules, newPasswordRules, usePasswordConfig } from './password-config';
import { PublicCard, PublicDoneAlert, PublicErrorAlert, useRedirectWhenDone } from './public-card';
import { isTooManyRequests, refusalText } from './refusal-text';

interface Values {
  password: string;
  confirm: string;
}

/**
 * /resetpassword?loginID&token (000 §2.1, §5, §8): the link is checked first
 * (GET /password/resetpassword); an invalid, used or expired one shows "Invalid Token. Reset Password
 * Fail.". Then the new password with its confirmation; success goes to /login after 5 s.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation(['password', 'msg']);
  const [params] = useSearchParams();
  const loginID = params.get('loginID') ?? params.get('loginid') ?? '';
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<Values>();
  const { useStrongPassword, maxLength } = usePasswordConfig();
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const check = useQuery({
    queryKey: ['reset-link', loginID, token],
    enabled: Boolean(loginID && token),
    queryFn: () =>
      api.get<{ success: boolean }>('/password/resetpassword', { loginid: loginID, token }, { silent: true }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const invalid = !loginID || !token || check.data?.success === false || check.isError;

  useRedirectWhenDone(done, '/login');

  const onFinish = async (v: Values) => {
    setSaving(true);
    setError(null);
    try {
      await api.post('/Password/resetpassword', { loginID, token, password: v.password }, { silent: true });
      setDone(true);
    } catch (e) {
      const badLink = e instanceof ApiError && e.body?.msgKey === MSG.invalidResetToken;
      if (!isTooManyRequests(e) && badLink) setError(t(`msg:${MSG.invalidResetToken}`));
      else if (!isTooManyRequests(e) && fieldErrorsOf(e).length) applyServerErrors(form, e, t);
      else setError(refusalText(t, e, MSG.resetPasswordFail));
    } finally {
      setSaving(false);
    }
  };

  let body: React.ReactNode;
  if (done) {
    body = <PublicDoneAlert title={t('password:reset.done')} testId="reset-password-done" />;
  } else if (invalid) {
    body = (
      <Alert
        type="error"
        showIcon
        title={isTooManyRequests(check.error) ? errorText(t, check.error) : t(`msg:${MSG.invalidResetToken}`)}
        data-testid="reset-password-invalid"
      />
    );
  } else if (check.isPending) {
    body = <Spin data-testid="reset-password-checking" />;
  } else {
    body = (
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} disabled={saving} requiredMark={false}>
        <PublicErrorAlert error={error} testId="reset-password-error" />
        <Form.Item label={t('password:reset.loginId')}>
          <PlainTextInput value={loginID} disabled data-testid="reset-login-id" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password:reset.password')}
          extra={useStrongPassword ? t('password:reset.rule') : undefined}
          rules={newPasswordRules(t, useStrongPassword)}
        >
          <PlainPasswordInput
            autoComplete="new-password"
            maxLength={maxLength}
            data-testid="reset-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password:reset.confirm')}
          dependencies={['password']}
          rules={confirmPasswordRules(t, 'password')}
        >
          <PlainPasswordInput autoComplete="new-password" maxLength={maxLength} data-testid="reset-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={saving} data-testid="reset-submit">
          {t('password:reset.submit')}
        </Button>
      </Form>
    );
  }

  return (
    <PublicCard title={t('password:reset.title')} testId="reset-password-page">
      {body}
    </PublicCard>
  );
}
