import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form, type FormInstance } from '../../shared/form';
import { fieldsOf } from '../../shared/form/lazy-schema';
import { zodFormRule, zodRule } from '../../shared/form/zod-rule';
import { ChoiceField } from '../../shared/plain/form-fields';
import { PlainDateInput } from '../../shared/plain/plain-date-input';
import { PlainRadioGroup } from '../../shared/plain/plain-radio-group';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { type CarrierFormValues, dateValue, toRequest } from './carrier-form-values';
import { useCarrierLabels } from './carrier-labels';

const F = fieldsOf((c) => c.ZCarrierFields);
const upper = (v?: string) => v?.toUpperCase();
const codeInput = (testId: string) => (
  <PlainTextInput
    maxLength={4}
    autoComplete="off"
    style={{ textTransform: 'uppercase' }}
    data-testid={testId}
  />
);

// Same rules as the server (contracts ZCarrierFields, 001 §5 Carrier).
const rules = {
  carrier_code: [zodRule(F('carrier_code'))],
  scac: [zodRule(F('scac'))],
  cbsa: [zodRule(F('cbsa'))],
  naccs: [zodRule(F('naccs'))],
  display_name: [zodRule(F('display_name'))],
  full_name: [zodRule(F('full_name'))],
  alliance: [zodRule(F('alliance'))],
  carrier_type: [zodRule(F('carrier_type'))],
  effective_from: [zodRule(F('effective_from'), { toValue: (v) => dateValue(v) ?? '' })],
  effective_to: [
    zodRule(F('effective_to'), { toValue: dateValue }),
    zodFormRule((c) => c.ZCreateCarrierRequest, 'effective_to', toRequest),
  ],
  status: [zodRule(F('status'))],
};

export interface CarrierFormProps {
  form: FormInstance<CarrierFormValues>;
  onValuesChange: () => void;
  disabled?: boolean;
}

/** The carrier's fields (001 §3 Carrier) with client-side rules matching the server. */
export function CarrierForm({ form, onValuesChange, disabled }: CarrierFormProps) {
  const { t } = useTranslation('carrier');
  const labels = useCarrierLabels();
  const half = { xs: 24, md: 12 };
  const quarter = { xs: 24, sm: 12, md: 6 };

  return (
    <Form<CarrierFormValues>
      form={form}
      name="carrier"
      layout="vertical"
      disabled={disabled}
      onValuesChange={onValuesChange}
      scrollToFirstError={{ block: 'center', focus: true }}
      data-testid="carrier-form"
    >
      <Row gutter={16}>
        <Col {...quarter}>
          <Form.Item
            name="carrier_code"
            label={t('field.carrier_code')}
            required
            normalize={upper}
            rules={rules.carrier_code}
            extra={t('hint.carrier_code')}
          >
            {codeInput('carrier-code')}
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="scac"
            label={t('field.scac')}
            normalize={upper}
            rules={rules.scac}
            extra={t('hint.scac')}
          >
            {codeInput('carrier-scac')}
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="cbsa"
            label={t('field.cbsa')}
            normalize={upper}
            rules={rules.cbsa}
            extra={t('hint.fourChars')}
          >
            {codeInput('carrier-cbsa')}
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="naccs"
            label={t('field.naccs')}
            normalize={upper}
            rules={rules.naccs}
            extra={t('hint.fourChars')}
          >
            {codeInput('carrier-naccs')}
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="display_name" label={t('field.display_name')} required rules={rules.display_name}>
            <PlainTextInput maxLength={60} data-testid="carrier-display-name" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="full_name" label={t('field.full_name')} required rules={rules.full_name}>
            <PlainTextInput maxLength={200} data-testid="carrier-full-name" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="alliance" label={t('field.alliance')} required rules={rules.alliance}>
            <ChoiceField
              options={labels.allianceOptions}
              disabled={disabled}
              placeholder={t('selectPlaceholder')}
              data-testid="carrier-alliance"
            />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="carrier_type" label={t('field.carrier_type')} required rules={rules.carrier_type}>
            <ChoiceField
              options={labels.typeOptions}
              disabled={disabled}
              placeholder={t('selectPlaceholder')}
              data-testid="carrier-type"
            />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="effective_from"
            label={t('field.effective_from')}
            required
            rules={rules.effective_from}
          >
            <PlainDateInput disabled={disabled} data-testid="carrier-effective-from" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="effective_to"
            label={t('field.effective_to')}
            dependencies={['effective_from']}
            rules={rules.effective_to}
          >
            <PlainDateInput disabled={disabled} data-testid="carrier-effective-to" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="status" label={t('field.status')} required rules={rules.status}>
            <PlainRadioGroup
              options={labels.statusOptions}
              optionType="button"
              aria-label={t('field.status')}
              data-testid="carrier-status"
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
