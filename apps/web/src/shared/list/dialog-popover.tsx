import {
  cloneElement,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useRef,
} from 'react';
import './dialog-popover.css';

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** Pop-ups the panel's own controls open in the page's body (a select's options, a date picker, a dialog). */
const POPUPS =
  '.ant-select-dropdown, .ant-picker-dropdown, .ant-dropdown, .ant-cascader-dropdown, .ant-modal-wrap, .ant-popover, .ant-tooltip, .ant-message';

/** The panel's tab stops in order (hidden ones left out). */
const focusables = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => {
    if (el.closest('[hidden],[inert],[aria-hidden="true"]')) return false;
    const style = getComputedStyle(el);
    return style.display !== 'none' && style.visibility !== 'hidden';
  });

export interface DialogPopoverProps {
  /** The dialog's name, shown as the popover title. */
  title: ReactNode;
  content: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Which edge of the button the panel lines up with (default: its left edge). */
  placement?: 'bottomLeft' | 'bottomRight';
  /** The button that opens it (gets aria-haspopup, aria-expanded and aria-controls). */
  children: ReactElement<Record<string, unknown>>;
}

/**
 * A click popover that behaves as a non-modal dialog (WCAG 2.1.1, 2.4.3, 4.1.2; issue 20): role=dialog
 * named by its title, focus moves to its first control when it opens, Tab stays inside it, Esc closes it,
 * and focus goes back to the opening button when it closes from inside (a click elsewhere leaves the focus
 * where the user clicked). The panel is positioned under its button without antd's Popover (issue 20: every
 * list loaded antd's Popover and Tooltip for it).
 */
export function DialogPopover({
  title,
  content,
  open,
  onOpenChange,
  placement,
  children,
}: DialogPopoverProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const panelId = `${id}-dialog`;
  const panel = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLElement | null>(null);

  const anchor = useRef<HTMLSpanElement>(null);
  const wasOpen = useRef(false);
  // The latest callback, read by the open effect: an owner passing a new function each render must not
  // re-run it (that would move the focus back to the first control on every keystroke in the panel).
  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      const root = panel.current;
      if (root) (focusables(root)[0] ?? root).focus();
      // A press outside the button and the panel closes it (the focus stays where the user pressed).
      const onDown = (e: globalThis.MouseEvent) => {
        const target = e.target as Element;
        if (anchor.current?.contains(target) || target.closest?.(POPUPS)) return;
        onOpenChangeRef.current(false);
      };
      document.addEventListener('mousedown', onDown);
      return () => document.removeEventListener('mousedown', onDown);
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    // Closed from inside (Esc, an action) the focus went with the panel: back to the button.
    const active = document.activeElement;
    if (!active || active === document.body) trigger.current?.focus();
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // A keyboard drag of dnd-kit (column order) uses Esc to cancel the drag, not to close the dialog.
    if (e.key === 'Escape' && !(e.target as HTMLElement).closest('[aria-pressed="true"]')) {
      e.stopPropagation();
      onOpenChange(false);
      trigger.current?.focus();
      return;
    }
    const root = panel.current;
    if (e.key !== 'Tab' || !root) return;
    const items = focusables(root);
    // Nothing to tab to yet (content still loading, e.g. the column options' panel): Tab stays in the dialog.
    if (!items.length) {
      e.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const body = (
    <div
      ref={panel}
      id={panelId}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      style={{ outline: 'none' }}
    >
      <div className="portal-popover-title" id={titleId}>
        {title}
      </div>
      {content}
    </div>
  );

  return (
    <span ref={anchor} className="portal-popover-anchor">
      {cloneElement(children, {
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        'aria-controls': open ? panelId : undefined,
        onClick: (e: MouseEvent) => {
          (children.props.onClick as ((e: MouseEvent) => void) | undefined)?.(e);
          onOpenChange(!open);
        },
        ref: (el: HTMLElement | null) => {
          trigger.current = el;
        },
      })}
      {open && (
        <div className={`portal-popover portal-popover--${placement === 'bottomRight' ? 'right' : 'left'}`}>
          {body}
        </div>
      )}
    </span>
  );
}
