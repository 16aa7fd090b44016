import {
  autoUpdate,
  FloatingPortal,
  flip,
  offset,
  shift,
  size,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
} from '@floating-ui/react';
import {
  type AriaAttributes,
  type ChangeEvent,
  type CSSProperties,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
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
   * Kept for callers of issue 20's version (the invoice charge lines): every list now floats in a portal
   * (issue 39), so this no longer changes anything.
   */
  floatingPopup?: boolean;
  'data-testid'?: string;
}

/**
 * A search-as-you-type choice (WAI-ARIA 1.2 combobox with a list box; issue 20: without antd's Select). Issue 39:
 * placement, list navigation and dismissal come from Floating UI (`@floating-ui/react`), not hand-written code:
 * the list is rendered in a portal at the end of the page and placed with `flip`/`shift`/`size`, so a scrolling
 * table, a card or the bottom of the window never clips it (it opens above the input when there is more room
 * there, and is never taller than the room it has); it follows the input while anything scrolls.
 * Typing searches; Down/Up move through the matches (`useListNavigation`, the active option named by
 * `aria-activedescendant` while the focus stays in the input), Enter picks, Escape closes and gives back the
 * chosen value's text without closing a dialog around it (`useDismiss`), a press outside or Tab closes; a
 * click on an option picks it; the clear button empties it. Works as an antd Form.Item control (id, aria-invalid).
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
  floatingPopup: _alwaysFloating,
  ...aria
}: PlainComboboxProps) {
  const { t } = useTranslation('common');
  const ownId = useId();
  const id = givenId ?? ownId;
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const optionRefs = useRef<(HTMLElement | null)[]>([]);
  const close = () => {
    setOpen(false);
    setText(null);
    setActive(null);
    onSearch('');
  };
  const { refs, floatingStyles, context } = useFloating<HTMLInputElement>({
    open,
    onOpenChange: (next) => (next ? setOpen(true) : close()),
    placement: 'bottom-start',
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      size({
        padding: 8,
        apply({ rects, availableHeight, availableWidth, elements }) {
          Object.assign(elements.floating.style, {
            minWidth: `${Math.min(rects.reference.width, availableWidth)}px`,
            maxWidth: `${Math.max(Math.min(480, availableWidth), Math.min(rects.reference.width, availableWidth))}px`,
            maxHeight: `${Math.max(80, Math.min(280, availableHeight))}px`,
          });
        },
      }),
      shift({ padding: 8 }),
    ],
  });
  const navigation = useListNavigation(context, {
    listRef: optionRefs,
    activeIndex: active,
    onNavigate: setActive,
    virtual: true,
    loop: true,
  });
  const dismiss = useDismiss(context);
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([navigation, dismiss]);
  // The input is Floating UI's reference. The caller's ref (an antd Form.Item's, often a new callback on every
  // render) is set beside it, not merged into the input's ref: a merged ref that changes on each render detaches
  // and re-attaches the reference each time, and Floating UI's state update on that rendered the page forever.
  const inputEl = useRef<HTMLInputElement | null>(null);
  const setReference = refs.setReference;
  const inputRef = useCallback(
    (node: HTMLInputElement | null) => {
      inputEl.current = node;
      setReference(node);
    },
    [setReference],
  );
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
        {...getReferenceProps({
          ref: inputRef,
          id,
          className: 'plain-input',
          role: 'combobox',
          autoComplete: 'off',
          'aria-label': aria['aria-label'],
          'aria-invalid': aria['aria-invalid'],
          'aria-describedby': aria['aria-describedby'] || undefined,
          'aria-required': aria['aria-required'],
          'aria-expanded': open,
          'aria-controls': listId,
          'aria-autocomplete': 'list',
          'aria-busy': loading || undefined,
          placeholder,
          disabled,
          value: text ?? chosen,
          onChange: (e: ChangeEvent<HTMLInputElement>) => {
            setText(e.target.value);
            setActive(null);
            setOpen(true);
            onSearch(e.target.value);
          },
          onClick: (e: MouseEvent<HTMLInputElement>) => {
            if (!openOnClick) return;
            // The chosen value's text is selected, so typing replaces it with a search.
            if (text === null) e.currentTarget.select();
            setOpen(true);
          },
          onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
            // An open list takes Enter: it picks the active match and never submits the surrounding form.
            if (e.key !== 'Enter' || !open) return;
            e.preventDefault();
            const o = active !== null ? options[active] : undefined;
            if (o) pick(o);
          },
          // Tab (or any other way the focus leaves) closes the list; a press on the list keeps the focus here.
          onBlur: close,
          'data-testid': testId,
        } as InputHTMLAttributes<HTMLInputElement>)}
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
      <FloatingPortal>
        <div
          {...getFloatingProps({
            ref: open ? refs.setFloating : undefined,
            className: 'plain-combobox-popup',
            style: floatingStyles,
            // A press on the list (an option, its scroll bar) keeps the focus in the input.
            onMouseDown: (e: MouseEvent) => e.preventDefault(),
          })}
          hidden={!open}
          data-testid={testId ? `${testId}-popup` : undefined}
        >
          <div id={listId} role="listbox" aria-label={name} className="plain-listbox">
            {options.map((o, i) => (
              <div
                key={o.value}
                {...getItemProps({
                  ref: (node: HTMLElement | null) => {
                    optionRefs.current[i] = node;
                  },
                  id: `${id}-opt-${i}`,
                  role: 'option',
                  'aria-selected': o.value === value,
                  tabIndex: -1,
                  className: i === active ? 'plain-option plain-option--active' : 'plain-option',
                  onClick: () => pick(o),
                })}
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
      </FloatingPortal>
    </span>
  );
}
