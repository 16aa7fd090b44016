import { lazy, type ReactNode, Suspense } from 'react';
import { PageLoading } from '../components/page-loading';

const AntdProviders = lazy(() => import('./antd-providers'));

/**
 * Wraps screens and overlays built with antd in its providers, loaded on demand: the app's entry and /login
 * carry no antd (issue 20: /login ≤ 250 KB gzipped). `fallback` shows while antd loads (null for overlays).
 */
export function WithAntd({
  children,
  fallback = <PageLoading />,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <AntdProviders>{children}</AntdProviders>
    </Suspense>
  );
}
