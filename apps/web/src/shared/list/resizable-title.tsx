import type { KeyboardEvent, ThHTMLAttributes } from 'react';
import { Resizable } from 'react-resizable';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './column-layout';

/** Extra header-cell props DataTable passes through `onHeaderCell`. */
export interface ResizableTitleProps extends ThHTMLAttributes<HTMLTableCellElement> {
  width?: number;
  /** Live width while dragging. */
  onResizing?: (width: number) => void;
  /** Final width when the drag ends or an arrow key is pressed. */
  onResized?: (width: number) => void;
  resizeLabel?: string;
}

const KEY_STEP = 10;

/** A table header cell with a drag handle (and arrow keys) on its right edge to change the column width. */
export function ResizableTitle({ width, onResizing, onResized, resizeLabel, ...rest }: ResizableTitleProps) {
  if (!width || !onResized) return <th {...rest} />;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    e.stopPropagation();
    onResized(width + (e.key === 'ArrowRight' ? KEY_STEP : -KEY_STEP));
  };
  return (
    <Resizable
      width={width}
      height={0}
      axis="x"
      minConstraints={[MIN_COLUMN_WIDTH, 0]}
      maxConstraints={[MAX_COLUMN_WIDTH, 0]}
      draggableOpts={{ enableUserSelectHack: false }}
      onResize={(_, { size }) => onResizing?.(size.width)}
      onResizeStop={(_, { size }) => onResized(size.width)}
      handle={
        // biome-ignore lint/a11y/useSemanticElements: a focusable separator is the ARIA pattern for a splitter
        <span
          className="portal-resize-handle"
          role="separator"
          aria-orientation="vertical"
          aria-label={resizeLabel}
          aria-valuenow={width}
          aria-valuemin={MIN_COLUMN_WIDTH}
          aria-valuemax={MAX_COLUMN_WIDTH}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onClick={(e) => e.stopPropagation()}
        />
      }
    >
      <th {...rest} />
    </Resizable>
  );
}
