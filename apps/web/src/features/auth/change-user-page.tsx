import { SwapOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { changeUserAndLand, LOGIN_PATH, useSession } from '../../shared/auth';
import { Button } from '../../shared/button';
import { Form } from '../../shared/form';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { errorText } from '../../shared/i18n/error-text';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';

/**
 * /ChangeUser (000 §2.2, §6): a super user becomes another user by login id. The server checks the
 * change-user right ("You do not have change user right", also for a target holding functions the
 * super user lacks) and the target (incorrect or inactive user).
 */
export default function ChangeUserPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const { claims } = useSession();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async ({ loginId }: { loginId: string }) => {
    setError(null);
    setLoading(true);
    try {
      const next = await changeUserAndLand(loginId.trim());
      // The login page asks for the profile (or reports that there is none).
      if (next === LOGIN_PATH) navigate(LOGIN_PATH, { replace: true });
      // A different user: reload so no screen keeps the previous user's state.
      else window.location.assign(next);
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setLoading(false);
    }
  };

  return (
    <PlainCard className="plain-card--roomy" title={t('auth:changeUser.title')} style={{ maxWidth: 520 }}>
      {!claims?.super_user_uid ? (
        <Alert type="info" showIcon title={t('auth:changeUser.superUserOnly')} style={{ marginBottom: 16 }} />
      ) : null}
      <Typography.Paragraph type="secondary">{t('auth:changeUser.hint')}</Typography.Paragraph>
      <Form<{ loginId: string }>
        layout="vertical"
        onFinish={onFinish}
        disabled={loading}
        requiredMark={false}
      >
        <Form.Item
          name="loginId"
          label={t('auth:changeUser.loginId')}
          rules={[requiredMsgRule('msgUsernameRequired', { whitespace: true })]}
        >
          <PlainTextInput data-testid="change-user-id" maxLength={254} autoComplete="off" />
        </Form.Item>
        {error ? (
          <Alert
            type="error"
            showIcon
            title={<span data-testid="change-user-error">{error}</span>}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Button
          type="primary"
          htmlType="submit"
          icon={<SwapOutlined />}
          loading={loading}
          data-testid="change-user-submit"
        >
          {t('auth:changeUser.submit')}
        </Button>
      </Form>
    </PlainCard>
  );
}
