import { type CSSProperties, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlainOption } from './plain-select';
import './plain.css';

export interface PlainComboboxProps {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The matches of the current search (the caller searches: a server lookup after a pause). */
  options: readonly PlainOption[];
  /** The chosen value's text when the options may not hold it (a saved filter's code resolved to its name). */
  valueLabel?: string;
  /** Called with the typed text; '' when the list closes. */
  onSearch: (text: string) => void;
  /** The search is waiting for or loading its matches. */
  loading?: boolean;
  placeholder?: string;
  'aria-label': string;
  /** Shown when there are no matches (e.g. "Type 2 characters"). */
  emptyText?: string;
  allowClear?: boolean;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * A search-as-you-type choice (WAI-ARIA 1.2 combobox with a list box; issue 20: without antd's Select).
 * Typing searches; Down/Up move through the matches, Enter picks, Escape closes and gives back the chosen
 * value's text; the clear button empties it.
 */
export function PlainCombobox({
  value,
  onChange,
  options,
  valueLabel,
  onSearch,
  loading,
  placeholder,
  emptyText,
  allowClear,
  style,
  ...aria
}: PlainComboboxProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const chosen = value ? (valueLabel ?? options.find((o) => o.value === value)?.label ?? value) : '';
  const testId = aria['data-testid'];
  const close = () => {
    setOpen(false);
    setText(null);
    setActive(-1);
    onSearch('');
  };
  const pick = (o: PlainOption) => {
    onChange(o.value);
    close();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (!options.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + options.length) % options.length);
    } else if (e.key === 'Enter' && open && active >= 0 && options[active]) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape' && (open || text !== null)) {
      e.preventDefault();
      close();
    }
  };
  const status = loading ? t('plain.searching') : options.length ? '' : (emptyText ?? t('plain.noOptions'));
  return (
    <span className="plain-combobox" style={style}>
      <input
        className="plain-input"
        role="combobox"
        aria-label={aria['aria-label']}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-busy={loading || undefined}
        placeholder={placeholder}
        value={text ?? chosen}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
          setOpen(true);
          onSearch(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        data-testid={testId}
      />
      {allowClear && value && (
        <button
          type="button"
          className="plain-combobox-clear"
          aria-label={`${t('plain.clear')}: ${aria['aria-label']}`}
          onClick={() => onChange(undefined)}
          data-testid={testId ? `${testId}-clear` : undefined}
        >
          ×
        </button>
      )}
      <div className="plain-combobox-popup" hidden={!open}>
        <div id={listId} role="listbox" aria-label={aria['aria-label']} className="plain-listbox">
          {options.map((o, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: options stay in the input's focus (aria-activedescendant)
            <div
              key={o.value}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={o.value === value}
              className={i === active ? 'plain-option plain-option--active' : 'plain-option'}
              // Picked on mouse down, before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(o);
              }}
            >
              {o.label}
            </div>
          ))}
        </div>
        {status && (
          <div className="plain-combobox-status" role="status">
            {status}
          </div>
        )}
      </div>
    </span>
  );
}
