import { INVOICE_ACCOUNT_OPTION_KEY, type TInvoice, type TInvoiceType } from '@portal/contracts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeWord } from '../../shared/i18n/code-words';
import { ChoiceField } from '../../shared/plain/form-fields';
import { CheckboxField } from '../../shared/plain/multi-fields';
import { PlainFacts } from '../../shared/plain/plain-facts';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { SearchSelect } from '../../shared/search-select/search-select';
import { TagsField } from './invoice-fields';
import { useInvoiceLabels } from './invoice-labels';
import './invoice-detail.css';
import { Form } from '../../shared/form';
import { requiredMsgRule } from '../../shared/form/zod-rule';

const col = { xs: 24, sm: 12, lg: 8, xl: 6 };

/** Header tab (002 §3): party, jobs and SOs, bills, currency and rate, tax-invoice fields, references. */
export function InvoiceHeaderForm({
  type,
  inv,
  disabled,
  stepFields = new Set(),
  stepHint = null,
}: {
  type: TInvoiceType;
  inv: TInvoice | null;
  disabled: boolean;
  /** Fields the next step (e.g. Prepare) will need: marked required before the user presses it. */
  stepFields?: ReadonlySet<string>;
  /** Says which steps the marked fields are for. */
  stepHint?: string | null;
}) {
  const { t } = useTranslation('invoice');
  const labels = useInvoiceLabels();
  const f = (k: string) => t(`field.${k}`);
  const codeWord = useCodeWord();
  const text = (name: string, extra: object = {}) => (
    <Col {...col}>
      <Form.Item name={name} label={f(name)} required={stepFields.has(name) || undefined} {...extra}>
        <PlainTextInput disabled={disabled} data-testid={`invoice-${name}`} />
      </Form.Item>
    </Col>
  );
  return (
    <>
      {inv && (
        <PlainFacts
          size="small"
          column={4}
          className="invoice-summary"
          data-testid="invoice-summary"
          items={(
            [
              ['invoice_no', inv.invoice_no],
              ['account_name', inv.account_name],
              ['office_code', inv.office_code],
              ['prepared_by', inv.prepared_by ?? '—'],
              ['approved_1_by', inv.approved_1_by ?? '—'],
              ['approved_2_by', inv.approved_2_by ?? '—'],
              ['acct_process_status', codeWord('acctProcess', inv.acct_process_status)],
              ['journal_no', inv.journal_no ?? '—'],
            ] as const
          ).map(([key, v]) => ({ key, label: f(key), children: v }))}
        />
      )}
      {stepHint && (
        <Typography.Paragraph type="secondary" data-testid="invoice-step-hint">
          {stepHint}
        </Typography.Paragraph>
      )}
      <Row gutter={12}>
        <Col {...col}>
          <Form.Item name="kind" label={f('kind')} rules={[requiredMsgRule()]}>
            <ChoiceField options={labels.kindOptions(type)} disabled={disabled} data-testid="invoice-kind" />
          </Form.Item>
        </Col>
        <Col {...col}>
          {/* A lookup of the parties this side may bill or be billed by (issue 38), keyboard-friendly. */}
          <Form.Item name="account_code" label={f('account_code')} rules={[requiredMsgRule()]}>
            <SearchSelect
              fetchOptionKey={INVOICE_ACCOUNT_OPTION_KEY[type]}
              disabled={disabled}
              placeholder={t('accountPlaceholder')}
              data-testid="invoice-account_code"
            />
          </Form.Item>
        </Col>
        {text('issue_party_code')}
        <Col {...col}>
          <Form.Item name="job_nos" label={f('job_nos')}>
            <TagsField disabled={disabled} data-testid="invoice-job_nos" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="so_nos" label={f('so_nos')}>
            <TagsField disabled={disabled} data-testid="invoice-so_nos" />
          </Form.Item>
        </Col>
        {text('hbl_no')}
        {text('mbl_no')}
        {text('sales_code')}
        {text('currency', { rules: [requiredMsgRule()] })}
        {text('exchange_rate')}
        <Col {...col}>
          <Form.Item name="invoice_date" label={f('invoice_date')} required={stepFields.has('invoice_date')}>
            <PlainTextInput type="date" disabled={disabled} data-testid="invoice-invoice_date" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="sub_type" label={f('sub_type')} required={stepFields.has('sub_type')}>
            <ChoiceField
              allowClear
              options={labels.subTypeOptions}
              disabled={disabled}
              data-testid="invoice-sub_type"
            />
          </Form.Item>
        </Col>
        {text('gov_invoice_no')}
        {text('tax_rate_code')}
        {type === 'AP' && text('ap_ref')}
        {text('payment_ref')}
        {text('payment_marker')}
        {text('group_no')}
        <Col {...col}>
          <Form.Item name="tax_invoice_emails" label={f('tax_invoice_emails')}>
            <TagsField max={3} disabled={disabled} data-testid="invoice-emails" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="is_overseas" valuePropName="checked" label=" ">
            <CheckboxField disabled={disabled}>{f('is_overseas')}</CheckboxField>
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="with_credit_term" valuePropName="checked" label=" ">
            <CheckboxField disabled={disabled}>{f('with_credit_term')}</CheckboxField>
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="is_inter_account" valuePropName="checked" label=" ">
            <CheckboxField disabled={disabled}>{f('is_inter_account')}</CheckboxField>
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remarks" label={f('remarks')}>
            <PlainTextArea rows={2} maxLength={1000} disabled={disabled} data-testid="invoice-remarks" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
