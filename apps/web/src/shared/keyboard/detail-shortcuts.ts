import { type RefObject, useEffect } from 'react';

/** Index after moving `delta` from `current` in a list of `count`, kept inside the list (no wrap). */
export function stepIndex(current: number, count: number, delta: number): number {
  if (count === 0) return -1;
  if (current < 0) return delta > 0 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + delta));
}

/** The header buttons of every collapsible panel (antd Collapse or PlainCollapse) inside `root`, in page order. */
const panelHeaders = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>('.ant-collapse-header, .plain-collapse-header')].filter(
    (h) => !h.closest('[aria-hidden="true"]'),
  );

/** The tabs of the first (outermost) tabs inside `root` (PlainTabs, or antd Tabs in a drawer). */
function topTabs(root: HTMLElement): HTMLElement[] {
  const tabs = root.querySelector<HTMLElement>('.portal-tabs, .ant-tabs');
  if (!tabs) return [];
  const nav = tabs.querySelector<HTMLElement>(':scope > .portal-tabs-nav, :scope > .ant-tabs-nav');
  return nav
    ? [...nav.querySelectorAll<HTMLElement>('[role="tab"]')].filter(
        (t) => t.getAttribute('aria-disabled') !== 'true',
      )
    : [];
}

/** Moves focus to the next or previous collapsible panel header; answers false when there is none. */
export function focusPanel(root: HTMLElement, delta: number): boolean {
  const headers = panelHeaders(root);
  const active = document.activeElement;
  const current = headers.findIndex(
    (h) => h === active || h.closest('.ant-collapse-item, .plain-collapse-item')?.contains(active),
  );
  const next = stepIndex(current, headers.length, delta);
  if (next < 0) return false;
  headers[next].focus();
  return true;
}

/** Switches to the next or previous tab (as a click would) and focuses it; false when there are no tabs. */
export function switchTab(root: HTMLElement, delta: number): boolean {
  const tabs = topTabs(root);
  const current = tabs.findIndex((t) => t.getAttribute('aria-selected') === 'true');
  const next = stepIndex(current, tabs.length, delta);
  if (next < 0 || next === current) return next >= 0;
  tabs[next].click();
  tabs[next].focus();
  return true;
}

/**
 * Detail screen shortcuts inside `ref`: ctrl+alt+up/down move focus between collapsible panels (antd
 * Collapse), ctrl+alt+left/right switch tabs (the outermost tabs).
 */
export function useDetailShortcuts(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const root = ref.current;
      if (!root || !e.ctrlKey || !e.altKey || e.shiftKey || e.metaKey) return;
      const handled =
        e.key === 'ArrowUp'
          ? focusPanel(root, -1)
          : e.key === 'ArrowDown'
            ? focusPanel(root, 1)
            : e.key === 'ArrowLeft'
              ? switchTab(root, -1)
              : e.key === 'ArrowRight'
                ? switchTab(root, 1)
                : false;
      if (handled) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ref]);
}
