import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/http';
import { sessionStore } from '../shared/auth';

/** Server state cache. Client errors (4xx) are not retried; cached data is dropped at logout. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});

sessionStore.onCleared(() => queryClient.clear());
