import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form } from '../../shared/form';
import { CheckboxField } from '../../shared/plain/multi-fields';
import { PlainTextInput } from '../../shared/plain/plain-text-input';

/** Cheque Request tab (002 §3): available date, free to combine, currencies, issued to. */
export function InvoiceChequeTab({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('invoice');
  const col = { xs: 24, sm: 12, lg: 8 };
  return (
    <Row gutter={12}>
      <Col {...col}>
        <Form.Item name={['cheque_request', 'available_date']} label={t('cr.available_date')}>
          <PlainTextInput type="date" disabled={disabled} data-testid="cr-available_date" />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name={['cheque_request', 'foreign_currency']} label={t('cr.foreign_currency')}>
          <PlainTextInput maxLength={3} disabled={disabled} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name={['cheque_request', 'cheque_currency']} label={t('cr.cheque_currency')}>
          <PlainTextInput maxLength={3} disabled={disabled} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name={['cheque_request', 'issued_to']} label={t('cr.issued_to')}>
          <PlainTextInput disabled={disabled} data-testid="cr-issued_to" />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name={['cheque_request', 'free_to_combine']} valuePropName="checked" label=" ">
          <CheckboxField disabled={disabled}>{t('cr.free_to_combine')}</CheckboxField>
        </Form.Item>
      </Col>
    </Row>
  );
}
