import { MSG, type TChangePasswordRequest } from '@portal/contracts';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../../shared/api/http';
import { afterSignInPath, sessionStore, useSessionSnapshot } from '../../shared/auth';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { msgTextOf, requiredMsgRule } from '../../shared/form/zod-rule';
import { useApiError } from '../../shared/hooks/use-api-error';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainPasswordInput } from '../../shared/plain/plain-text-input';
import { newPasswordRules, usePasswordConfig } from '../auth';

interface Values {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

/** POST /Password/changepassword. */
const changePassword = (body: TChangePasswordRequest) =>
  api.post<{ success: boolean }>('/Password/changepassword', body);

/**
 * /BMS/Setting/update_user_password (000 §2.2, §5): old, new and confirmation. The new one must meet
 * the strong rule when GET /Password/getPasswordConfig says so (msgStrongPWRequired); the server also
 * refuses common and recently used passwords and match its confirmation (msgPasswordInconsistent). When the
 * change is forced, the user cannot leave the page until it is done.
 */
export default function UpdatePasswordPage() {
  const { t } = useTranslation('setting');
  const [form] = Form.useForm<Values>();
  const { message } = useApp();
  const { showError } = useApiError();
  const navigate = useNavigate();
  const { forceChangePassword } = useSessionSnapshot();
  const [saving, setSaving] = useState(false);
  const { useStrongPassword, maxLength } = usePasswordConfig();

  const onFinish = async (v: Values) => {
    setSaving(true);
    try {
      await changePassword({ old_password: v.old_password, new_password: v.new_password });
      message.success(t('setting:password.changed'));
      form.resetFields();
      if (forceChangePassword) {
        sessionStore.setForceChangePassword(false);
        navigate(await afterSignInPath(null), { replace: true });
      }
    } catch (e) {
      if (e instanceof ApiError && e.body?.msgKey === MSG.oldPasswordIncorrect) {
        form.setFields([{ name: 'old_password', errors: [t('msg:msgOldPasswordIncorrect')] }]);
        return;
      }
      showError(e, { form });
    } finally {
      setSaving(false);
    }
  };

  return (
    <PlainCard className="plain-card--roomy" title={t('setting:password.title')} style={{ maxWidth: 560 }}>
      {forceChangePassword ? (
        <Alert
          type="warning"
          showIcon
          title={t('setting:password.forced')}
          style={{ marginBottom: 16 }}
          data-testid="password-forced"
        />
      ) : null}
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} disabled={saving} requiredMark={false}>
        <Form.Item
          name="old_password"
          label={t('setting:password.old')}
          rules={[requiredMsgRule('msgPasswordRequired')]}
        >
          <PlainPasswordInput autoComplete="current-password" data-testid="password-old" maxLength={256} />
        </Form.Item>
        <Form.Item
          name="new_password"
          label={t('setting:password.new')}
          extra={useStrongPassword ? t('setting:password.rule') : undefined}
          rules={newPasswordRules(t, useStrongPassword)}
        >
          <PlainPasswordInput autoComplete="new-password" data-testid="password-new" maxLength={maxLength} />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('setting:password.confirm')}
          dependencies={['new_password']}
          rules={[
            requiredMsgRule('msgPasswordRequired'),
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (value && value !== getFieldValue('new_password'))
                  throw new Error(await msgTextOf('msgPasswordInconsistent'));
              },
            }),
          ]}
        >
          <PlainPasswordInput autoComplete="new-password" data-testid="password-confirm" maxLength={128} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="password-submit">
          {t('setting:password.submit')}
        </Button>
      </Form>
    </PlainCard>
  );
}
