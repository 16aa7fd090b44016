import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form, type FormInstance } from '../../shared/form';
import { fieldsOf } from '../../shared/form/lazy-schema';
import { zodFormRule, zodRule } from '../../shared/form/zod-rule';
import { ChoiceField } from '../../shared/plain/form-fields';
import { PlainDateInput } from '../../shared/plain/plain-date-input';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { SearchSelect } from '../../shared/search-select/search-select';
import { dateValue, type TradelaneFormValues, toRequest } from './tradelane-form-values';
import { useTradelaneLabels } from './tradelane-labels';

const F = fieldsOf((c) => c.ZTradelaneFields);
const upper = (v?: string) => v?.toUpperCase();
const str = (v: unknown) => (typeof v === 'string' ? v : '');

// Same rules as the server (contracts ZTradelaneFields).
const rules = {
  tradelane_name: [zodRule(F('tradelane_name'))],
  tradelane_type: [zodRule(F('tradelane_type'))],
  pol_country: [zodRule(F('pol_country'), { toValue: str })],
  pod_country: [zodRule(F('pod_country'), { toValue: str })],
  office_code: [zodRule(F('office_code'), { toValue: str })],
  account_code: [zodRule(F('account_code'))],
  effective_date: [zodRule(F('effective_date'), { toValue: (v) => dateValue(v) ?? '' })],
  customer_type: [zodFormRule((c) => c.ZCreateTradelaneRequest, 'customer_type', toRequest)],
  customer_code: [zodRule(F('customer_code'))],
};

export interface TradelaneFormProps {
  form: FormInstance<TradelaneFormValues>;
  onValuesChange: () => void;
  disabled?: boolean;
}

/** The trade lane's fields (001 §3 Trade lane); countries and office are picked from the server's lists. */
export function TradelaneForm({ form, onValuesChange, disabled }: TradelaneFormProps) {
  const { t } = useTranslation('tradelane');
  const labels = useTradelaneLabels();
  const third = { xs: 24, md: 8 };
  const quarter = { xs: 24, sm: 12, md: 6 };

  return (
    <Form<TradelaneFormValues>
      form={form}
      name="tradelane"
      layout="vertical"
      disabled={disabled}
      onValuesChange={onValuesChange}
      scrollToFirstError={{ block: 'center', focus: true }}
      data-testid="tradelane-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item
            name="tradelane_name"
            label={t('field.tradelane_name')}
            required
            rules={rules.tradelane_name}
          >
            <PlainTextInput maxLength={100} data-testid="tradelane-name" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item
            name="tradelane_type"
            label={t('field.tradelane_type')}
            required
            rules={rules.tradelane_type}
          >
            <ChoiceField
              options={labels.typeOptions}
              disabled={disabled}
              placeholder={t('selectPlaceholder')}
              data-testid="tradelane-type"
            />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="pol_country" label={t('field.pol_country')} required rules={rules.pol_country}>
            <SearchSelect
              fetchOptionKey="country"
              placeholder={t('typeToSearch')}
              data-testid="tradelane-pol-country"
            />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="pod_country" label={t('field.pod_country')} required rules={rules.pod_country}>
            <SearchSelect
              fetchOptionKey="country"
              placeholder={t('typeToSearch')}
              data-testid="tradelane-pod-country"
            />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="office_code" label={t('field.office_code')} required rules={rules.office_code}>
            <SearchSelect
              fetchOptionKey="office"
              placeholder={t('typeToSearch')}
              data-testid="tradelane-office"
            />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="effective_date"
            label={t('field.effective_date')}
            required
            rules={rules.effective_date}
          >
            <PlainDateInput disabled={disabled} data-testid="tradelane-effective-date" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="account_code"
            label={t('field.account_code')}
            normalize={upper}
            rules={rules.account_code}
          >
            <PlainTextInput
              maxLength={20}
              style={{ textTransform: 'uppercase' }}
              data-testid="tradelane-account-code"
            />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="customer_type"
            label={t('field.customer_type')}
            dependencies={['customer_code']}
            rules={rules.customer_type}
          >
            <ChoiceField
              options={labels.customerTypeOptions}
              disabled={disabled}
              placeholder={t('selectPlaceholder')}
              allowClear
              data-testid="tradelane-customer-type"
            />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="customer_code"
            label={t('field.customer_code')}
            normalize={upper}
            rules={rules.customer_code}
          >
            <PlainTextInput
              maxLength={20}
              style={{ textTransform: 'uppercase' }}
              data-testid="tradelane-customer-code"
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
