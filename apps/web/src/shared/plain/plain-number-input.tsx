import { type InputHTMLAttributes, type KeyboardEvent, type Ref, useEffect, useState } from 'react';
import './plain.css';
import './plain-form-controls.css';

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/**
 * The number a text means: null for '' (nothing), undefined for text that is not (yet) a number ('-', '1e3',
 * '1,5'); rounded to `precision` decimals when given.
 */
export function parseNumberText(text: string, precision?: number): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (!NUMBER.test(t)) return undefined;
  const n = Number(t);
  if (!Number.isFinite(n)) return undefined;
  if (precision === undefined) return n;
  // Rounded on the decimal text (half away from zero), so 1.005 to 2 decimals is 1.01, not float's 1.
  const scaled = Number(`${t.replace(/^[-+]/, '')}e${precision}`);
  const rounded = Number(`${Math.round(scaled)}e-${precision}`);
  return n < 0 && rounded !== 0 ? -rounded : rounded;
}

/** The text shown for a value ('' for none). */
export function numberText(value: unknown, precision?: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return precision === undefined ? String(value) : value.toFixed(precision);
}

export type PlainNumberInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max' | 'step'
> & {
  /** A number, or null for none (what antd's InputNumber gave an antd Form.Item). */
  value?: number | null;
  onChange?: (value: number | null) => void;
  min?: number;
  max?: number;
  /** What ArrowUp / ArrowDown add or take (1). */
  step?: number;
  /** Decimals kept: the value is rounded to them, and 0 asks phones for the digits-only keyboard. */
  precision?: number;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A number as a text input with the spin-button role (issue 20: the booking form without antd's InputNumber).
 * What the user types stays as typed (no float formatting while typing); each whole number typed is given to
 * `onChange` (rounded to `precision`), emptying gives null, and text that is not a number is not applied and
 * goes back to the value on blur. ArrowUp / ArrowDown step within min and max. min and max are not forced on
 * typed text: the form's rule says what is out of range. The error border follows `aria-invalid`, which an
 * antd Form.Item sets on its control while the field has an error.
 */
export function PlainNumberInput({
  value,
  onChange,
  min,
  max,
  step = 1,
  precision,
  className,
  onBlur,
  onKeyDown,
  ref,
  ...rest
}: PlainNumberInputProps) {
  const current = typeof value === 'number' && Number.isFinite(value) ? value : null;
  const [draft, setDraft] = useState(() => numberText(current, precision));
  // A value set from outside (a form reset, a copy) replaces the text unless the text already means it.
  useEffect(() => {
    setDraft((d) => (parseNumberText(d, precision) === current ? d : numberText(current, precision)));
  }, [current, precision]);

  const change = (text: string) => {
    setDraft(text);
    const n = parseNumberText(text, precision);
    if (n !== undefined && n !== current) onChange?.(n);
  };
  const bounded = (n: number) => Math.min(max ?? n, Math.max(min ?? n, n));
  const key = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented || rest.readOnly || rest.disabled) return;
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    const base = current ?? (min !== undefined && min > 0 ? min - step : 0);
    const next = bounded(
      parseNumberText(String(base + (e.key === 'ArrowUp' ? step : -step)), precision) ?? 0,
    );
    setDraft(numberText(next, precision));
    if (next !== current) onChange?.(next);
  };

  return (
    <input
      {...rest}
      ref={ref}
      type="text"
      role="spinbutton"
      inputMode={precision === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={current ?? undefined}
      className={className ? `plain-input plain-form-input ${className}` : 'plain-input plain-form-input'}
      value={draft}
      onChange={(e) => change(e.target.value)}
      onKeyDown={key}
      onBlur={(e) => {
        // Text that is no number (or more decimals than kept) shows the value again.
        setDraft(numberText(current, precision));
        onBlur?.(e);
      }}
    />
  );
}
