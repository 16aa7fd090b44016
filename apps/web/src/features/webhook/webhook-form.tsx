import { WEBHOOK_EVENT_CODES, WEBHOOK_SECRET_MIN } from '@portal/contracts';
import { Col, Form, type FormInstance, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldsOf } from '../../shared/form/lazy-schema';
import { zodRule } from '../../shared/form/zod-rule';
import { SearchSelect } from '../../shared/search-select/search-select';
import type { WebhookFormValues } from './webhook-form-values';

const F = fieldsOf((c) => c.ZCreateWebhookEndpointRequest);

export interface WebhookFormProps {
  form: FormInstance<WebhookFormValues>;
  onValuesChange: () => void;
  disabled?: boolean;
  isNew: boolean;
}

/** A webhook endpoint's fields: party (fixed once saved), URL, secret, event codes, description, active. */
export function WebhookForm({ form, onValuesChange, disabled, isNew }: WebhookFormProps) {
  const { t } = useTranslation('webhook');
  const half = { xs: 24, md: 12 };
  return (
    <Form<WebhookFormValues>
      form={form}
      name="webhook"
      layout="vertical"
      disabled={disabled}
      onValuesChange={onValuesChange}
      scrollToFirstError={{ block: 'center', focus: true }}
      data-testid="webhook-form"
    >
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="party_id"
            label={t('field.party')}
            required
            rules={[{ required: true, message: t('required') }]}
            extra={isNew ? t('hint.party') : undefined}
          >
            <SearchSelect
              fetchOptionKey="party"
              placeholder={t('typeToSearch')}
              disabled={!isNew || disabled}
              data-testid="webhook-party"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="active" label={t('field.active')} valuePropName="checked">
            <Switch data-testid="webhook-active" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="url"
            label={t('field.url')}
            required
            rules={[zodRule(F('url'))]}
            extra={t('hint.url')}
          >
            <Input
              maxLength={2000}
              placeholder="https://erp.example.com/portal-events"
              data-testid="webhook-url"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="secret"
            label={t('field.secret')}
            required={isNew}
            rules={
              isNew
                ? [zodRule(F('secret'))]
                : [{ min: WEBHOOK_SECRET_MIN, message: t('secretTooShort', { min: WEBHOOK_SECRET_MIN }) }]
            }
            extra={isNew ? t('hint.secretNew', { min: WEBHOOK_SECRET_MIN }) : t('hint.secretKeep')}
          >
            <Input.Password maxLength={200} autoComplete="new-password" data-testid="webhook-secret" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="description" label={t('field.description')} rules={[zodRule(F('description'))]}>
            <Input maxLength={200} data-testid="webhook-description" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="event_codes"
            label={t('field.event_codes')}
            required
            rules={[zodRule(F('event_codes'))]}
          >
            <Select
              mode="multiple"
              allowClear
              options={WEBHOOK_EVENT_CODES.map((c) => ({
                value: c,
                label: t(`event.${c}`, { defaultValue: c }),
              }))}
              data-testid="webhook-events"
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
