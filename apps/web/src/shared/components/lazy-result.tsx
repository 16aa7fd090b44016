import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

const AntResult = lazy(() => import('antd/es/result'));

/**
 * antd's Result (404/403/error screens) loaded only when a page shows one (issue 20): a record page that
 * loads normally never needs its illustrations.
 */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <AntResult {...props} />
    </Suspense>
  );
}
