import type { TProfile } from '@portal/contracts';
import { Button, Form, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { profileLabel } from '../../shared/auth/profile-label';

/** The profile choice after sign-in when the user has several (000 §4 Sign-in step 2, §5). */
export function ProfileStep({
  profiles,
  loading,
  onSubmit,
  onBack,
}: {
  profiles: TProfile[];
  loading: boolean;
  onSubmit: (profileId: number) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation(['auth', 'msg']);
  return (
    <Form<{ profile: number }>
      name="profile"
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => onSubmit(v.profile)}
      disabled={loading}
    >
      <Typography.Paragraph>{t('auth:chooseProfileHint')}</Typography.Paragraph>
      <Form.Item
        name="profile"
        label={t('auth:profile')}
        rules={[{ required: true, message: t('msg:msgProfileRequired') }]}
      >
        <Radio.Group data-testid="login-profile" aria-label={t('auth:profile')}>
          <Space orientation="vertical">
            {profiles.map((p) => (
              <Radio
                key={p.user_profile_id}
                value={p.user_profile_id}
                data-testid={`login-profile-${p.user_profile_id}`}
              >
                {profileLabel(t, p)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="profile-submit">
          {t('auth:continue')}
        </Button>
        <Button block onClick={onBack} data-testid="profile-back">
          {t('auth:backToSignIn')}
        </Button>
      </Space>
    </Form>
  );
}
