import { Col } from 'antd';
import type { ReactNode } from 'react';
import { Form, type FormInstance, type FormItemProps, type NamePath, type Rule } from '../form/form';
import type { SchemaRef } from '../form/lazy-schema';
import { zodFormRule, zodRule } from '../form/zod-rule';
import { PlainDateInput } from '../plain/plain-date-input';
import { PlainRadioGroup } from '../plain/plain-radio-group';
import type { PlainOption } from '../plain/plain-select';
import { SearchSelect } from '../search-select/search-select';

/** The column spans of a maintained record's form (a quarter, a third, a half of the row). */
export const SPAN = {
  quarter: { xs: 24, sm: 12, md: 6 },
  third: { xs: 24, md: 8 },
  half: { xs: 24, md: 12 },
} as const;

/** What a MaintenanceDetail hands a feature's record form. */
export interface RecordFormProps<V> {
  form: FormInstance<V>;
  onValuesChange: () => void;
  disabled?: boolean;
}

/**
 * A maintained record's form: vertical labels, disabled with the detail (read-only, saving), reporting each
 * change to the detail, and a refused save scrolls to its first error; `testId` is its data-testid.
 */
export function RecordForm<V>({
  form,
  name,
  testId,
  disabled,
  onValuesChange,
  children,
}: RecordFormProps<V> & { name: string; testId: string; children: ReactNode }) {
  return (
    <Form<V>
      form={form}
      name={name}
      layout="vertical"
      disabled={disabled}
      onValuesChange={onValuesChange}
      scrollToFirstError={{ block: 'center', focus: true }}
      data-testid={testId}
    >
      {children}
    </Form>
  );
}

type ItemProps = Pick<FormItemProps, 'name' | 'required' | 'rules' | 'dependencies' | 'extra'> & {
  label: string;
  testId: string;
};

/** A field picked from the server's options (carrier, port, ...), its picker named by the label. */
export function PickerItem({
  label,
  testId,
  fetchOptionKey,
  ...item
}: ItemProps & { fetchOptionKey: string }) {
  return (
    <Form.Item label={label} {...item}>
      <SearchSelect fetchOptionKey={fetchOptionKey} aria-label={label} data-testid={testId} />
    </Form.Item>
  );
}

/** A lane field of a record: its carrier or its port of loading or discharge. */
export type LaneField = 'carrier_code' | 'pol' | 'pod';

/**
 * The required carrier, POL and POD pickers of a record's form, a quarter of the row each: labelled by the
 * feature, checked by their field schemas (and any further rules), test ids `<testIdPrefix>carrier`, `-pol`,
 * `-pod`. Returns the maker of one: `lane('pod', { rules: [cross(['pod'])], dependencies: ['pol'] })`.
 */
export function lanePickers(opts: {
  label: (name: LaneField) => string;
  field: (name: LaneField) => SchemaRef;
  testIdPrefix: string;
}) {
  return (name: LaneField, more: { rules?: Rule[]; dependencies?: NamePath[] } = {}) => (
    <Col {...SPAN.quarter}>
      <PickerItem
        name={name}
        label={opts.label(name)}
        required
        rules={[zodRule(opts.field(name)), ...(more.rules ?? [])]}
        dependencies={more.dependencies}
        fetchOptionKey={name === 'carrier_code' ? 'carrier' : 'port'}
        testId={`${opts.testIdPrefix}${name === 'carrier_code' ? 'carrier' : name}`}
      />
    </Col>
  );
}

/** One of a few choices (a status, a service) as buttons side by side, named by the label. */
export function ChoiceButtonsItem({
  label,
  testId,
  options,
  ...item
}: ItemProps & { options: readonly PlainOption[] }) {
  return (
    <Form.Item label={label} {...item}>
      <PlainRadioGroup options={options} optionType="button" aria-label={label} data-testid={testId} />
    </Form.Item>
  );
}

/**
 * The rules of a record's effective period (`effective_from` required, `effective_to` optional and not
 * before it): each date by its field schema, the order by the create request's check.
 */
export function effectivePeriodRules(
  field: (key: 'effective_from' | 'effective_to') => SchemaRef,
  request: SchemaRef,
  toRequest: (values: Record<string, unknown>) => unknown,
  dateValue: (v: unknown) => string | null,
): { effective_from: Rule[]; effective_to: Rule[] } {
  return {
    effective_from: [zodRule(field('effective_from'), { toValue: (v) => dateValue(v) ?? '' })],
    effective_to: [
      zodRule(field('effective_to'), { toValue: dateValue }),
      zodFormRule(request, 'effective_to', toRequest),
    ],
  };
}

/**
 * A record's effective period as two date fields, a quarter of the row each, labelled by the feature's
 * `field.effective_from` and `field.effective_to`; test ids `<testId>-effective-from`, `-to`.
 */
export function EffectivePeriodItems({
  t,
  rules,
  testId,
  disabled,
}: {
  t: (key: 'field.effective_from' | 'field.effective_to') => string;
  rules: ReturnType<typeof effectivePeriodRules>;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <>
      <Col {...SPAN.quarter}>
        <Form.Item
          name="effective_from"
          label={t('field.effective_from')}
          required
          rules={rules.effective_from}
        >
          <PlainDateInput disabled={disabled} data-testid={`${testId}-effective-from`} />
        </Form.Item>
      </Col>
      <Col {...SPAN.quarter}>
        <Form.Item
          name="effective_to"
          label={t('field.effective_to')}
          dependencies={['effective_from']}
          rules={rules.effective_to}
        >
          <PlainDateInput disabled={disabled} data-testid={`${testId}-effective-to`} />
        </Form.Item>
      </Col>
    </>
  );
}
