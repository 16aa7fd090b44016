import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MsgText } from '../i18n/msg-text';
import { useSaveSmartSearch, useSmartSearchHistory } from './preference-api';
import './search-bar.css';

export interface SmartSearchInputProps {
  value: string;
  onChange: (text: string) => void;
  /** Runs the search; a non-empty text is also saved to the user's smart search history. */
  onSearch: (text: string) => void;
  placeholder?: string;
  width?: number;
  /**
   * The shortest text the list's server searches (e.g. INVOICE_SEARCH_MIN_CHARS): shorter text is not sent,
   * the box says how many characters it needs instead (the server would answer 400 msgSearchTooShort).
   */
  minChars?: number;
}

/**
 * The smart search box: free text with the user's recent searches offered as suggestions. A WAI-ARIA
 * combobox of a native input and a listbox (issue 20: antd's AutoComplete and Input.Search brought antd's
 * Select, virtual list and Input to every list's first load): ↓/↑ move through the recent searches, Enter
 * picks one (or searches the text), Esc closes the list.
 */
export function SmartSearchInput({
  value,
  onChange,
  onSearch,
  placeholder,
  width = 360,
  minChars = 0,
}: SmartSearchInputProps) {
  const { t } = useTranslation('list');
  const history = useSmartSearchHistory();
  const remember = useSaveSmartSearch();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [tooShort, setTooShort] = useState(false);
  const id = useId();
  const listId = `${id}-recent`;
  const needle = value.trim().toLowerCase();
  const recent = (history.data ?? []).filter((h) => !needle || h.search_text.toLowerCase().includes(needle));
  const shown = open && recent.length > 0;

  const run = (text: string) => {
    const trimmed = text.trim();
    const short = trimmed.length > 0 && trimmed.length < minChars;
    setTooShort(short);
    if (short) return;
    if (trimmed) remember.mutate(trimmed);
    onSearch(trimmed);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (text: string) => {
    onChange(text);
    close();
    run(text);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!recent.length) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the text itself (no option active): ↑ from it goes to the last option, ↓ from the last back to it.
      setActive((i) => {
        const next = i + step;
        return next < -1 ? recent.length - 1 : next >= recent.length ? -1 : next;
      });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const chosen = shown && active >= 0 ? recent[active] : undefined;
      if (chosen) pick(chosen.search_text);
      else {
        close();
        run(value);
      }
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  return (
    <div className="portal-smart-search" style={{ width }} data-testid="smart-search">
      <div className="portal-search-group" data-testid="search-input">
        <input
          type="text"
          role="combobox"
          aria-expanded={shown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
          aria-label={t('search')}
          aria-invalid={tooShort || undefined}
          aria-describedby={tooShort ? `${id}-short` : undefined}
          placeholder={placeholder ?? t('searchPlaceholder')}
          value={value}
          autoComplete="off"
          onChange={(e) => {
            setTooShort(false);
            onChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onClick={() => setOpen(true)}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        {value && (
          <button
            type="button"
            className="portal-search-clear"
            aria-label={t('clearSearch')}
            onClick={() => {
              onChange('');
              run('');
            }}
          >
            <span aria-hidden>×</span>
          </button>
        )}
        <button type="button" className="portal-search-button" onClick={() => run(value)}>
          {t('search')}
        </button>
      </div>
      {tooShort && (
        <div
          id={`${id}-short`}
          role="alert"
          className="portal-smart-search-short"
          data-testid="search-too-short"
        >
          <MsgText msgKey="msgSearchTooShort" params={{ min: minChars }} />
        </div>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label={t('smartSearch.recent')}
        className="portal-smart-search-list"
        hidden={!shown}
      >
        <div className="portal-smart-search-group" aria-hidden>
          {t('smartSearch.recent')}
        </div>
        {recent.map((h, i) => (
          // biome-ignore lint/a11y/useFocusableInteractive: combobox options stay in the input's focus (aria-activedescendant)
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the input's (↓/↑, Enter, Esc)
          <div
            key={h.search_text}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="portal-smart-search-option"
            // Keep the focus in the input (a blur would close the list before the click lands).
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(h.search_text)}
          >
            <span data-testid="search-history-option">{h.search_text}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
