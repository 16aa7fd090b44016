import { useMediaQuery } from './use-media-query';

/**
 * Whether the user asked the system for less motion (WCAG 2.3.3), following changes while the page is open.
 * The app turns antd's animations off then; the journeys run with it on, so a click never lands on a dialog
 * that is still sliding in.
 */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
