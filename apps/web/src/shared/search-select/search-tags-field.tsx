import { SELECT_SEARCH_MIN_CHARS } from '@portal/contracts';
import type { AriaAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useItemState } from '../plain/form-fields';
import { RemovableTags } from '../plain/multi-fields';
import { PlainCombobox } from '../plain/plain-combobox';
import { useOptionSearch } from './use-option-search';

/**
 * Several records searched on the server as a form field (a party's target offices, a group's parties) without
 * antd's Select (issue 20): the chosen ones as tags with a named remove button, then a search box (the shared
 * combobox: the minimum characters, the server's matches after the pause) whose pick adds one. A Form.Item gives
 * `id` (the search box's, so the item's label names it), `value` (the keys) and `onChange`; disabled with the
 * Form.
 */
export function SearchTagsField({
  fetchOptionKey,
  removeLabel,
  id,
  value,
  onChange,
  disabled,
  placeholder,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  'data-testid': testId,
  listTestId,
  wrapperTestId,
  debounceMs,
}: {
  /** The option list searched (GET /options/{key}). */
  fetchOptionKey: string;
  /** The remove button's name for a chosen record ("Remove {{name}}"). */
  removeLabel: (name: string) => string;
  id?: string;
  value?: readonly string[] | null;
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  placeholder?: string;
  'aria-invalid'?: AriaAttributes['aria-invalid'];
  'aria-describedby'?: string;
  /** On the search box. */
  'data-testid'?: string;
  listTestId?: string;
  wrapperTestId?: string;
  /** For tests: the wait after the last keystroke (default SELECT_SEARCH_DEBOUNCE_MS). */
  debounceMs?: number;
}) {
  const { t } = useTranslation('list');
  const state = useItemState({ disabled, 'aria-invalid': invalid });
  const chosen = (value ?? []) as string[];
  const s = useOptionSearch({ fetchOptionKey, value: chosen, debounceMs });
  const textOf = (v: string) => s.options.find((o) => o.value === v)?.text ?? v;
  const busy = s.phase === 'waiting' || s.phase === 'loading';
  const matches = s.options
    .filter((o) => !chosen.includes(o.value) && s.phase === 'done')
    .map((o) => ({ value: o.value, label: o.text }));
  const note = busy ? (
    <span data-testid="search-select-loading">
      <span className="plain-spinner" aria-hidden="true" />
      {t('select.loading')}
    </span>
  ) : s.phase === 'done' && matches.length === 0 ? (
    <span data-testid="search-select-empty">{t('select.noRecord')}</span>
  ) : s.phase === 'idle' ? (
    <span data-testid="search-select-hint">{t('select.typeMore', { min: SELECT_SEARCH_MIN_CHARS })}</span>
  ) : null;
  const set = (next: string[]) => {
    s.remember(next);
    onChange?.(next);
  };
  return (
    <div className="fields-code-tags" data-testid={wrapperTestId}>
      <RemovableTags
        items={chosen}
        textOf={textOf}
        removeLabel={removeLabel}
        disabled={state.disabled}
        onRemove={(v) => set(chosen.filter((x) => x !== v))}
        data-testid={listTestId}
      />
      <PlainCombobox
        id={id}
        className="plain-combobox--block"
        value={undefined}
        options={matches}
        onSearch={s.search}
        loading={busy}
        status={note}
        openOnClick
        onChange={(v) => {
          if (v && !chosen.includes(v)) set([...chosen, v]);
        }}
        placeholder={placeholder}
        disabled={state.disabled}
        aria-invalid={state['aria-invalid']}
        aria-describedby={describedBy}
        data-testid={testId}
      />
    </div>
  );
}
