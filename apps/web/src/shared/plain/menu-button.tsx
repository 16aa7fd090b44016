import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import './plain.css';
import { usePopupPlace } from './popup-place';
import './menu-button.css';

/** The menu's items, in order. */
const itemsOf = (list: HTMLElement | null) => [
  ...(list?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

export interface MenuButtonItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** The item in use (the current language or profile): marked with aria-current and focused on open. */
  current?: boolean;
  'data-testid'?: string;
}

/**
 * A menu button without antd (WAI-ARIA menu button pattern), for the shell's header (issue 20: the shell
 * carries no antd Dropdown). Enter, Space or ArrowDown open the menu and focus the current (else the first)
 * item; ArrowUp/ArrowDown/Home/End move, Enter/Space choose, Escape closes, each returning the focus to the
 * button; Tab or a click outside closes. Issue 39: placed by Floating UI (`usePopupPlace`: fixed to the window under
 * the button's end, `flip`/`shift`/`size` keep it inside the window on a phone; loaded when a menu first opens)
 * instead of CSS offsets. Only the positioning part of Floating UI: the shell is on every screen and its
 * JavaScript budget (bench:js, `/`) has no room for the interactions package (docs/decisions.md, issue 39).
 */
export function MenuButton({
  label,
  items,
  onSelect,
  disabled,
  className,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: {
  label: ReactNode;
  items: MenuButtonItem[];
  onSelect: (key: string) => void;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLSpanElement>(null);
  usePopupPlace(open, buttonRef, listRef, 'menu', 'fixed');

  useEffect(() => {
    if (!open) return;
    const els = itemsOf(listRef.current);
    (els.find((e) => e.getAttribute('aria-current') === 'true') ?? els[0])?.focus();
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  const onListKey = (e: React.KeyboardEvent) => {
    const els = itemsOf(listRef.current);
    const at = els.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => els[(i + els.length) % els.length]?.focus();
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(els.length - 1);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    e.preventDefault();
  };

  const choose = (key: string) => {
    close(true);
    onSelect(key);
  };

  return (
    <span className="plain-menu-root" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={className ?? 'plain-button plain-button--text'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={ariaLabel}
        data-testid={testId}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
      </button>
      {open ? (
        <div
          id={id}
          role="menu"
          aria-label={ariaLabel}
          className="plain-menu"
          ref={listRef}
          onKeyDown={onListKey}
        >
          {items.map((i) => (
            <div
              key={i.key}
              role="menuitem"
              tabIndex={-1}
              aria-current={i.current || undefined}
              data-testid={i['data-testid']}
              className={i.current ? 'plain-menu-item plain-menu-item--current' : 'plain-menu-item'}
              onClick={() => choose(i.key)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  choose(i.key);
                }
              }}
            >
              {i.icon ? <span className="plain-menu-icon">{i.icon}</span> : null}
              {i.label}
            </div>
          ))}
        </div>
      ) : null}
    </span>
  );
}
