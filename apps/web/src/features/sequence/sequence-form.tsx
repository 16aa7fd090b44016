import { SEQ_WIDTH_MAX, SEQ_WIDTH_MIN, type TSequenceRuleDetail } from '@portal/contracts';
import { Col, Row } from 'antd';
import type { SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldsOf } from '../../shared/form/lazy-schema';
import { zodRule } from '../../shared/form/zod-rule';
import '../../shared/list/data-table.css';
import { Form, type FormInstance } from '../../shared/form';
import { PlainTable } from '../../shared/list/plain-table';
import { ChoiceField } from '../../shared/plain/form-fields';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainCheckbox } from '../../shared/plain/plain-checkbox';
import { PlainNumberInput } from '../../shared/plain/plain-number-input';
import { PlainRadioGroup } from '../../shared/plain/plain-radio-group';
import type { PlainOption } from '../../shared/plain/plain-select';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { SearchSelect } from '../../shared/search-select/search-select';
import { previewNumber, type SequenceFormValues } from './sequence-form-values';
import { useSequenceLabels } from './sequence-labels';

const F = fieldsOf((c) => c.ZSequenceRuleFields);
const upper = (v?: string) => v?.toUpperCase();
const orNull = (v: unknown) => (v === undefined || v === '' ? null : v);

/**
 * The separator's native select: one of its choices is '' (none), which PlainSelect reads as "nothing
 * chosen", so the choices are listed as they are, without an empty one.
 */
function SeparatorSelect({
  value,
  onChange,
  options,
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  options: readonly PlainOption[];
  value?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <select
      {...rest}
      className="plain-select plain-form-select"
      value={value ?? ''}
      onChange={(e) => onChange?.(e.target.value)}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

// Same rules as the server (contracts ZSequenceRuleFields).
const rules = {
  doc_type: [zodRule(F('doc_type'))],
  office_code: [zodRule(F('office_code'))],
  description: [zodRule(F('description'))],
  prefix: [zodRule(F('prefix'), { toValue: (v) => v ?? '' })],
  date_format: [zodRule(F('date_format'))],
  separator: [zodRule(F('separator'))],
  seq_width: [zodRule(F('seq_width'), { toValue: orNull })],
  reset_period: [zodRule(F('reset_period'))],
  start_number: [zodRule(F('start_number'), { toValue: orNull })],
  status: [zodRule(F('status'))],
};

export interface SequenceFormProps {
  form: FormInstance<SequenceFormValues>;
  onValuesChange: () => void;
  disabled?: boolean;
  /** The saved rule (null for a new one): its counters and next number. */
  record: TSequenceRuleDetail | null;
}

/** A sequence rule's fields, a live preview of the next number and the counters per period. */
export function SequenceForm({ form, onValuesChange, disabled, record }: SequenceFormProps) {
  const { t } = useTranslation('sequence');
  const labels = useSequenceLabels();
  const values = Form.useWatch([], { form, preserve: true });
  const preview = values ? previewNumber(values, record) : null;
  const quarter = { xs: 24, sm: 12, md: 6 };
  const half = { xs: 24, md: 12 };

  return (
    <Form<SequenceFormValues>
      form={form}
      name="sequence"
      layout="vertical"
      disabled={disabled}
      onValuesChange={onValuesChange}
      scrollToFirstError={{ block: 'center', focus: true }}
      data-testid="sequence-form"
    >
      <Row gutter={16}>
        <Col {...quarter}>
          <Form.Item name="doc_type" label={t('field.doc_type')} required rules={rules.doc_type}>
            <ChoiceField
              options={labels.docTypeOptions}
              disabled={disabled}
              placeholder={t('selectPlaceholder')}
              data-testid="sequence-doc-type"
            />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="office_code"
            label={t('field.office_code')}
            rules={rules.office_code}
            extra={t('hint.office')}
          >
            <SearchSelect
              fetchOptionKey="office"
              placeholder={t('allOffices')}
              data-testid="sequence-office"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="description" label={t('field.description')} rules={rules.description}>
            <PlainTextInput maxLength={200} data-testid="sequence-description" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="prefix"
            label={t('field.prefix')}
            normalize={upper}
            rules={rules.prefix}
            extra={t('hint.prefix')}
          >
            <PlainTextInput
              maxLength={10}
              autoComplete="off"
              style={{ textTransform: 'uppercase' }}
              data-testid="sequence-prefix"
            />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="include_office" label={t('field.include_office')} valuePropName="checked">
            <PlainCheckbox role="switch" data-testid="sequence-include-office" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="date_format" label={t('field.date_format')} required rules={rules.date_format}>
            <ChoiceField
              options={labels.dateFormatOptions}
              disabled={disabled}
              data-testid="sequence-date-format"
            />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="separator" label={t('field.separator')} rules={rules.separator}>
            <SeparatorSelect
              options={labels.separatorOptions}
              disabled={disabled}
              data-testid="sequence-separator"
            />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="seq_width"
            label={t('field.seq_width')}
            required
            rules={rules.seq_width}
            extra={t('hint.width', { min: SEQ_WIDTH_MIN, max: SEQ_WIDTH_MAX })}
          >
            <PlainNumberInput precision={0} disabled={disabled} data-testid="sequence-width" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="reset_period" label={t('field.reset_period')} required rules={rules.reset_period}>
            <ChoiceField options={labels.resetOptions} disabled={disabled} data-testid="sequence-reset" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="start_number"
            label={t('field.start_number')}
            required
            rules={rules.start_number}
            extra={t('hint.start')}
          >
            <PlainNumberInput precision={0} disabled={disabled} data-testid="sequence-start" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="status" label={t('field.status')} required rules={rules.status}>
            <PlainRadioGroup
              options={labels.statusOptions}
              optionType="button"
              aria-label={t('field.status')}
              data-testid="sequence-status"
            />
          </Form.Item>
        </Col>
      </Row>
      <PlainAlert
        type="info"
        title={
          <span>
            {t('previewLabel')}{' '}
            <Typography.Text code strong data-testid="sequence-preview">
              {preview ?? '—'}
            </Typography.Text>
          </span>
        }
        description={values?.office_code ? t('previewNote') : t('previewNoteGeneric', { office: 'HKG' })}
      />
      {record && (
        <section style={{ marginTop: 12 }} aria-labelledby="sequence-counters-title">
          <h2 id="sequence-counters-title" style={{ fontSize: 14, fontWeight: 600, margin: '0 0 8px' }}>
            {t('countersTitle')}
          </h2>
          <PlainTable
            data-testid="sequence-counters"
            rows={record.counters}
            rowKey={(c) => c.period_key}
            empty={<p>{t('noCounters')}</p>}
            columns={[
              {
                key: 'period',
                title: t('field.period_key'),
                render: (_, c) => c.period_key || t('noPeriod'),
              },
              { key: 'next', title: t('field.next_number'), render: (_, c) => c.next_number },
            ]}
          />
        </section>
      )}
    </Form>
  );
}
