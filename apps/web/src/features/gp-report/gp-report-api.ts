import type {
  TGpInvoicesResponse,
  TGpJobsResponse,
  TGpReportName,
  TGpReportResponse,
} from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/http';

/** The report filters as URL parameters (period, office, mode, service, customer, salesman, POL, basis). */
export const GP_FILTER_NAMES = [
  'from',
  'to',
  'office',
  'mode',
  'service',
  'customer',
  'salesman',
  'pol',
  'basis',
] as const;
export type GpFilterValues = Partial<Record<(typeof GP_FILTER_NAMES)[number], string>>;
/** A drill-down: the filters plus the figure's keys (month, office …) or a job. */
export type GpDrill = GpFilterValues & { month?: string; job_no?: string };

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
