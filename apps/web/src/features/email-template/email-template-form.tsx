import { EyeOutlined } from '@ant-design/icons';
import {
  EMAIL_TEMPLATE_LANGUAGE_SUFFIX,
  EMAIL_TEMPLATE_LANGUAGES,
  type TEmailTemplateLanguage,
} from '@portal/contracts';
import { Col, Flex, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { Form, type FormInstance } from '../../shared/form';
import { fieldsOf } from '../../shared/form/lazy-schema';
import { zodRule } from '../../shared/form/zod-rule';
import { useApiError } from '../../shared/hooks/use-api-error';
import { LocalComboField } from '../../shared/plain/local-combo-field';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainCheckbox } from '../../shared/plain/plain-checkbox';
import { PlainTag } from '../../shared/plain/plain-tag';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { PlainTabs } from '../../shared/tabs/plain-tabs';
import { useEmailTemplateEvents, useEmailTemplatePreview } from './email-template-api';
import type { EmailTemplateFormValues } from './email-template-form-values';

const F = fieldsOf((c) => c.ZEmailTemplateFields);

export interface EmailTemplateFormProps {
  form: FormInstance<EmailTemplateFormValues>;
  onValuesChange: () => void;
  disabled?: boolean;
  isNew: boolean;
}

/** An e-mail template: event code (fixed once saved), subject and body per language, placeholders, preview. */
export function EmailTemplateForm({ form, onValuesChange, disabled, isNew }: EmailTemplateFormProps) {
  const { t } = useTranslation('emailTemplate');
  const { t: tn } = useTranslation('notification');
  const { showError } = useApiError();
  const events = useEmailTemplateEvents();
  const preview = useEmailTemplatePreview();
  const [lang, setLang] = useState<TEmailTemplateLanguage>('en-US');
  const eventCode = Form.useWatch('event_code', form) as string | null | undefined;
  const event = events.data?.find((e) => e.event_code === eventCode);

  const runPreview = () => {
    const sfx = EMAIL_TEMPLATE_LANGUAGE_SUFFIX[lang];
    const v = form.getFieldsValue(true) as EmailTemplateFormValues;
    if (!v.event_code) return;
    // An empty zh text falls back to en-US when mail is sent: the preview shows the same.
    preview.mutate(
      {
        event_code: v.event_code,
        language: lang,
        subject: v[`subject_${sfx}`] || v.subject_en,
        body: v[`body_${sfx}`] || v.body_en,
      },
      { onError: (e) => showError(e) },
    );
  };

  return (
    <Form<EmailTemplateFormValues>
      form={form}
      name="emailTemplate"
      layout="vertical"
      disabled={disabled}
      onValuesChange={onValuesChange}
      scrollToFirstError={{ block: 'center', focus: true }}
      data-testid="email-template-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="event_code"
            label={t('field.event_code')}
            required
            rules={[{ required: true, message: t('required') }]}
          >
            <LocalComboField
              disabled={!isNew || disabled}
              loading={events.isLoading}
              options={(events.data ?? [])
                .filter((e) => !isNew || !e.has_template)
                .map((e) => ({
                  value: e.event_code,
                  label: `${tn(`event.${e.event_code}`, { defaultValue: e.event_code })} (${t(`module.${e.module}`, { defaultValue: e.module })})`,
                }))}
              data-testid="email-template-event"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="active" label={t('field.active')} valuePropName="checked" extra={t('hint.active')}>
            <PlainCheckbox role="switch" data-testid="email-template-active" />
          </Form.Item>
        </Col>
      </Row>
      {event && (
        <Flex
          gap={4}
          wrap
          align="center"
          style={{ marginBottom: 12 }}
          data-testid="email-template-placeholders"
        >
          <Typography.Text type="secondary">{t('placeholders')}</Typography.Text>
          {event.placeholders.map((p) => (
            <PlainTag key={p}>{`{{${p}}}`}</PlainTag>
          ))}
        </Flex>
      )}
      <PlainTabs
        id="email-template-lang"
        activeKey={lang}
        onChange={(k) => setLang(k as TEmailTemplateLanguage)}
        items={EMAIL_TEMPLATE_LANGUAGES.map((l) => {
          const sfx = EMAIL_TEMPLATE_LANGUAGE_SUFFIX[l];
          const required = l === 'en-US';
          return {
            key: l,
            label: <span data-testid={`email-template-tab-${l}`}>{t(`language.${l}`)}</span>,
            forceRender: true,
            children: (
              <>
                <Form.Item
                  name={`subject_${sfx}`}
                  label={t('field.subject')}
                  required={required}
                  rules={[zodRule(F(`subject_${sfx}`))]}
                  extra={required ? undefined : t('hint.fallback')}
                >
                  <PlainTextInput maxLength={300} data-testid={`email-template-subject-${l}`} />
                </Form.Item>
                <Form.Item
                  name={`body_${sfx}`}
                  label={t('field.body')}
                  required={required}
                  rules={[zodRule(F(`body_${sfx}`))]}
                  extra={t('hint.body', { name: '{{name}}' })}
                >
                  <PlainTextArea rows={8} maxLength={20000} data-testid={`email-template-body-${l}`} />
                </Form.Item>
              </>
            ),
          };
        })}
      />
      <Button
        icon={<EyeOutlined />}
        onClick={runPreview}
        loading={preview.isPending}
        disabled={!eventCode}
        data-testid="email-template-preview"
      >
        {t('preview', { language: t(`language.${lang}`) })}
      </Button>
      {preview.data && (
        <PlainCard
          style={{ marginTop: 12 }}
          title={preview.data.subject}
          data-testid="email-template-preview-result"
        >
          <PreviewHtml html={preview.data.html} />
        </PlainCard>
      )}
    </Form>
  );
}

type Purify = typeof import('dompurify').default;

/**
 * The preview's body. The server escapes everything; DOMPurify keeps it so should that ever change. It loads
 * with the first preview shown (issue 20: 63 KB the form does not need before).
 */
function PreviewHtml({ html }: { html: string }) {
  const [purify, setPurify] = useState<Purify | null>(null);
  useEffect(() => {
    let live = true;
    void import('dompurify').then((m) => {
      if (live) setPurify(() => m.default);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!purify) return <span className="plain-spinner" />;
  return (
    <div
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped on the server, sanitised here
      dangerouslySetInnerHTML={{ __html: purify.sanitize(html) }}
    />
  );
}
