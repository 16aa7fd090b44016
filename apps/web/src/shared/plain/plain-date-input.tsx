import dayjs, { type Dayjs } from 'dayjs';
import type { InputHTMLAttributes, Ref } from 'react';
import './plain.css';
import './plain-form-controls.css';

/** What the native inputs write: a day, or a day and a time to the minute (no zone: a wall clock). */
const FORMAT = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DDTHH:mm' } as const;
const SHAPE = { date: /^\d{4}-\d{2}-\d{2}$/, datetime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/ } as const;

export type PlainDateKind = keyof typeof FORMAT;

/** The input's text for a form value (a dayjs, or a string the API wrote), '' for none or an invalid one. */
export function dateInputText(value: unknown, kind: PlainDateKind): string {
  if (dayjs.isDayjs(value)) return value.isValid() ? value.format(FORMAT[kind]) : '';
  if (typeof value === 'string' && value) {
    const d = dayjs(value);
    return d.isValid() ? d.format(FORMAT[kind]) : '';
  }
  return '';
}

/**
 * The form value for the input's text: a dayjs read as written (local wall clock, never shifted between
 * zones), or null when the input is empty or holds no whole date (the browser gives '' then).
 */
export function dateInputValue(text: string, kind: PlainDateKind): Dayjs | null {
  // A browser that shows seconds (step below 60) writes them: the form keeps minutes.
  const t = kind === 'datetime' ? text.slice(0, 16) : text;
  if (!SHAPE[kind].test(t)) return null;
  const d = dayjs(t);
  return d.isValid() ? d : null;
}

export type PlainDateInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'type'
> & {
  /** A dayjs, or null for none (an antd Form.Item gives it, as it gave antd's DatePicker). */
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  /** A day (`type="date"`, the default) or a day and time to the minute (`type="datetime-local"`). */
  kind?: PlainDateKind;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A native date or date-time input that takes and gives dayjs (issue 20: the booking form without antd's
 * DatePicker and @rc-component/picker). The browser draws its own calendar and shows the date in the user's
 * locale; the value stays 'YYYY-MM-DD' / 'YYYY-MM-DDTHH:mm'. A date-time is a wall clock (a port's local
 * closing): it is never converted between zones. Emptying the input gives null. The error border follows
 * `aria-invalid`, which an antd Form.Item sets on its control while the field has an error.
 */
export function PlainDateInput({
  value,
  onChange,
  kind = 'date',
  className,
  ref,
  ...rest
}: PlainDateInputProps) {
  return (
    <input
      {...rest}
      ref={ref}
      type={kind === 'date' ? 'date' : 'datetime-local'}
      className={className ? `plain-input plain-form-input ${className}` : 'plain-input plain-form-input'}
      value={dateInputText(value, kind)}
      onChange={(e) => onChange?.(dateInputValue(e.target.value, kind))}
    />
  );
}
