import { SELECT_SEARCH_MIN_CHARS } from '@portal/contracts';
import { Select, Spin } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionSearch } from './use-option-search';

export interface SearchMultiSelectProps {
  /** Which option list of POST /Master/GetInSelectionOptions, e.g. 'office', 'party'. */
  fetchOptionKey: string;
  /** The selected values; antd Form.Item sets it. */
  value?: string[] | null;
  onChange?: (value: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  skipDataAccessCheck?: boolean;
  style?: CSSProperties;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  /** For tests: the wait after the last keystroke (default SELECT_SEARCH_DEBOUNCE_MS, 1.5 s). */
  debounceMs?: number;
}

/**
 * SearchSelect for several values (a party's target offices, a party group's members): antd's Select in
 * `multiple` mode, the chosen values as removable tags. Kept apart from the single-value SearchSelect (a
 * plain combobox, issue 20), so only the two screens that pick several values load antd's Select.
 */
export function SearchMultiSelect(props: SearchMultiSelectProps) {
  const { t } = useTranslation('list');
  const { fetchOptionKey, value, onChange, skipDataAccessCheck, debounceMs } = props;
  const s = useOptionSearch({ fetchOptionKey, value, skipDataAccessCheck, debounceMs });
  const busy = s.phase === 'waiting' || s.phase === 'loading';
  const note = busy ? (
    <span data-testid="search-select-loading">
      <Spin size="small" /> {t('select.loading')}
    </span>
  ) : s.phase === 'done' && s.foundCount === 0 ? (
    <span data-testid="search-select-empty">{t('select.noRecord')}</span>
  ) : s.phase === 'idle' && s.options.length === 0 ? (
    <span data-testid="search-select-hint">{t('select.typeMore', { min: SELECT_SEARCH_MIN_CHARS })}</span>
  ) : null;
  const noteBox = note && <div style={{ padding: '5px 12px', color: 'rgba(0,0,0,0.58)' }}>{note}</div>;

  return (
    <Select<string[]>
      id={props.id}
      mode="multiple"
      value={value ?? undefined}
      onChange={(v) => {
        const chosen = v ?? [];
        s.remember(chosen);
        onChange?.(chosen);
      }}
      options={s.options.map((o) => ({ value: o.value, label: o.text }))}
      showSearch={{ filterOption: false, onSearch: s.search }}
      onOpenChange={(open) => {
        if (!open) s.search('');
      }}
      notFoundContent={note ?? t('select.noRecord')}
      popupRender={(menu) =>
        busy && s.options.length ? (
          noteBox
        ) : s.options.length ? (
          <>
            {noteBox}
            {menu}
          </>
        ) : (
          menu
        )
      }
      placeholder={props.placeholder}
      disabled={props.disabled}
      allowClear={props.allowClear ?? true}
      style={props.style}
      aria-label={props['aria-label']}
      data-testid={props['data-testid'] ?? `search-select-${fetchOptionKey}`}
    />
  );
}
