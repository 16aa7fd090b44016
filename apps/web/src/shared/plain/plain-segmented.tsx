import { useEffect, useId, useState } from 'react';
import type { PlainOption } from './plain-select';
import './plain.css';

/**
 * One of a few choices side by side (issue 20: antd's Segmented without antd): native radio buttons in a
 * labelled group, so arrows move the choice and a screen reader reads "2 of 3".
 */
export function PlainSegmented({
  value,
  options,
  onChange,
  'aria-label': label,
  'data-testid': testId,
  optionTestId,
  size,
}: {
  value: string;
  options: readonly PlainOption[];
  onChange: (value: string) => void;
  'aria-label': string;
  'data-testid'?: string;
  /** A test id for each choice's radio input. */
  optionTestId?: (value: string) => string;
  /** antd's `size="small"`. */
  size?: 'small';
}) {
  const name = useId();
  // Shown at once: the owner's value may follow later (a URL update in a transition).
  const [shown, setShown] = useState(value);
  useEffect(() => setShown(value), [value]);
  return (
    <div
      className={size ? `plain-segmented plain-segmented--${size}` : 'plain-segmented'}
      role="radiogroup"
      aria-label={label}
      data-testid={testId}
    >
      {options.map((o) => (
        <label
          key={o.value}
          className={o.value === shown ? 'plain-segment plain-segment--on' : 'plain-segment'}
        >
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === shown}
            data-testid={optionTestId?.(o.value)}
            onChange={() => {
              setShown(o.value);
              onChange(o.value);
            }}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
