import type { ZShippingOrderFields } from '@portal/contracts';
import { Col, Row } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { zodRule } from '../../shared/form/zod-rule';
import { DateField } from '../../shared/plain/form-date-field';
import { ChoiceField } from '../../shared/plain/form-fields';
import { NumberField } from '../../shared/plain/form-number-field';
import type { PlainDateInputProps } from '../../shared/plain/plain-date-input';
import type { PlainNumberInputProps } from '../../shared/plain/plain-number-input';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import '../../shared/plain/plain-form-controls.css';
import { Form, type Rule } from '../../shared/form';
import { CLOSING_FIELDS, DATE_FIELDS, dateOut, PARTY_FIELDS } from './booking-form-values';
import { useBookingLabels } from './booking-labels';

export type BookingFieldName = keyof typeof ZShippingOrderFields.shape;

const has = (list: readonly string[], name: string) => list.includes(name);

/** Converts a form value to what the field's schema expects. */
function toSchemaValue(name: BookingFieldName) {
  if (has(DATE_FIELDS, name)) return (v: unknown) => dateOut(v) ?? '';
  if (has(CLOSING_FIELDS, name)) return (v: unknown) => dateOut(v, 'YYYY-MM-DDTHH:mm') ?? '';
  if (has(PARTY_FIELDS, name)) return (v: unknown) => (v ? Number(v) : null);
  return (v: unknown) => (v === undefined ? null : v);
}

export interface BookingFieldProps {
  name: BookingFieldName;
  children?: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  span?: number;
  valuePropName?: string;
  label?: string;
  dependencies?: string[];
}

/**
 * The top-level fields required at the form's stage (bookingRequiredFields of contracts for the user's side
 * and the booking's status), so the asterisks show before the first save and match what save checks.
 */
export const BookingRequiredContext = createContext<ReadonlySet<string>>(new Set());

/** One form field validated with the contracts schema of that field; required ones carry the asterisk. */
export function BookingField(props: BookingFieldProps) {
  const { name, children, hint, span = 6, valuePropName, label, dependencies } = props;
  const labels = useBookingLabels();
  const requiredAtStage = useContext(BookingRequiredContext);
  const required = props.required ?? requiredAtStage.has(name);
  const rules: Rule[] = [
    zodRule((c) => c.ZShippingOrderFields.shape[name], { toValue: toSchemaValue(name) }),
  ];
  return (
    <Col xs={24} sm={12} lg={span}>
      <Form.Item
        name={name}
        label={label ?? labels.field(name)}
        rules={rules}
        required={required}
        extra={hint}
        valuePropName={valuePropName}
        dependencies={dependencies}
      >
        {children ?? <PlainTextInput data-testid={`booking-field-${name}`} />}
      </Form.Item>
    </Col>
  );
}

/** A row of fields. */
export const FieldRow = ({ children }: { children: ReactNode }) => <Row gutter={16}>{children}</Row>;

type DateProps = Omit<PlainDateInputProps, 'kind'> & { testId: string };

/** A native date input for a date field (Form.Item gives value and onChange as dayjs | null). */
export const DateInput = ({ testId, ...rest }: DateProps) => (
  <DateField {...rest} kind="date" data-testid={testId} />
);
/** A native date-and-time input for a closing or a cut-off (port-local wall clock, to the minute). */
export const DateTimeInput = ({ testId, ...rest }: DateProps) => (
  <DateField {...rest} kind="datetime" data-testid={testId} />
);

/** A number field (Form.Item gives value and onChange as number | null, as antd's InputNumber did). */
export const NumberInput = ({ testId, ...rest }: PlainNumberInputProps & { testId: string }) => (
  <NumberField {...rest} data-testid={testId} />
);

type ChoiceProps = Parameters<typeof ChoiceField>[0] & { testId: string };

/** A native select of fixed choices (Form.Item gives value and onChange; cleared is undefined). */
export const ChoiceSelect = ({ testId, ...rest }: ChoiceProps) => (
  <ChoiceField {...rest} data-testid={testId} />
);
