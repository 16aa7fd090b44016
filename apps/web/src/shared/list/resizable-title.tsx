import type { KeyboardEvent, PointerEvent, ThHTMLAttributes } from 'react';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './column-layout';

/** The header-cell props DataTable gives each column's `th`. */
export interface ResizableTitleProps extends ThHTMLAttributes<HTMLTableCellElement> {
  width?: number;
  /** Live width while dragging. */
  onResizing?: (width: number) => void;
  /** Final width when the drag ends or Shift+arrow is pressed. */
  onResized?: (width: number) => void;
  /** The column key (`data-column-key`), to move the keyboard focus between header cells. */
  columnKey?: string;
  /** 0 for the header cell that is the header row's one tab stop, -1 for the others (roving tabindex). */
  rovingTabIndex?: number;
  /** The header cell got the focus (it becomes the row's tab stop). */
  onHeaderFocus?: () => void;
  /** ←/→ pressed on the cell: move the focus to the previous (-1) or next (+1) header cell. */
  onHeaderMove?: (step: -1 | 1) => void;
}

const KEY_STEP = 10;

const clampWidth = (w: number) => Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(w)));

/**
 * The mouse/pen/touch grip on a header cell's right edge: drags the width with pointer capture (no
 * react-resizable/react-draggable: issue 20's route budget). A click on it does not sort the column.
 */
function ResizeHandle({
  width,
  onResizing,
  onResized,
}: {
  width: number;
  onResizing?: (width: number) => void;
  onResized: (width: number) => void;
}) {
  const onPointerDown = (e: PointerEvent<HTMLSpanElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    const handle = e.currentTarget;
    const startX = e.clientX;
    let last = width;
    handle.setPointerCapture(e.pointerId);
    const move = (ev: globalThis.PointerEvent) => {
      const next = clampWidth(width + ev.clientX - startX);
      if (next === last) return;
      last = next;
      onResizing?.(next);
    };
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      if (last !== width) onResized(last);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };
  return (
    <span
      className="portal-resize-handle"
      aria-hidden
      onPointerDown={onPointerDown}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

/**
 * A table header cell with a drag handle on its right edge to change the column width. For the keyboard the
 * header row is one tab stop (issue 20: 13 resize handles were tab stops before the first row): ←/→ move
 * between header cells, Shift+←/→ change the focused column's width, Enter or Space sorts (DataTable's
 * `onKeyDown`).
 */
export function ResizableTitle({
  width,
  onResizing,
  onResized,
  columnKey,
  rovingTabIndex,
  onHeaderFocus,
  onHeaderMove,
  ...rest
}: ResizableTitleProps) {
  if (!width || !onResized) return <th {...rest} />;
  const onKeyDown = (e: KeyboardEvent<HTMLTableCellElement>) => {
    // DataTable's own handler (Enter/Space sorts) runs first.
    rest.onKeyDown?.(e);
    if (e.target !== e.currentTarget) return;
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    e.preventDefault();
    e.stopPropagation();
    const step = e.key === 'ArrowRight' ? 1 : -1;
    if (e.shiftKey) onResized(width + step * KEY_STEP);
    else onHeaderMove?.(step);
  };
  return (
    <th
      {...rest}
      className={rest.className ? `${rest.className} portal-resizable-th` : 'portal-resizable-th'}
      data-column-key={columnKey}
      tabIndex={rovingTabIndex ?? rest.tabIndex}
      onFocus={(e) => {
        rest.onFocus?.(e);
        if (e.target === e.currentTarget) onHeaderFocus?.();
      }}
      onKeyDown={onKeyDown}
    >
      {rest.children}
      {/* A mouse-only grip: the keyboard resizes from the header cell (Shift+←/→). */}
      <ResizeHandle width={width} onResizing={onResizing} onResized={onResized} />
    </th>
  );
}
