import { type RefObject, useLayoutEffect } from 'react';

/** Loaded on the first popup that opens, not with the screen: every screen stays within its bench:js budget. */
const floatingUi = () => import('@floating-ui/react-dom');

/**
 * Places an open popup (`position: fixed`) next to its reference with Floating UI's `computePosition`
 * (`offset`, `flip`, `shift`, `size`), and follows it while anything scrolls or resizes (`autoUpdate`), so a
 * scrolling table, a card or the window's edge never clips it (issue 39). `list`: under the field's start, at
 * least its width, at most 280 px tall (above the field when there is more room there); `menu`: under the
 * button's end, within the window. Until Floating UI's chunk is in (a few milliseconds, once), the popup sits
 * under its reference by its bounding box.
 */
export function usePopupPlace(
  open: boolean,
  reference: RefObject<HTMLElement | null>,
  floating: RefObject<HTMLElement | null>,
  kind: 'list' | 'menu',
) {
  useLayoutEffect(() => {
    const ref = reference.current;
    const el = floating.current;
    if (!open || !ref || !el) return;
    const r = ref.getBoundingClientRect();
    Object.assign(el.style, {
      position: 'fixed',
      top: `${r.bottom + 4}px`,
      left: kind === 'list' ? `${r.left}px` : `${Math.max(8, r.right - el.offsetWidth)}px`,
      minWidth: kind === 'list' ? `${r.width}px` : '',
    });
    let stopped = false;
    let stop: (() => void) | undefined;
    floatingUi().then(({ autoUpdate, computePosition, flip, offset, shift, size }) => {
      if (stopped) return;
      const place = () =>
        computePosition(ref, el, {
          strategy: 'fixed',
          placement: kind === 'list' ? 'bottom-start' : 'bottom-end',
          middleware: [
            offset(4),
            flip({ padding: 8 }),
            size({
              padding: 8,
              apply({ rects, availableHeight, availableWidth }) {
                Object.assign(
                  el.style,
                  kind === 'list'
                    ? {
                        minWidth: `${Math.min(rects.reference.width, availableWidth)}px`,
                        maxWidth: `${Math.max(Math.min(480, availableWidth), Math.min(rects.reference.width, availableWidth))}px`,
                        maxHeight: `${Math.max(80, Math.min(280, availableHeight))}px`,
                      }
                    : { maxWidth: `${availableWidth}px`, maxHeight: `${Math.max(120, availableHeight)}px` },
                );
              },
            }),
            shift({ padding: 8 }),
          ],
        }).then(({ x, y }) => {
          if (!stopped) Object.assign(el.style, { left: `${x}px`, top: `${y}px` });
        });
      stop = autoUpdate(ref, el, place);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [open, reference, floating, kind]);
}
