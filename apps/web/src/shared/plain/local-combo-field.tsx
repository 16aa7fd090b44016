import { type AriaAttributes, type CSSProperties, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDisabled } from './form-disabled';
import { PlainCombobox } from './plain-combobox';
import type { PlainOption } from './plain-select';

/**
 * One of a longer list of fixed choices, found by typing (antd's `Select showSearch` without antd): a plain
 * combobox whose matches are the options whose text holds what is typed. An antd Form.Item gives `id` (so its
 * label names the field), `value`, `onChange` and `aria-invalid`; disabled with the Form.
 */
export function LocalComboField({
  value,
  onChange,
  options,
  disabled,
  allowClear,
  loading,
  ref,
  className = 'plain-combobox--block',
  style,
  filter,
  floatingPopup,
  ...aria
}: {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  options: readonly PlainOption[];
  disabled?: boolean;
  allowClear?: boolean;
  loading?: boolean;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  /** Default: the full width of the form's column. */
  className?: string;
  style?: CSSProperties;
  /** The matches of a typed text (default: options whose text holds it, in their order). */
  filter?: (options: readonly PlainOption[], query: string) => readonly PlainOption[];
  /** The list floats above a scrolling container that would clip it (PlainCombobox floatingPopup). */
  floatingPopup?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: AriaAttributes['aria-invalid'];
  'aria-describedby'?: string;
  'aria-required'?: AriaAttributes['aria-required'];
  'data-testid'?: string;
}) {
  const { t } = useTranslation('list');
  const [query, setQuery] = useState('');
  const off = useFormDisabled(disabled);
  const q = query.trim().toLowerCase();
  const matches = !q
    ? options
    : filter
      ? filter(options, q)
      : options.filter((o) => o.label.toLowerCase().includes(q));
  return (
    <PlainCombobox
      {...aria}
      ref={ref}
      className={className}
      style={style}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v)}
      options={matches}
      valueLabel={value ? options.find((o) => o.value === value)?.label : undefined}
      onSearch={setQuery}
      loading={loading}
      emptyText={t('select.noRecord')}
      openOnClick
      floatingPopup={floatingPopup}
      allowClear={allowClear}
      disabled={off}
    />
  );
}
