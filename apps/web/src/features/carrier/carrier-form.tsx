import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form } from '../../shared/form';
import { fieldsOf } from '../../shared/form/lazy-schema';
import { upperCase } from '../../shared/form/normalize';
import { zodRule } from '../../shared/form/zod-rule';
import {
  ChoiceButtonsItem,
  EffectivePeriodItems,
  effectivePeriodRules,
  RecordForm,
  type RecordFormProps,
  SPAN,
} from '../../shared/maintenance/record-form';
import { ChoiceField } from '../../shared/plain/form-fields';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { type CarrierFormValues, dateValue, toRequest } from './carrier-form-values';
import { useCarrierLabels } from './carrier-labels';

const F = fieldsOf((c) => c.ZCarrierFields);
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
  ...effectivePeriodRules(F, (c) => c.ZCreateCarrierRequest, toRequest, dateValue),
  status: [zodRule(F('status'))],
};

export type CarrierFormProps = RecordFormProps<CarrierFormValues>;

/** The carrier's fields (001 §3 Carrier) with client-side rules matching the server. */
export function CarrierForm({ form, onValuesChange, disabled }: CarrierFormProps) {
  const { t } = useTranslation('carrier');
  const labels = useCarrierLabels();
  const { half, quarter } = SPAN;

  return (
    <RecordForm
      form={form}
      name="carrier"
      testId="carrier-form"
      disabled={disabled}
      onValuesChange={onValuesChange}
    >
      <Row gutter={16}>
        <Col {...quarter}>
          <Form.Item
            name="carrier_code"
            label={t('field.carrier_code')}
            required
            normalize={upperCase}
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
            normalize={upperCase}
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
            normalize={upperCase}
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
            normalize={upperCase}
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
        <EffectivePeriodItems t={t} rules={rules} testId="carrier" disabled={disabled} />
        <Col {...half}>
          <ChoiceButtonsItem
            name="status"
            label={t('field.status')}
            required
            rules={rules.status}
            options={labels.statusOptions}
            testId="carrier-status"
          />
        </Col>
      </Row>
    </RecordForm>
  );
}
