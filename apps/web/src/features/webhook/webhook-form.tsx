import { WEBHOOK_EVENT_CODES, WEBHOOK_SECRET_MIN } from '@portal/contracts';
import { Col, Row } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldsOf } from '../../shared/form/lazy-schema';
import { zodRule } from '../../shared/form/zod-rule';
import { PlainCheckbox } from '../../shared/plain/plain-checkbox';
import type { PlainOption } from '../../shared/plain/plain-select';
import { PlainPasswordInput, PlainTextInput } from '../../shared/plain/plain-text-input';
import '../../shared/plain/plain.css';
import { Form, type FormInstance } from '../../shared/form';
import { SearchSelect } from '../../shared/search-select/search-select';
import type { WebhookFormValues } from './webhook-form-values';

const F = fieldsOf((c) => c.ZCreateWebhookEndpointRequest);

/**
 * The event codes as a group of check boxes (issue 20: the catalogue's dozen events without antd's Select in
 * `multiple` mode). Inside a Form.Item it takes `id`, `value` (the codes) and `onChange`; the group is named
 * by `aria-label` and each box by its event's name. Disabled with the form.
 */
function EventChecks({
  id,
  value,
  onChange,
  options,
  'aria-label': ariaLabel,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  'data-testid': testId,
}: {
  id?: string;
  value?: string[] | null;
  onChange?: (value: string[]) => void;
  options: readonly PlainOption[];
  'aria-label'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'data-testid'?: string;
}) {
  const boxId = useId();
  const chosen = value ?? [];
  const toggle = (code: string, on: boolean) =>
    onChange?.(on ? [...chosen.filter((c) => c !== code), code] : chosen.filter((c) => c !== code));
  return (
    <fieldset
      id={id}
      className="plain-radio-list plain-radio-list--row"
      aria-label={ariaLabel}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      data-testid={testId}
    >
      {options.map((o) => (
        <label key={o.value} htmlFor={`${boxId}-${o.value}`}>
          <PlainCheckbox
            id={`${boxId}-${o.value}`}
            value={o.value}
            checked={chosen.includes(o.value)}
            onChange={(e) => toggle(o.value, e.target.checked)}
            data-testid={`webhook-event-${o.value}`}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

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
            <PlainCheckbox role="switch" data-testid="webhook-active" />
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
            <PlainTextInput
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
            <PlainPasswordInput maxLength={200} autoComplete="new-password" data-testid="webhook-secret" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="description" label={t('field.description')} rules={[zodRule(F('description'))]}>
            <PlainTextInput maxLength={200} data-testid="webhook-description" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="event_codes"
            label={t('field.event_codes')}
            required
            rules={[zodRule(F('event_codes'))]}
          >
            <EventChecks
              aria-label={t('field.event_codes')}
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
