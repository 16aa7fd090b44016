import { lazy, Suspense } from 'react';
import '../plain/plain.css';
import type { StatusHistoryProps } from './status-history';

const Loaded = lazy(() => import('./status-history').then((m) => ({ default: m.StatusHistory })));

/**
 * The change history, loaded when it is first shown (issue 20): it draws on antd's Table, which the detail
 * pages need for nothing else on their first screen, and history sits in a tab that opens on demand.
 */
export function StatusHistory(props: StatusHistoryProps) {
  return (
    <Suspense fallback={<div className="plain-spinner" role="status" aria-busy="true" />}>
      <Loaded {...props} />
    </Suspense>
  );
}
