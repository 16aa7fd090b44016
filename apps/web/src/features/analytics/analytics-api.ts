import type {
  TAnalyticsDocuments,
  TAnalyticsDrill,
  TAnalyticsOptions,
  TAnalyticsPageName,
  TAnalyticsResult,
} from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/http';
import { type AnalyticsFilterValues, documentsQuery, filterQuery } from './analytics-filters';
import { isSamePage } from './analytics-placeholder';

/** GET /Analytics/{page}: the page's figures; the previous figures stay on screen while a change loads. */
export function useAnalyticsPage(page: TAnalyticsPageName, filters: AnalyticsFilterValues) {
  return useQuery({
    queryKey: ['analytics', page, 'result', filters],
    queryFn: ({ signal }) =>
      api.get<TAnalyticsResult>(`/Analytics/${page}`, filterQuery(filters), { signal }),
    placeholderData: (previous, previousQuery) =>
      isSamePage(page, previousQuery?.queryKey) ? previous : undefined,
  });
}

/** GET /Analytics/_options: what the filter bar offers (only values the viewer may see). */
export function useAnalyticsOptions() {
  return useQuery({
    queryKey: ['analytics', '_options'],
    queryFn: ({ signal }) => api.get<TAnalyticsOptions>('/Analytics/_options', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /Analytics/{page}/documents: the documents behind one figure, paged. */
export function useAnalyticsDocuments(
  page: TAnalyticsPageName,
  filters: AnalyticsFilterValues,
  drill: TAnalyticsDrill | null,
  pageNo: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: ['analytics', page, 'documents', filters, drill, pageNo, pageSize],
    queryFn: ({ signal }) =>
      api.get<TAnalyticsDocuments>(
        `/Analytics/${page}/documents`,
        documentsQuery(filters, drill ?? {}, pageNo, pageSize),
        { signal },
      ),
    enabled: !!drill,
    placeholderData: (previous, previousQuery) =>
      isSamePage(page, previousQuery?.queryKey) ? previous : undefined,
  });
}
