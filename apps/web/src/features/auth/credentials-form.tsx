import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language, type TLoginRequest } from '@portal/contracts';
import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../shared/i18n/i18n';
import { LANGUAGE_OPTIONS } from '../../shared/i18n/language-options';

/** Username, password and language (000 §2.1, §5). Choosing a language switches the UI at once. */
export function CredentialsForm({
  loading,
  onSubmit,
}: {
  loading: boolean;
  onSubmit: (values: TLoginRequest) => void;
}) {
  const { t, i18n } = useTranslation(['auth', 'msg']);
  const current = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'en-US';
  return (
    <Form<TLoginRequest>
      name="login"
      layout="vertical"
      requiredMark={false}
      initialValues={{ language: current }}
      onFinish={(v) => onSubmit({ ...v, username: v.username.trim() })}
      disabled={loading}
    >
      <Form.Item
        name="username"
        label={t('auth:username')}
        rules={[{ required: true, whitespace: true, message: t('msg:msgUsernameRequired') }]}
      >
        <Input
          prefix={<UserOutlined />}
          autoComplete="username"
          autoFocus
          data-testid="login-username"
          maxLength={254}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth:password')}
        rules={[{ required: true, message: t('msg:msgPasswordRequired') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          data-testid="login-password"
          maxLength={256}
        />
      </Form.Item>
      <Form.Item
        name="language"
        label={t('auth:language')}
        rules={[{ required: true, message: t('msg:msgLanguageRequired') }]}
      >
        <Select
          data-testid="login-language"
          aria-label={t('auth:language')}
          options={LANGUAGE_OPTIONS}
          onChange={(lang: Language) => void setLanguage(lang)}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
        {t('auth:signIn')}
      </Button>
    </Form>
  );
}
