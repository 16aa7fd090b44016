import { SearchOutlined } from '@ant-design/icons';
import { matchedPrefixLength, type TSearchDocumentsResponse, type TSearchHit } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../api/http';
import { CODES_NS, statusWord } from '../i18n/code-words';
import { useSaveSmartSearch, useSmartSearchHistory } from '../list/preference-api';
import '../plain/plain.css';
import './global-search.css';

/** Hits asked for per keystroke (all kinds together). */
const LIMIT = 20;
/** Wait this long after the last keystroke before asking the server. */
const DEBOUNCE_MS = 120;

/** True when a key press lands in something the user is typing into (the `/` shortcut must not fire). */
function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/** The number with its matched beginning marked. */
function Highlighted({ text, query }: { text: string; query: string }) {
  const n = matchedPrefixLength(text, query);
  if (n === 0) return <>{text}</>;
  return (
    <>
      <mark className="global-search-mark">{text.slice(0, n)}</mark>
      {text.slice(n)}
    </>
  );
}

/** Key dates in reading order (the index stores them as JSON, whose key order is not kept). */
const DATE_ORDER = ['etd', 'eta', 'invoiceDate', 'dueDate'];
const dateRank = (key: string) => {
  const i = DATE_ORDER.indexOf(key);
  return i < 0 ? DATE_ORDER.length : i;
};

type Option = { type: 'hit'; id: string; hit: TSearchHit } | { type: 'recent'; id: string; text: string };

/**
 * The header's global search (docs/search.md): finds any document by a prefix of any of its numbers as you
 * type, grouped by kind. `/` or ctrl+K focuses it; arrows move, Enter opens, Escape closes. An empty box
 * offers the recent smart searches. ARIA combobox with a listbox popup.
 */
