import {
  type AriaAttributes,
  type ChangeEvent,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { PlainOption } from './plain-select';
import { usePopupPlace } from './popup-place';
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
  /** The input's id: an antd Form.Item's `<label for>` names the combobox through it. */
  id?: string;
  /** Without it the input's own `<label>` names the combobox (and its list and clear button). */
  'aria-label'?: string;
  /** Set by an antd Form.Item: errors (red border), help text, required. */
  'aria-invalid'?: AriaAttributes['aria-invalid'];
  'aria-describedby'?: string;
  'aria-required'?: AriaAttributes['aria-required'];
  /** Shown when there are no matches (e.g. "Type 2 characters"). */
  emptyText?: string;
  /** The line under the options instead of the default (searching / emptyText); null for none. */
  status?: ReactNode;
  allowClear?: boolean;
  disabled?: boolean;
  /** A click opens the list (a form's select: shows the chosen option or the typing hint). */
  openOnClick?: boolean;
  className?: string;
  style?: CSSProperties;
  ref?: Ref<HTMLInputElement>;
  /**
   * The list is fixed to the window at the input (Floating UI's `fixed` strategy) instead of placed in the
   * input's box: for a combobox in a scrolling table whose overflow would clip the list (invoice charge lines).
   */
  floatingPopup?: boolean;
  'data-testid'?: string;
}

/**
 * A search-as-you-type choice (WAI-ARIA 1.2 combobox with a list box, the APG's "list autocomplete" pattern;
 * issue 20: without antd's Select). Issue 39: the list is placed by Floating UI (`usePopupPlace`:
 * `flip`/`shift`/`size`, loaded when a list first opens), so a card, a dialog or the bottom of the window never
 * clips it (it opens above the input when there is more room there, and is never taller than the room it has);
 * it stays in the input's box and scrolls with the page, or, `floatingPopup`, is fixed to the window and follows
 * the input while a clipping table scrolls.
 * Typing searches; Down/Up move through the matches (the active option named by `aria-activedescendant` while
 * the focus stays in the input; Down on a closed field opens it with the first match active), Enter picks,
 * Escape closes and gives back the chosen value's text without closing a dialog around it, a press outside or
 * Tab closes; a click on an option picks it; the clear button empties it. Works as an antd Form.Item control
 * (id, aria-invalid). The keys are this file's (tested in plain-controls.test.tsx and the combobox journey):
 * Floating UI's interactions package or a combobox library would put 10-20 KB more on the heaviest screens,
 * over their bench:js budget (docs/decisions.md, issue 39 "combo").
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
  status: statusNote,
  allowClear,
  disabled,
  openOnClick,
  className,
  style,
  ref,
  id: givenId,
  floatingPopup,
  ...aria
}: PlainComboboxProps) {
  const { t } = useTranslation('common');
  const ownId = useId();
  const id = givenId ?? ownId;
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const inputEl = useRef<HTMLInputElement | null>(null);
  const popupEl = useRef<HTMLDivElement | null>(null);
  const close = () => {
    setOpen(false);
    setText(null);
    setActive(-1);
    onSearch('');
  };
  usePopupPlace(open, inputEl, popupEl, 'list', floatingPopup ? 'fixed' : 'absolute');
  // The active option stays in view while the arrows move through a long list.
  useEffect(() => {
    if (open && active >= 0)
      document.getElementById(`${id}-opt-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, id]);
  // The caller's ref (an antd Form.Item's, often a new callback on every render) is set beside the input's own.
  useLayoutEffect(() => {
    if (!ref) return;
    const node = inputEl.current;
    if (typeof ref === 'function') {
      const cleanup = ref(node);
      return () => {
        if (typeof cleanup === 'function') cleanup();
        else ref(null);
      };
    }
    ref.current = node;
    return () => {
      ref.current = null;
    };
  }, [ref]);
  // Named by a <label for> (a form field): the list box and the clear button take the label's text.
  const [labelText, setLabelText] = useState('');
  useEffect(() => {
    const input = document.getElementById(id);
    const label = input instanceof HTMLInputElement ? (input.labels?.[0]?.textContent ?? '') : '';
    setLabelText((old) => (old === label ? old : label));
  });
  const name = aria['aria-label'] ?? (labelText || placeholder || t('plain.options'));
  const chosen = value ? (valueLabel ?? options.find((o) => o.value === value)?.label ?? value) : '';
  const testId = aria['data-testid'];
  const pick = (o: PlainOption) => {
    onChange(o.value);
    close();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(options.length ? (e.key === 'ArrowDown' ? 0 : options.length - 1) : -1);
        return;
      }
      if (!options.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((at) =>
        at < 0 && step < 0 ? options.length - 1 : (at + step + options.length) % options.length,
      );
    } else if (e.key === 'Enter' && open) {
      // An open list takes Enter: it picks the active match and never submits the surrounding form.
      e.preventDefault();
      if (active >= 0 && options[active]) pick(options[active]);
    } else if (e.key === 'Escape' && (open || text !== null)) {
      // Closing the list only, not the dialog around it.
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };
  const status =
    statusNote !== undefined
      ? statusNote
      : loading
        ? t('plain.searching')
        : options.length
          ? ''
          : (emptyText ?? t('plain.noOptions'));
  return (
    <span className={className ? `plain-combobox ${className}` : 'plain-combobox'} style={style}>
      <input
        ref={inputEl}
        id={id}
        className="plain-input"
        role="combobox"
        autoComplete="off"
        aria-label={aria['aria-label']}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby'] || undefined}
        aria-required={aria['aria-required']}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 && options[active] ? `${id}-opt-${active}` : undefined}
        aria-busy={loading || undefined}
        placeholder={placeholder}
        disabled={disabled}
        value={text ?? chosen}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          setText(e.target.value);
          setActive(-1);
          setOpen(true);
          onSearch(e.target.value);
        }}
        onClick={(e) => {
          if (!openOnClick) return;
          // The chosen value's text is selected, so typing replaces it with a search.
          if (text === null) e.currentTarget.select();
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        // Tab (or any other way the focus leaves) closes the list; a press on the list keeps the focus here.
        onBlur={close}
        data-testid={testId}
      />
      {allowClear && value && !disabled && (
        <button
          type="button"
          className="plain-combobox-clear"
          aria-label={`${t('plain.clear')}: ${name}`}
          onClick={() => onChange(undefined)}
          data-testid={testId ? `${testId}-clear` : undefined}
        >
          ×
        </button>
      )}
      {
        // biome-ignore lint/a11y/noStaticElementInteractions: a press on the list keeps the focus in the input
        <div
          ref={popupEl}
          className="plain-combobox-popup"
          // A press on the list (an option, its scroll bar) keeps the focus in the input.
          onMouseDown={(e) => e.preventDefault()}
          hidden={!open}
          data-testid={testId ? `${testId}-popup` : undefined}
        >
          <div id={listId} role="listbox" aria-label={name} className="plain-listbox">
            {options.map((o, i) => (
              // biome-ignore lint/a11y/useFocusableInteractive: options stay in the input's focus (aria-activedescendant)
              // biome-ignore lint/a11y/useKeyWithClickEvents: the input's keys pick (Enter on the active option)
              <div
                key={o.value}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={o.value === value}
                className={i === active ? 'plain-option plain-option--active' : 'plain-option'}
                onClick={() => pick(o)}
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
      }
    </span>
  );
}
