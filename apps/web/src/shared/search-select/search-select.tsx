import { SELECT_SEARCH_MIN_CHARS } from '@portal/contracts';
import type { AriaAttributes, CSSProperties, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDisabled } from '../plain/form-disabled';
import { PlainCombobox } from '../plain/plain-combobox';
import { useOptionSearch } from './use-option-search';

export interface SearchSelectProps {
  /** Which option list of POST /Master/GetInSelectionOptions, e.g. 'carrier', 'port', 'party'. */
  fetchOptionKey: string;
  /** The selected value; antd Form.Item sets it. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  /** The clear button (default on). */
  allowClear?: boolean;
  skipDataAccessCheck?: boolean;
  style?: CSSProperties;
  /** The input's id (antd Form.Item sets it, so the item's label names the field). */
  id?: string;
  /** Only where no visible label names the field: it would replace the label's name. */
  'aria-label'?: string;
  'aria-invalid'?: AriaAttributes['aria-invalid'];
  'aria-describedby'?: string;
  'aria-required'?: AriaAttributes['aria-required'];
  'data-testid'?: string;
  /** For tests: the wait after the last keystroke (default SELECT_SEARCH_DEBOUNCE_MS, 1.5 s). */
  debounceMs?: number;
  /** antd Form focuses the first field in error through it. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A choice whose options come from the server: it searches once at least 2 characters are typed, 1.5 s
 * after the last keystroke, shows "Loading..." meanwhile and "No record found" when nothing matches; saved
 * values show their labels. A plain combobox (issue 20: the detail pages load without antd's Select) that
 * works as an antd Form control; several values: SearchTagsField.
 */
export function SearchSelect(props: SearchSelectProps) {
  const { t } = useTranslation('list');
  const { fetchOptionKey, onChange, skipDataAccessCheck, debounceMs } = props;
  const value = props.value || undefined;
  const s = useOptionSearch({ fetchOptionKey, value, skipDataAccessCheck, debounceMs });
  // Disabled with its antd Form (a read-only booking), as antd's Select was.
  const disabled = useFormDisabled(props.disabled);
  const busy = s.phase === 'waiting' || s.phase === 'loading';
  const note = busy ? (
    <span data-testid="search-select-loading">
      <span className="plain-spinner" aria-hidden="true" />
      {t('select.loading')}
    </span>
  ) : s.phase === 'done' && s.foundCount === 0 ? (
    <span data-testid="search-select-empty">{t('select.noRecord')}</span>
  ) : s.phase === 'idle' && s.options.length === 0 ? (
    <span data-testid="search-select-hint">{t('select.typeMore', { min: SELECT_SEARCH_MIN_CHARS })}</span>
  ) : null;
  const options = s.options.map((o) => ({ value: o.value, label: o.text }));

  return (
    <PlainCombobox
      ref={props.ref}
      id={props.id}
      className="plain-combobox--block"
      value={value}
      valueLabel={value ? options.find((o) => o.value === value)?.label : undefined}
      // While a search runs only its note shows, not the last matches.
      options={busy ? [] : options}
      onSearch={s.search}
      loading={busy}
      status={note}
      openOnClick
      onChange={(v) => {
        s.remember(v ? [v] : []);
        onChange?.(v);
      }}
      placeholder={props.placeholder}
      disabled={disabled}
      allowClear={props.allowClear ?? true}
      style={props.style}
      aria-label={props['aria-label']}
      aria-invalid={props['aria-invalid']}
      aria-describedby={props['aria-describedby']}
      aria-required={props['aria-required']}
      data-testid={props['data-testid'] ?? `search-select-${fetchOptionKey}`}
    />
  );
}
