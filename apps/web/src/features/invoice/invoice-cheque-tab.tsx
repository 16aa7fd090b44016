import { Checkbox, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';

/** Cheque Request tab (002 §3): available date, free to combine, currencies, issued to. */
export function InvoiceChequeTab({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('invoice');
  const col = { xs: 24, sm: 12, lg: 8 };
  return (
    <Row gutter={12}>
      <Col {...col}>
        <Form.Item name={['cheque_request', 'available_date']} label={t('cr.available_date')}>
          <Input type="date" disabled={disabled} data-testid="cr-available_date" />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name={['cheque_request', 'foreign_currency']} label={t('cr.foreign_currency')}>
          <Input maxLength={3} disabled={disabled} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name={['cheque_request', 'cheque_currency']} label={t('cr.cheque_currency')}>
          <Input maxLength={3} disabled={disabled} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name={['cheque_request', 'issued_to']} label={t('cr.issued_to')}>
          <Input disabled={disabled} data-testid="cr-issued_to" />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name={['cheque_request', 'free_to_combine']} valuePropName="checked" label=" ">
          <Checkbox disabled={disabled}>{t('cr.free_to_combine')}</Checkbox>
        </Form.Item>
      </Col>
    </Row>
  );
}
