import { isStrongPassword, MSG, REG_MSG } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { LazyResult as Result } from '../../shared/components/lazy-result';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { errorText } from '../../shared/i18n/error-text';
import { PlainPasswordInput, PlainTextInput } from '../../shared/plain/plain-text-input';
import { activateAccount, updateNewUserPassword, usePasswordConfig } from './registration-api';

type LinkState = 'checking' | 'ok' | 'invalid' | 'failed';

/** The activation failure (000 §8): "Fail to Activate Account" with the reason. */
export function ActivationFailed({ reason }: { reason: string }) {
  const { t } = useTranslation('msg');
  return (
    <Result
      status="error"
      title={t(REG_MSG.activateFail)}
      subTitle={reason}
      data-testid="activation-failed"
    />
  );
}

/**
 * Set Password, reached only from the activation link (loginID, token): checks the link with
 * GET /admin/activateAccount, then sets the password with POST /Admin/UpdateNewUserPassword.
 */
export function SetPasswordStep({
  loginId,
  token,
  onDone,
}: {
  loginId: string | null;
  token: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(['registration', 'msg']);
  const { message } = useApp();
  const [form] = Form.useForm<{ password: string; confirm_password: string }>();
  const strong = usePasswordConfig().data ?? true;
  const [state, setState] = useState<LinkState>(loginId && token ? 'checking' : 'invalid');
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!loginId || !token) return;
    activateAccount(loginId, token)
      .then(() => setState('ok'))
      .catch((e: unknown) => {
        setFailure(errorText(t, e));
        setState('failed');
      });
  }, [loginId, token, t]);

  if (state === 'invalid') return <ActivationFailed reason={t(`msg:${REG_MSG.invalidLink}`)} />;
  if (state === 'failed') return <ActivationFailed reason={failure} />;
  if (state === 'checking')
    return (
      <div role="status" aria-busy="true">
        <span className="plain-spinner" /> {t('registration:checkingLink')}
      </div>
    );

  const submit = async (v: { password: string }) => {
    setSaving(true);
    try {
      await updateNewUserPassword({ login_id: loginId ?? '', password: v.password, token: token ?? '' });
      onDone();
    } catch (e) {
      // Password policy problems name the field; an activation problem (used, expired link) has no details.
      if (e instanceof ApiError && e.body?.details?.length) {
        const d = e.body.details[0];
        form.setFields([{ name: 'password', errors: [t(`msg:${d.msgKey}`, d.params ?? {})] }]);
      } else if (e instanceof ApiError && e.status === 422) {
        setFailure(errorText(t, e));
        setState('failed');
      } else message.error(errorText(t, e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      onFinishFailed={() => message.error(t('registration:formInvalid'))}
      style={{ maxWidth: 420 }}
      data-testid="set-password-form"
    >
      <Form.Item label={t('registration:field.login_id')}>
        <PlainTextInput value={loginId ?? ''} disabled data-testid="set-password-login" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('registration:field.password')}
        rules={[
          { required: true, message: t('registration:rule.passwordRequired') },
          {
            validator: (_, v: string | undefined) =>
              !v || !strong || isStrongPassword(v)
                ? Promise.resolve()
                : Promise.reject(new Error(t(`msg:${MSG.strongPasswordRequired}`))),
          },
        ]}
      >
        <PlainPasswordInput autoComplete="new-password" maxLength={256} data-testid="set-password-password" />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('registration:field.confirm_password')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('registration:rule.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, v: string | undefined) =>
              !v || v === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(
                    new Error(
                      t('msg:msgPasswordInconsistent', { defaultValue: t('registration:rule.mismatch') }),
                    ),
                  ),
          }),
        ]}
      >
        <PlainPasswordInput autoComplete="new-password" maxLength={256} data-testid="set-password-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="set-password-submit">
        {t('registration:setPassword')}
      </Button>
    </Form>
  );
}
