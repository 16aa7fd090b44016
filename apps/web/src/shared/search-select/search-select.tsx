import { SELECT_SEARCH_MIN_CHARS } from '@portal/contracts';
import { Select, Spin } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionSearch } from './use-option-search';

export interface SearchSelectProps {
  /** Which option list of POST /Master/GetInSelectionOptions, e.g. 'carrier', 'port', 'party'. */
  fetchOptionKey: string;
  /** The selected value (single) or values (multiple); antd Form.Item sets it. */
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  mode?: 'multiple';
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
 * A Select whose options come from the server: it searches once at least 2 characters are typed,
 * 1.5 s after the last keystroke, shows "Loading..." meanwhile and "No record found" when nothing
 * matches; saved values show their labels. Works as an antd Form control, single or multiple.
 */
export function SearchSelect(props: SearchSelectProps) {
  const { t } = useTranslation('list');
  const { fetchOptionKey, value, onChange, mode, skipDataAccessCheck, debounceMs } = props;
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
  const noteBox = note && <div style={{ padding: '5px 12px', color: 'rgba(0,0,0,0.45)' }}>{note}</div>;

  return (
    <Select<string | string[]>
      id={props.id}
      mode={mode}
      value={value ?? undefined}
      onChange={(v) => {
        const chosen = v == null ? [] : Array.isArray(v) ? v : [v];
        s.remember(chosen);
        onChange?.(v ?? undefined);
      }}
      options={s.options.map(toOption)}
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

const toOption = (o: { value: string; text: string }) => ({ value: o.value, label: o.text });
