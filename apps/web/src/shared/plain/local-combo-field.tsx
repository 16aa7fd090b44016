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
  const matches = q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
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
      allowClear={allowClear}
      disabled={off}
    />
  );
}
