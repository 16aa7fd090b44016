import { MSG, type TForgotPasswordRequest } from '@portal/contracts';
import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, api } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { Form } from '../../shared/form';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { errorText } from '../../shared/i18n/error-text';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { PublicCard } from './public-card';

/** Seconds before the page goes on after a success (000 §8). */
const REDIRECT_SECONDS = 5;

/**
 * /forgotpassword (000 §2.1, §5, §8): the user name; on success a message and the root after 5 s, on
 * failure the server's Message or msgSubmitForgotPasswordFail. The server answers success for any name.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(['password', 'msg']);
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onFinish = async (v: TForgotPasswordRequest) => {
    setSending(true);
    setError(null);
    try {
      await api.post('/Password/forgotpassword', { userName: v.userName.trim() }, { silent: true });
      setDone(true);
    } catch (e) {
      // too many requests: the translated message with the wait (errorText fills in retryAfterSeconds)
      if (e instanceof ApiError && e.status === 429) setError(errorText(t, e));
      else
        setError(
          e instanceof ApiError && e.body?.Message ? e.body.Message : t(`msg:${MSG.forgotPasswordFail}`),
        );
    } finally {
      setSending(false);
    }
  };

  return (
    <PublicCard title={t('password:forgot.title')} testId="forgot-password-page">
      {done ? (
        <Alert
          type="success"
          showIcon
          title={t('password:forgot.sent')}
          description={t('password:redirecting', { seconds: REDIRECT_SECONDS })}
          data-testid="forgot-password-sent"
        />
      ) : (
        <Form<TForgotPasswordRequest>
          layout="vertical"
          onFinish={onFinish}
          disabled={sending}
          requiredMark={false}
        >
          {error ? (
            <Alert
              type="error"
              showIcon
              title={error}
              style={{ marginBottom: 16 }}
              data-testid="forgot-password-error"
            />
          ) : null}
          <Form.Item
            name="userName"
            label={t('password:forgot.userName')}
            rules={[requiredMsgRule('msgUsernameRequired', { whitespace: true })]}
          >
            <PlainTextInput autoComplete="username" maxLength={256} data-testid="forgot-username" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={sending} data-testid="forgot-submit">
            {t('password:forgot.submit')}
          </Button>
        </Form>
      )}
      <div style={{ marginTop: 16 }}>
        <Link to="/login" data-testid="link-back-to-login">
          {t('password:backToLogin')}
        </Link>
      </div>
    </PublicCard>
  );
}
