import { useCallback, useSyncExternalStore } from 'react';

/** The media query list, or null where matchMedia is missing (old test DOMs). */
const mediaQuery = (query: string): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

/**
 * Whether a CSS media query matches now, following changes while the page is open (false where the DOM has no
 * matchMedia). Replaces antd's `Grid.useBreakpoint()` (issue 20): `useMediaQuery('(min-width: 992px)')` is its
 * `lg`.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mq = mediaQuery(query);
      if (!mq) return () => {};
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery(query)?.matches ?? false,
    () => false,
  );
}

/** antd's `lg` breakpoint and up (a wide screen: side panels beside the form). */
export const WIDE_SCREEN = '(min-width: 992px)';
