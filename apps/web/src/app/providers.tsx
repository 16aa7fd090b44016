import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { PageLoading } from '../shared/components/page-loading';
import { queryClient } from './query-client';

/**
 * What every page relies on: the server-state cache. antd's providers (theme, locale, App) wrap the screens
 * built with antd through `WithAntd` (router.tsx), loaded with them: /login carries no antd (issue 20).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </QueryClientProvider>
  );
}
