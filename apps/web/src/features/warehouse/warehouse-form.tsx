import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form, type FormInstance } from '../../shared/form';
import { fieldsOf } from '../../shared/form/lazy-schema';
import { zodRule } from '../../shared/form/zod-rule';
import { PlainDivider } from '../../shared/plain/plain-divider';
import { PlainRadioGroup } from '../../shared/plain/plain-radio-group';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import type { WarehouseFormValues } from './warehouse-form-values';
import { useWarehouseLabels } from './warehouse-labels';

const F = fieldsOf((c) => c.ZWarehouseFields);
const upper = (v?: string) => v?.toUpperCase();
const LINES = [1, 2, 3, 4] as const;

export interface WarehouseFormProps {
  form: FormInstance<WarehouseFormValues>;
  onValuesChange: () => void;
  disabled?: boolean;
}

/** The warehouse's fields (001 §3 Warehouse) with the server's rules (contracts ZWarehouseFields). */
export function WarehouseForm({ form, onValuesChange, disabled }: WarehouseFormProps) {
  const { t } = useTranslation('warehouse');
  const labels = useWarehouseLabels();
  const half = { xs: 24, md: 12 };
  const third = { xs: 24, md: 8 };

  const addressLine = (prefix: 'address' | 'local_address', n: (typeof LINES)[number]) => {
    const name = `${prefix}${n}` as const;
    return (
      <Col {...half} key={name}>
        <Form.Item name={name} label={t(`field.${prefix}Line`, { n })} rules={[zodRule(F(name))]}>
          <PlainTextInput maxLength={100} data-testid={`warehouse-${prefix.replace('_', '-')}${n}`} />
        </Form.Item>
      </Col>
    );
  };

  return (
    <Form<WarehouseFormValues>
      form={form}
      name="warehouse"
      layout="vertical"
      disabled={disabled}
      onValuesChange={onValuesChange}
      scrollToFirstError={{ block: 'center', focus: true }}
      data-testid="warehouse-form"
    >
      <Row gutter={16}>
        <Col {...third}>
          <Form.Item
            name="warehouse_code"
            label={t('field.warehouse_code')}
            required
            normalize={upper}
            rules={[zodRule(F('warehouse_code'))]}
            extra={t('hint.warehouse_code')}
          >
            <PlainTextInput
              maxLength={20}
              autoComplete="off"
              style={{ textTransform: 'uppercase' }}
              data-testid="warehouse-code"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="warehouse_name"
            label={t('field.warehouse_name')}
            required
            rules={[zodRule(F('warehouse_name'))]}
          >
            <PlainTextInput maxLength={200} data-testid="warehouse-name" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="tel" label={t('field.tel')} rules={[zodRule(F('tel'))]}>
            <PlainTextInput maxLength={30} data-testid="warehouse-tel" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item
            name="contact_person"
            label={t('field.contact_person')}
            rules={[zodRule(F('contact_person'))]}
          >
            <PlainTextInput maxLength={100} data-testid="warehouse-contact-person" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item
            name="contact_email"
            label={t('field.contact_email')}
            rules={[zodRule(F('contact_email'))]}
          >
            <PlainTextInput maxLength={100} type="email" data-testid="warehouse-contact-email" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="status" label={t('field.status')} required rules={[zodRule(F('status'))]}>
            <PlainRadioGroup
              options={labels.statusOptions}
              optionType="button"
              aria-label={t('field.status')}
              data-testid="warehouse-status"
            />
          </Form.Item>
        </Col>
      </Row>
      <PlainDivider>{t('section.address')}</PlainDivider>
      <Row gutter={16}>{LINES.map((n) => addressLine('address', n))}</Row>
      <PlainDivider>{t('section.localAddress')}</PlainDivider>
      <Row gutter={16}>{LINES.map((n) => addressLine('local_address', n))}</Row>
      <Form.Item name="remark" label={t('field.remark')} rules={[zodRule(F('remark'))]}>
        <PlainTextArea rows={3} maxLength={1000} showCount data-testid="warehouse-remark" />
      </Form.Item>
    </Form>
  );
}
