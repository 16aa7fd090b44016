import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SideMenu } from './side-menu';

/**
 * The side menu below the desktop breakpoint (issue 39, docs/accessibility.md): a modal drawer over the page
 * (the page keeps the whole width). A native modal `<dialog>`: the rest of the page is inert while it is open,
 * Tab stays inside, Escape closes it; the focus goes to its close button on opening and back to the button that
 * opened it on closing. A click on the shade beside it or on any of its links closes it too (the new page's
 * heading then takes the focus, as after any navigation).
 */
export function MenuDrawer({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const before = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      before.current = document.activeElement as HTMLElement | null;
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
      el.querySelector<HTMLElement>('[data-testid="menu-close"]')?.focus();
    } else if (!open && el.open) {
      const inside = el.contains(document.activeElement);
      if (typeof el.close === 'function') el.close();
      else el.removeAttribute('open');
      const a = document.activeElement;
      if ((inside || !a || a === document.body) && before.current?.isConnected) before.current.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      id={id}
      className="portal-drawer"
      aria-label={t('mainMenu')}
      data-testid="menu-drawer"
      onCancel={(e) => {
        // Escape: closed through the state, so the header's button says so too.
        e.preventDefault();
        onClose();
      }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the shade is for the pointer; keys have Escape and the close button */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the shade is for the pointer; keys have Escape and the close button */}
      <div className="portal-drawer-backdrop" data-testid="menu-backdrop" onClick={onClose} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: closes after a link inside was followed (the link handles the keys) */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: closes after a link inside was followed (the link handles the keys) */}
      <div
        className="portal-drawer-panel"
        onClick={(e) => {
          if ((e.target as Element).closest('a[href]')) onClose();
        }}
      >
        {open ? <SideMenu collapsed={false} pinned={false} onClose={onClose} /> : null}
      </div>
    </dialog>
  );
}
