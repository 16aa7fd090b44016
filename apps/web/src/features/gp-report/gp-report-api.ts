import type {
  TGpInvoicesResponse,
  TGpJobsResponse,
  TGpReportName,
  TGpReportResponse,
} from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/http';

import type { GpDrill, GpFilterValues } from './gp-report-model';

export { GP_FILTER_NAMES, type GpDrill, type GpFilterValues } from './gp-report-model';

export function useGpReport(name: TGpReportName, filter: GpFilterValues) {
  return useQuery({
    queryKey: ['gp', name, 'report', filter],
    queryFn: ({ signal }) => api.get<TGpReportResponse>(`/GpReport/${name}`, filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGpJobs(name: TGpReportName, drill: GpDrill | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['gp', name, 'jobs', drill, page, pageSize],
    queryFn: ({ signal }) =>
      api.get<TGpJobsResponse>(`/GpReport/${name}/jobs`, { ...drill, page, pageSize }, { signal }),
    enabled: !!drill,
    placeholderData: keepPreviousData,
  });
}

export function useGpInvoices(name: TGpReportName, drill: GpDrill | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['gp', name, 'invoices', drill, page, pageSize],
    queryFn: ({ signal }) =>
      api.get<TGpInvoicesResponse>(`/GpReport/${name}/invoices`, { ...drill, page, pageSize }, { signal }),
    enabled: !!drill,
    placeholderData: keepPreviousData,
  });
}