export function GlobalSearch() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const baseId = useId();
  const listId = `${baseId}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Read when the box first opens, not on every page load.
  const [wanted, setWanted] = useState(false);
  const history = useSmartSearchHistory(wanted);
  const remember = useSaveSmartSearch();
  // Status words from the codes catalogue (issue 39: every kind's statuses in one place): loaded when the box is
  // first used, not with every page, and without suspending the header while it loads.
  const { t: ts } = useTranslation(wanted ? CODES_NS : 'common', { useSuspense: false });

  useEffect(() => {
    const id = window.setTimeout(() => setQuery(text.trim()), DEBOUNCE_MS);
    return () => window.clearTimeout(id);
  }, [text]);

  // `/` (outside a text field) and ctrl+K / cmd+K focus the box from anywhere in the shell.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const ctrlK = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k';
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typingInto(e.target);
      if (!ctrlK && !slash) return;
      e.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const result = useQuery({
    queryKey: ['global-search', query],
    queryFn: ({ signal }) =>
      api.get<TSearchDocumentsResponse>('/Search/documents', { q: query, limit: LIMIT }, { signal }),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const groups = query && result.data ? result.data.groups : [];

  const options: Option[] = useMemo(() => {
    if (!text.trim()) {
      return (history.data ?? []).slice(0, 8).map((h, i) => ({
        type: 'recent' as const,
        id: `${baseId}-recent-${i}`,
        text: h.search_text,
      }));
    }
    return groups.flatMap((g) =>
      g.hits.map((hit) => ({ type: 'hit' as const, id: `${baseId}-${hit.kind}-${hit.id}`, hit })),
    );
  }, [text, groups, history.data, baseId]);

  // A new answer starts on its first row, so Enter opens the best match.
  useEffect(() => setActive(options.length && options[0].type === 'hit' ? 0 : -1), [options]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (o: Option | undefined) => {
    if (!o) return;
    if (o.type === 'recent') {
      setText(o.text);
      setQuery(o.text.trim());
      return;
    }
    if (text.trim()) remember.mutate(text.trim());
    close();
    setText('');
    inputRef.current?.blur();
    navigate(o.hit.href);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (!options.length) return;
      const delta = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) =>
        a < 0 ? (delta > 0 ? 0 : options.length - 1) : (a + delta + options.length) % options.length,
      );
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(options[active] ?? (options[0]?.type === 'hit' ? options[0] : undefined));
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
      inputRef.current?.blur();
    }
  };

  const statusText = (hit: TSearchHit) => (hit.status ? statusWord(ts, hit.kind, hit.status) : null);
  const dateText = (hit: TSearchHit) =>
    Object.entries(hit.dates)
      .filter(([, v]) => v)
      .sort(([a], [b]) => dateRank(a) - dateRank(b))
      .map(([k, v]) => `${t(`search.date.${k}`, { defaultValue: k.toUpperCase() })} ${v}`)
      .join(' · ');

  const showList = open && (options.length > 0 || (query.length > 0 && !result.isFetching));
  const activeId = active >= 0 ? options[active]?.id : undefined;
  const optionRow = (o: Option) => {
    const index = options.indexOf(o);
    const selected = index === active;
    const common = {
      id: o.id,
      role: 'option' as const,
      'aria-selected': selected,
      className: `global-search-option${selected ? ' global-search-option-active' : ''}`,
      // mousedown, not click: the input keeps focus (blur would close the list first).
      onMouseDown: (e: React.MouseEvent) => {
        e.preventDefault();
        choose(o);
      },
      onMouseEnter: () => setActive(index),
    };
    if (o.type === 'recent') {
      return (
        <div key={o.id} {...common} data-testid="global-search-recent">
          {o.text}
        </div>
      );
    }
    const { hit } = o;
    const status = statusText(hit);
    const dates = dateText(hit);
    return (
      <div key={o.id} {...common} data-testid="global-search-hit" data-kind={hit.kind} data-href={hit.href}>
        <div className="global-search-line">
          <strong>
            <Highlighted text={hit.display_no} query={hit.number === hit.display_no ? query : ''} />
          </strong>
          {status ? <span className="global-search-status">{status}</span> : null}
          {dates ? <span className="global-search-dates">{dates}</span> : null}
        </div>
        {hit.number !== hit.display_no ? (
          <div className="global-search-sub">
            {t(`search.field.${hit.field}`, { defaultValue: hit.field })}:{' '}
            <Highlighted text={hit.number} query={query} />
          </div>
        ) : null}
        {hit.subtitle ? <div className="global-search-sub">{hit.subtitle}</div> : null}
      </div>
    );
  };

  return (
    <div className="global-search" data-testid="global-search">
      {/* A native input (no antd in the shell: issue 20's route budget), styled like antd's with prefix and clear. */}
      <span className="global-search-box">
        <SearchOutlined aria-hidden className="global-search-icon" />
        <input
          ref={inputRef}
          className="plain-input global-search-input"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            setOpen(true);
            setWanted(true);
          }}
          onBlur={close}
          onKeyDown={onKeyDown}
          placeholder={t('search.placeholder')}
          role="combobox"
          aria-label={t('search.label')}
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList ? activeId : undefined}
          autoComplete="off"
          spellCheck={false}
          data-testid="global-search-input"
        />
        {text ? (
          <button
            type="button"
            className="global-search-clear"
            aria-label={t('search.clear')}
            tabIndex={-1}
            // mousedown: the input keeps the focus.
            onMouseDown={(e) => {
              e.preventDefault();
              setText('');
              inputRef.current?.focus();
            }}
          >
            ×
          </button>
        ) : null}
      </span>
      {showList ? (
        <div id={listId} role="listbox" aria-label={t('search.results')} className="global-search-popup">
          {!text.trim() ? (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group (ARIA listbox pattern), a fieldset is a form control group
            <div role="group" aria-labelledby={`${listId}-recent`}>
              <div id={`${listId}-recent`} className="global-search-group" role="presentation">
                {t('search.recent')}
              </div>
              {options.map(optionRow)}
            </div>
          ) : groups.length === 0 ? (
            <div className="global-search-empty" role="presentation" data-testid="global-search-empty">
              {t('search.none')}
            </div>
          ) : (
            groups.map((g) => (
              // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group (ARIA listbox pattern), a fieldset is a form control group
              <div key={g.kind} role="group" aria-labelledby={`${listId}-${g.kind}`}>
                <div id={`${listId}-${g.kind}`} className="global-search-group" role="presentation">
                  {t(`search.kind.${g.kind}`, { defaultValue: g.kind })}
                </div>
                {options.filter((o) => o.type === 'hit' && o.hit.kind === g.kind).map(optionRow)}
              </div>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
