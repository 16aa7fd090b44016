import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from './document-title';
import { focusPageHeading, MAIN_CONTENT_ID } from './main-content';
import { usePublishPageTitle } from './page-title';
import './page-heading.css';

/** How long after a navigation a page heading that mounts late (a lazy page) still takes the focus. */
const FOCUS_WINDOW_MS = 5000;

interface HeadingRegistry {
  /** A page heading mounted: the shell hides its fallback heading until the returned cleanup runs. */
  register: () => () => void;
  /** When the last navigation happened (0 = the first page of this visit: focus is left alone). */
  navigatedAt: RefObject<number>;
}

const HeadingContext = createContext<HeadingRegistry | null>(null);

/**
 * The focus may move to the new page's heading: it is "nowhere" (the body, the old page is gone), on a heading
 * a route change just focused, outside the page content or in a navigation landmark (the menu link, breadcrumb
 * or header search that navigated). Focus inside the page content (e.g. a tab that changes the URL) stays
 * where the user put it.
 */
const focusIsFree = () => {
  const a = document.activeElement;
  if (!a || a === document.body) return true;
  if (a instanceof HTMLElement && a.classList.contains('portal-page-heading')) return true;
  const main = document.getElementById(MAIN_CONTENT_ID);
  return !!main && (!main.contains(a) || a.closest('nav') !== null);
};

/**
 * The page's one h1 (WCAG 1.3.1, 2.4.2, 2.4.6): looks like the former level-4 page titles, sets the
 * document title, and takes the focus when the user just navigated here (2.4.3: focus does not drop to the
 * body on a route change, and a screen reader announces the new page).
 */
export function PageHeading({
  children,
  title,
  'data-testid': testId,
}: {
  children: ReactNode;
  /** Text for the document title when `children` is not a plain string. */
  title?: string;
  'data-testid'?: string;
}) {
  const registry = useContext(HeadingContext);
  const ref = useRef<HTMLHeadingElement>(null);
  const text = title ?? (typeof children === 'string' ? children : undefined);
  useDocumentTitle(text);
  // The breadcrumb names a record by this (its number), not by the id in the path.
  usePublishPageTitle(useLocation().pathname, text);
  useLayoutEffect(() => registry?.register(), [registry]);
  useEffect(() => {
    const at = registry?.navigatedAt.current ?? 0;
    if (at && Date.now() - at < FOCUS_WINDOW_MS && focusIsFree()) ref.current?.focus();
  }, [registry]);
  return (
    // A plain h1 styled like antd's titles (page-heading.css): the shell loads no antd Typography (issue 20).
    <h1 className="portal-page-heading" tabIndex={-1} ref={ref} data-testid={testId}>
      {children}
    </h1>
  );
}

/**
 * Holds the page-heading registry of the shell. When the page renders no PageHeading, a visually hidden h1
 * with `fallbackTitle` (the breadcrumb's last item) keeps one h1 per page and names the document.
 */
export function PageHeadingProvider({
  fallbackTitle,
  children,
}: {
  fallbackTitle: string;
  children: ReactNode;
}) {
  const [count, setCount] = useState(0);
  const navigatedAt = useRef(0);
  const register = useCallback(() => {
    setCount((c) => c + 1);
    return () => setCount((c) => c - 1);
  }, []);
  const registry = useMemo(() => ({ register, navigatedAt }), [register]);
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each route change (the path is the trigger)
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    navigatedAt.current = Date.now();
    // After the new page rendered (a lazy page's heading focuses itself when it mounts).
    const id = window.setTimeout(() => {
      if (focusIsFree()) focusPageHeading();
    }, 0);
    return () => window.clearTimeout(id);
  }, [pathname]);
  return (
    <HeadingContext.Provider value={registry}>
      {count === 0 && <FallbackHeading title={fallbackTitle} />}
      {children}
    </HeadingContext.Provider>
  );
}

function FallbackHeading({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <h1 className="portal-page-heading portal-visually-hidden" tabIndex={-1}>
      {title}
    </h1>
  );
}
