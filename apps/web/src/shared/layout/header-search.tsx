import { ArrowLeftOutlined, SearchOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobalSearch } from './global-search';
import './header-search.css';

/** True when a key press lands in something the user is typing into (the `/` shortcut must not fire). */
const typingInto = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable);

/**
 * The global search on a phone (issue 39): an icon in the header that opens the search box across the whole
 * header, with a back button; Escape, the back button or leaving it closes it again and the focus returns to the
 * icon (a search already typed stays for the next opening). `/` and Ctrl+K open it as on the desktop.
 */
export function HeaderSearch() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const iconRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  // The box takes the focus when it opens; the icon gets it back when it closes from the keyboard.
  useEffect(() => {
    if (open) boxRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    else if (refocus.current) {
      refocus.current = false;
      iconRef.current?.focus();
    }
  }, [open]);

  // While closed, `/` (outside a text field) and Ctrl+K / Cmd+K open it (the box's own shortcut then takes over).
  useEffect(() => {
    if (open) return;
    const onKey = (e: KeyboardEvent) => {
      const ctrlK = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k';
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typingInto(e.target);
      if (!ctrlK && !slash) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const close = (focusIcon: boolean) => {
    refocus.current = focusIcon;
    setOpen(false);
  };

  if (!open) {
    return (
      <button
        ref={iconRef}
        type="button"
        className="plain-button plain-button--text header-search-icon"
        aria-label={t('search.label')}
        title={t('search.label')}
        aria-expanded={false}
        data-testid="global-search-toggle"
        onClick={() => setOpen(true)}
      >
        <SearchOutlined />
      </button>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and the focus leaving bubble up from the box and buttons inside
    <div
      ref={boxRef}
      className="header-search-open"
      data-testid="header-search"
      // Escape in the box (its list already closed by the box itself) closes the search.
      onKeyDown={(e) => {
        if (e.key === 'Escape') close(true);
      }}
      // Leaving it (a tap elsewhere, Tab past it, a result chosen) folds it back to the icon.
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close(false);
      }}
    >
      <button
        type="button"
        className="plain-button plain-button--text"
        aria-label={t('search.close')}
        title={t('search.close')}
        data-testid="global-search-close"
        onClick={() => close(true)}
      >
        <ArrowLeftOutlined />
      </button>
      <GlobalSearch />
    </div>
  );
}
