import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** The media query list, or null where matchMedia is missing (old test DOMs). */
const mediaQuery = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;

function subscribe(onChange: () => void): () => void {
  const mq = mediaQuery();
  if (!mq) return () => {};
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

const snapshot = (): boolean => mediaQuery()?.matches ?? false;

/**
 * Whether the user asked the system for less motion (WCAG 2.3.3), following changes while the page is open.
 * The app turns antd's animations off then; the journeys run with it on, so a click never lands on a dialog
 * that is still sliding in.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
