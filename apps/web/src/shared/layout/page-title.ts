import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * The heading the current page shows (its PageHeading's text: a record's number, a list's name), by path. The
 * breadcrumb names its last item with it when neither the menu nor the segment words name that segment (issue
 * 39: a record reads as its number, "INV-2026-000123", never as its internal id "329").
 */
let current: { path: string; title: string } | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Publishes the page's heading for its path while it is shown (PageHeading does this). */
export function usePublishPageTitle(path: string, title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const mine = { path, title };
    current = mine;
    notify();
    return () => {
      if (current === mine) {
        current = null;
        notify();
      }
    };
  }, [path, title]);
}

/** The heading published for this path, if the page has one. */
export function usePageTitle(path: string): string | undefined {
  const c = useSyncExternalStore(subscribe, () => current);
  return c && c.path === path ? c.title : undefined;
}

/**
 * A record page whose heading is not a PageHeading (a level-4 title beside its status) names its breadcrumb
 * with this: `<RecordBreadcrumb title={invoice.invoice_no} />` renders nothing.
 */
export function RecordBreadcrumb({ title }: { title: string | undefined }): null {
  usePublishPageTitle(useLocation().pathname, title);
  return null;
}
