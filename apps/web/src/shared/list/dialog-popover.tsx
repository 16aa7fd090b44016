import { Popover, type PopoverProps } from 'antd';
import {
  cloneElement,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useId,
  useRef,
} from 'react';

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

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
  placement?: PopoverProps['placement'];
  /** The button that opens it (gets aria-haspopup, aria-expanded and aria-controls). */
  children: ReactElement<Record<string, unknown>>;
}

/**
 * A click popover that behaves as a non-modal dialog (WCAG 2.1.1, 2.4.3, 4.1.2; issue 20): role=dialog
 * named by its title, focus moves to its first control when it opens, Tab stays inside it, Esc closes it,
 * and focus goes back to the opening button when it closes from inside (a click elsewhere leaves the focus
 * where the user clicked).
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

  const afterOpenChange = useCallback((visible: boolean) => {
    const root = panel.current;
    if (visible) {
      if (root) (focusables(root)[0] ?? root).focus();
      return;
    }
    const active = document.activeElement;
    // Closed from inside (Esc, an action) or the focus was lost with the panel: back to the button.
    if (!active || active === document.body || (root?.contains(active) ?? false)) trigger.current?.focus();
  }, []);

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
      <div className="ant-popover-title" id={titleId}>
        {title}
      </div>
      {content}
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement={placement}
      content={body}
      open={open}
      onOpenChange={onOpenChange}
      afterOpenChange={afterOpenChange}
    >
      {cloneElement(children, {
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        'aria-controls': open ? panelId : undefined,
        ref: (el: HTMLElement | null) => {
          trigger.current = el;
        },
      })}
    </Popover>
  );
}
