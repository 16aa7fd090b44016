import type { TOperationAlertDashboard } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/http';

export interface AlertFilterValues {
  office?: string;
  kind?: string;
  colour?: string;
  owner?: string;
  perGroup?: string;
}

/** The dashboard for these filters; refreshed every minute (alerts age while the screen is open). */
export function useOperationAlerts(filter: AlertFilterValues) {
  return useQuery({
    queryKey: ['operation-alert', filter],
    queryFn: ({ signal }) =>
      api.get<TOperationAlertDashboard>('/OperationAlert/dashboard', { ...filter }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
