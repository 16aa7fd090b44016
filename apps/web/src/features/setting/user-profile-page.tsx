import { PAGE_SIZES, type TUpdateUserSettingsRequest, type TUserProfileResponse } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../shared/api/http';
import { CHANGE_PASSWORD_PATH, STORAGE_KEYS, useSession } from '../../shared/auth';
import { profileTypeText } from '../../shared/auth/profile-label';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { useApiError } from '../../shared/hooks/use-api-error';
import { setLanguage } from '../../shared/i18n/i18n';
import { LANGUAGE_OPTIONS } from '../../shared/i18n/language-options';
import { StaticTable } from '../../shared/list/static-table';
import { ChoiceField } from '../../shared/plain/form-fields';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainFacts } from '../../shared/plain/plain-facts';
import { SignatureCard } from './signature-card';
import { signsInvoices } from './signature-model';

const PROFILE_KEY = ['userProfile'];

/** GET /Users/GetUserProfile. */
const useUserProfile = () =>
  useQuery({ queryKey: PROFILE_KEY, queryFn: () => api.get<TUserProfileResponse>('/Users/GetUserProfile') });

/** POST /Users/UpdateUserSettings; applies the language and page size at once. */
function useUpdateUserSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateUserSettingsRequest) =>
      api.post<TUserProfileResponse>('/Users/UpdateUserSettings', body),
    onSuccess: (res, body) => {
      localStorage.setItem(STORAGE_KEYS.pageSize, String(body.default_page_size));
      void setLanguage(body.default_lang);
      if (res) qc.setQueryData(PROFILE_KEY, res);
    },
  });
}

/** /BMS/Setting/user_profile (000 §2.2, §9): the user's details, profiles and preferences. */
export default function UserProfilePage() {
  const { t } = useTranslation(['setting', 'auth', 'common']);
  const { message } = useApp();
  const { showError } = useApiError();
  const { currentProfile, hasFunc } = useSession();
  // Invoice users sign what they prepare, approve or print (issue 14).
  const signs = signsInvoices(hasFunc);
  const { data, isLoading, error } = useUserProfile();
  const update = useUpdateUserSettings();
  const [form] = Form.useForm<TUpdateUserSettingsRequest>();

  useEffect(() => {
    if (data)
      form.setFieldsValue({
        default_lang: data.default_lang,
        default_page_size: data.default_page_size as TUpdateUserSettingsRequest['default_page_size'],
      });
  }, [data, form]);
  useEffect(() => {
    if (error) showError(error);
  }, [error, showError]);

  if (isLoading || !data) return <span className="plain-spinner" />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 960 }}>
      <PlainCard
        className="plain-card--roomy"
        title={t('setting:profile.title')}
        extra={<Link to={CHANGE_PASSWORD_PATH}>{t('setting:password.title')}</Link>}
      >
        <PlainFacts
          column={2}
          data-testid="user-profile-details"
          items={[
            { key: 'login_id', label: t('setting:profile.loginId'), children: data.login_id },
            {
              key: 'name',
              label: t('setting:profile.name'),
              children: `${data.first_name} ${data.last_name}`,
            },
            {
              key: 'profile',
              label: t('setting:profile.currentProfile'),
              children: currentProfile ? profileTypeText(t, currentProfile) : '-',
            },
          ]}
        />
        <StaticTable
          rowKey="user_profile_id"
          pageSize={false}
          rows={data.profiles}
          data-testid="user-profile-profiles"
          columns={[
            { title: t('setting:profile.profileType'), key: 'type', render: (_, p) => profileTypeText(t, p) },
            {
              key: 'office_code',
              title: t('setting:profile.office'),
              dataIndex: 'office_code',
              render: (v: string | null) => v ?? '-',
            },
          ]}
        />
      </PlainCard>
      {signs && <SignatureCard />}
      <PlainCard className="plain-card--roomy" title={t('setting:preferences.title')}>
        <Form<TUpdateUserSettingsRequest>
          form={form}
          layout="vertical"
          style={{ maxWidth: 360 }}
          disabled={update.isPending}
          onFinish={(v) =>
            update.mutate(v, {
              onSuccess: () => message.success(t('setting:preferences.saved')),
              onError: (e) => showError(e, { form }),
            })
          }
        >
          <Form.Item
            name="default_lang"
            label={t('setting:preferences.language')}
            rules={[{ required: true }]}
          >
            <ChoiceField
              options={LANGUAGE_OPTIONS}
              data-testid="pref-language"
              aria-label={t('setting:preferences.language')}
            />
          </Form.Item>
          <Form.Item
            name="default_page_size"
            label={t('setting:preferences.pageSize')}
            rules={[{ required: true }]}
            getValueProps={(v: unknown) => ({ value: v === null || v === undefined ? undefined : String(v) })}
            normalize={(v: string | undefined) => (v === undefined ? undefined : Number(v))}
          >
            <ChoiceField
              options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
              data-testid="pref-page-size"
              aria-label={t('setting:preferences.pageSize')}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="pref-save">
            {t('common:save')}
          </Button>
        </Form>
      </PlainCard>
    </Space>
  );
}
