import { SaveOutlined } from '@ant-design/icons';
import type { TAvailableEventCode, TNotificationModule, TNotificationSetting } from '@portal/contracts';
import { Checkbox, Flex, Skeleton, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { loadContracts } from '../../shared/form/lazy-schema';
import { useApiError } from '../../shared/hooks/use-api-error';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { useAvailableEventCodes, useNotificationSetting, useUpsertConfigs } from './notification-api';

interface Values {
  follow_setting: string[];
  in_app_note: boolean;
  email_note: boolean;
  email_address: string;
}

const emailRule = async () => (await loadContracts()).ZNotificationSettingInput.shape.email_address;

/** One module's setting: the events followed, in-app and e-mail on/off, the e-mail address. */
function ModuleSetting({ module, codes }: { module: TNotificationModule; codes: TAvailableEventCode[] }) {
  const { t } = useTranslation('notification');
  const { message } = useApp();
  const { showError } = useApiError();
  const setting = useNotificationSetting(module, '*');
  const save = useUpsertConfigs();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    const s: TNotificationSetting | undefined = setting.data;
    if (s)
      form.setFieldsValue({
        follow_setting: s.follow_setting,
        in_app_note: s.in_app_note,
        email_note: s.email_note,
        email_address: s.email_address ?? '',
      });
  }, [setting.data, form]);

  const submit = (v: Values) =>
    save.mutate(
      [
        {
          module,
          doc_code: '*',
          follow_setting: v.follow_setting as never,
          in_app_note: v.in_app_note,
          email_note: v.email_note,
          email_address: v.email_address.trim(),
        },
      ],
      { onSuccess: () => void message.success(t('saved')), onError: (e) => showError(e, { form }) },
    );

  return (
    <PlainCard title={t(`module.${module}`)} data-testid={`notification-setting-${module}`}>
      {setting.isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="follow_setting" label={t('setting.events')}>
            <Checkbox.Group
              options={codes.map((c) => ({ value: c.key, label: t(`event.${c.key}`) }))}
              style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}
            />
          </Form.Item>
          <Flex gap={32} wrap>
            <Form.Item name="in_app_note" label={t('setting.inApp')} valuePropName="checked">
              <Switch data-testid={`notification-in-app-${module}`} />
            </Form.Item>
            <Form.Item name="email_note" label={t('setting.email')} valuePropName="checked">
              <Switch data-testid={`notification-email-${module}`} />
            </Form.Item>
            <Form.Item
              name="email_address"
              label={t('setting.emailAddress')}
              extra={t('setting.emailAddressHint')}
              style={{ minWidth: 280, flex: 1 }}
              rules={[
                {
                  validator: async (_r, v: string) => {
                    if (v?.trim() && !(await emailRule()).safeParse(v.trim()).success)
                      throw new Error(t('setting.emailInvalid'));
                  },
                },
              ]}
            >
              <PlainTextInput maxLength={254} data-testid={`notification-email-address-${module}`} />
            </Form.Item>
          </Flex>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SaveOutlined />}
            loading={save.isPending}
            data-testid={`notification-save-${module}`}
          >
            {t('save')}
          </Button>
        </Form>
      )}
    </PlainCard>
  );
}

/** /BMS/Notification/masterSetting (000 §2.2): the user's notification setting of each module they use. */
export default function MasterSettingPage() {
  const { t } = useTranslation('notification');
  const codes = useAvailableEventCodes();
  const modules = [...new Set((codes.data ?? []).map((c) => c.module))];
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="notification-setting-title">
        {t('setting.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('setting.intro')}</Typography.Text>
      {codes.isLoading ? (
        <Skeleton active />
      ) : (
        modules.map((m) => (
          <ModuleSetting key={m} module={m} codes={(codes.data ?? []).filter((c) => c.module === m)} />
        ))
      )}
    </Flex>
  );
}
