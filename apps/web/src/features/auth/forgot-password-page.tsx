import { MSG, type TForgotPasswordRequest } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { Form } from '../../shared/form';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { PublicCard, PublicDoneAlert, PublicErrorAlert, useRedirectWhenDone } from './public-card';
import { refusalText } from './refusal-text';

/**
 * /forgotpassword (000 §2.1, §5, §8): the user name; on success a message and the root after 5 s, on
 * failure the server's Message or msgSubmitForgotPasswordFail. The server answers success for any name.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(['password', 'msg']);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useRedirectWhenDone(done, '/');

  const onFinish = async (v: TForgotPasswordRequest) => {
    setSending(true);
    setError(null);
    try {
      await api.post('/Password/forgotpassword', { userName: v.userName.trim() }, { silent: true });
      setDone(true);
    } catch (e) {
      setError(refusalText(t, e, MSG.forgotPasswordFail));
    } finally {
      setSending(false);
    }
  };

  return (
    <PublicCard title={t('password:forgot.title')} testId="forgot-password-page">
      {done ? (
        <PublicDoneAlert title={t('password:forgot.sent')} testId="forgot-password-sent" />
      ) : (
        <Form<TForgotPasswordRequest>
          layout="vertical"
          onFinish={onFinish}
          disabled={sending}
          requiredMark={false}
        >
          <PublicErrorAlert error={error} testId="forgot-password-error" />
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
    </PublicCard>
  );
}
