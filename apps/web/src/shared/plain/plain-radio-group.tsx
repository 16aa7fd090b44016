import { useId } from 'react';
import { useFormDisabled } from './form-disabled';
import type { PlainOption } from './plain-select';
import './plain.css';

/**
 * One of a few choices as a form field (issue 20: antd's `Radio.Group` without antd): native radios in a
 * `radiogroup`, as buttons side by side (`optionType="button"`, antd's solid button style) or as a list.
 * Inside an antd Form.Item it takes `id`, `value` and `onChange` (called with the value); the group is named
 * by `aria-label` or by the Form.Item's label (`aria-labelledby` its id, `<id>_label`, set by the caller).
 * Disabled with the form.
 */
export function PlainRadioGroup({
  id,
  value,
  onChange,
  options,
  optionType = 'default',
  direction = 'horizontal',
  disabled,
  'aria-label': ariaLabel,
  'aria-labelledby': labelledBy,
  'aria-invalid': invalid,
  'data-testid': testId,
  optionTestId,
}: {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  options: readonly (PlainOption & { disabled?: boolean })[];
  optionType?: 'default' | 'button';
  direction?: 'horizontal' | 'vertical';
  disabled?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'data-testid'?: string;
  /** A test id for each choice's radio input. */
  optionTestId?: (value: string) => string;
}) {
  const name = useId();
  const off = useFormDisabled(disabled);
  const button = optionType === 'button';
  const cls = button
    ? 'plain-segmented plain-radio-buttons'
    : `plain-radio-list${direction === 'horizontal' ? ' plain-radio-list--row' : ''}`;
  return (
    <div
      id={id}
      className={cls}
      role="radiogroup"
      aria-label={ariaLabel}
      aria-labelledby={ariaLabel ? undefined : labelledBy}
      aria-invalid={invalid}
      aria-disabled={off || undefined}
      data-testid={testId}
    >
      {options.map((o) => {
        const on = o.value === value;
        return (
          <label
            key={o.value}
            className={button ? (on ? 'plain-segment plain-segment--on' : 'plain-segment') : undefined}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={on}
              disabled={off || o.disabled}
              data-testid={optionTestId?.(o.value)}
              onChange={() => onChange?.(o.value)}
            />
            {o.label}
          </label>
        );
      })}
    </div>
  );
}
