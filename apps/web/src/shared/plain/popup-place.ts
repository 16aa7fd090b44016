import type { Placement } from '@floating-ui/dom';
import { type RefObject, useLayoutEffect } from 'react';

/** Loaded on the first popup that opens, not with the screen: every screen stays within its bench:js budget. */
const floatingUi = () => import('@floating-ui/dom');

/** How a popup is positioned (Floating UI's `strategy`). */
export type PopupStrategy = 'absolute' | 'fixed';

/**
 * Places an open popup next to its reference with Floating UI's `computePosition` (`offset`, `flip`, `shift`,
 * `size`) and follows it while anything scrolls or resizes (`autoUpdate`), so a card, a scrolling box or the
 * window's edge never cuts it (issue 39). `list`: under the field's start, at least its width, at most 280 px
 * tall (above the field when there is more room there, and on the side it opened on while it still fits there:
 * scrolling the page does not flip an open list back and forth); `menu`: under the button's end, within the window.
 *
 * `strategy`: `absolute` keeps the popup in its reference's box, so it scrolls with the page like the field it
 * belongs to; `fixed` takes it out of a scrolling container whose overflow would clip it (the invoice's charge
 * lines in their table), or places a menu of the header, which does not scroll. A list is fixed only where a
 * table would clip it: a browser asked to bring a fixed element into view scrolls the page, which moves the field,
 * which moves the popup with it (the party form's country list, below the fold, was never reachable by a pointer
 * that scrolls first).
 *
 * Until Floating UI's chunk is in (a few milliseconds, once), an absolute popup sits under its reference by CSS
 * and a fixed one by the reference's bounding box.
 */
export function usePopupPlace(
  open: boolean,
  reference: RefObject<HTMLElement | null>,
  floating: RefObject<HTMLElement | null>,
  kind: 'list' | 'menu',
  strategy: PopupStrategy,
) {
  useLayoutEffect(() => {
    const ref = reference.current;
    const el = floating.current;
    if (!open || !ref || !el) return;
    if (strategy === 'fixed') {
      const r = ref.getBoundingClientRect();
      Object.assign(el.style, {
        position: 'fixed',
        top: `${r.bottom + 4}px`,
        left: kind === 'list' ? `${r.left}px` : `${Math.max(8, r.right - el.offsetWidth)}px`,
        minWidth: kind === 'list' ? `${r.width}px` : '',
        maxHeight: kind === 'list' ? '280px' : '',
      });
    }
    let stopped = false;
    let stop: (() => void) | undefined;
    // The side the popup is on: the next placing prefers it, so the popup changes side only when it no longer
    // fits where it is. Preferring the first side on every update flipped an open list from above its field to
    // below and back as the page scrolled, so a click aimed at an option could land after the list had moved
    // (CI, the party form's country list: the pick was lost).
    let side: Placement = kind === 'list' ? 'bottom-start' : 'bottom-end';
    floatingUi().then(({ autoUpdate, computePosition, flip, offset, shift, size }) => {
      if (stopped) return;
      const place = () =>
        computePosition(ref, el, {
          strategy,
          placement: side,
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
        }).then(({ x, y, placement }) => {
          if (stopped) return;
          side = placement;
          Object.assign(el.style, { position: strategy, left: `${x}px`, top: `${y}px` });
        });
      stop = autoUpdate(ref, el, place);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [open, reference, floating, kind, strategy]);
}
