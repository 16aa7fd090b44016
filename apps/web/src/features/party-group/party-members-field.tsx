import { SELECT_SEARCH_MIN_CHARS } from '@portal/contracts';
import type { AriaAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDisabled } from '../../shared/plain/form-disabled';
import { PlainCombobox } from '../../shared/plain/plain-combobox';
import { PlainTag } from '../../shared/plain/plain-tag';
import { useOptionSearch } from '../../shared/search-select/use-option-search';
import '../../shared/plain/multi-fields.css';

/**
 * The group's member parties (issue 20: SearchMultiSelect without antd's Select): the chosen parties as tags
 * with a remove button, and a party search (a plain combobox: 2 characters, the server's matches after the
 * pause) that adds the one picked. An antd Form.Item gives `id` (the search box's, so the item's label names
 * it), `value` (the party ids) and `onChange`; disabled with the Form.
 */
export function PartyMembersField({
  id,
  value,
  onChange,
  placeholder,
  disabled,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  'data-testid': testId,
}: {
  id?: string;
  value?: string[] | null;
  onChange?: (value: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  'aria-invalid'?: AriaAttributes['aria-invalid'];
  'aria-describedby'?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('party-group');
  const { t: tl } = useTranslation('list');
  const chosen = value ?? [];
  const s = useOptionSearch({ fetchOptionKey: 'party', value: chosen });
  const off = useFormDisabled(disabled);
  const busy = s.phase === 'waiting' || s.phase === 'loading';
  const labelOf = new Map(s.options.map((o) => [o.value, o.text]));
  const matches = s.options
    .filter((o) => !chosen.includes(o.value))
    .map((o) => ({ value: o.value, label: o.text }));
  const note = busy ? (
    <span data-testid="search-select-loading">
      <span className="plain-spinner" aria-hidden="true" />
      {tl('select.loading')}
    </span>
  ) : s.phase === 'done' && matches.length === 0 ? (
    <span data-testid="search-select-empty">{tl('select.noRecord')}</span>
  ) : s.phase === 'idle' && matches.length === 0 ? (
    <span data-testid="search-select-hint">{tl('select.typeMore', { min: SELECT_SEARCH_MIN_CHARS })}</span>
  ) : null;
  const set = (next: string[]) => {
    s.remember(next);
    onChange?.(next);
  };
  return (
    <div className="fields-code-tags">
      {chosen.length > 0 && (
        <ul className="fields-code-tags-list" data-testid={testId ? `${testId}-chosen` : undefined}>
          {chosen.map((v) => (
            <li key={v}>
              <PlainTag>
                {labelOf.get(v) ?? v}
                {!off && (
                  <button
                    type="button"
                    className="fields-code-tags-remove"
                    aria-label={t('removeParty', { name: labelOf.get(v) ?? v })}
                    onClick={() => set(chosen.filter((x) => x !== v))}
                  >
                    ×
                  </button>
                )}
              </PlainTag>
            </li>
          ))}
        </ul>
      )}
      <PlainCombobox
        id={id}
        className="plain-combobox--block"
        value={undefined}
        options={busy ? [] : matches}
        onSearch={s.search}
        loading={busy}
        status={note}
        openOnClick
        onChange={(v) => {
          if (v && !chosen.includes(v)) set([...chosen, v]);
        }}
        placeholder={placeholder}
        disabled={off}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        data-testid={testId}
      />
    </div>
  );
}
