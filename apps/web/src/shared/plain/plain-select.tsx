import type { SelectHTMLAttributes } from 'react';
import './plain.css';

export interface PlainOption {
  value: string;
  label: string;
}

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: readonly PlainOption[];
  /** The empty choice's text ("Office"): shown when nothing is chosen and, with `allowClear`, to clear. */
  placeholder?: string;
  allowClear?: boolean;
  /** A value the options do not list (a shared link's code before the options load) still shows. */
  keepUnknown?: boolean;
};

/**
 * A native select in the theme's look (issue 20: a filter choice without antd's Select). The browser gives
 * the keyboard (type-ahead, arrows, Alt+Down), the screen-reader semantics and the phone's own picker.
 */
export function PlainSelect({
  value,
  onChange,
  options,
  placeholder,
  allowClear,
  keepUnknown = true,
  className,
  ...rest
}: Props) {
  const list =
    keepUnknown && value && !options.some((o) => o.value === value)
      ? [{ value, label: value }, ...options]
      : options;
  const empty = allowClear || !value;
  return (
    <select
      {...rest}
      className={className ? `plain-select ${className}` : 'plain-select'}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    >
      {empty && <option value="">{placeholder ?? ''}</option>}
      {list.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
