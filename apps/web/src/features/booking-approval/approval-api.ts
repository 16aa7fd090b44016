import {
  BOOKING_SORTABLE,
  BOOKING_STATUSES,
  type TApprovalAction,
  type TApprovalListKey,
  type TBooking,
  type TBookingApproval,
  type TBookingRow,
  type TCompareResponse,
  type ZApprovalDashboard,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/http';
import { useListQuery } from '../../shared/list/use-list-query';
import type { TProposalInput } from './approval-proposals';

export type { TProposalInput };

export type TApprovalDashboard = z.output<typeof ZApprovalDashboard>;
/** Select filters of the approval lists (same as the booking lists), plus the custom filter rules. */
export type ApprovalFilter = 'status' | 'filters';

const enc = encodeURIComponent;

export const approvalKeys = {
  all: ['booking-approval'] as const,
  dashboard: ['booking-approval', 'dashboard'] as const,
  list: (list: TApprovalListKey) => ['booking-approval', 'list', list] as const,
  one: (soNo: string) => ['booking-approval', 'one', soNo] as const,
  compare: (soNo: string) => ['booking-approval', 'compare', soNo] as const,
  compareMany: (soNos: string[]) => ['booking-approval', 'compare-many', soNos.join(',')] as const,
};

/** Counts and ageing figures of the 9 approval lists. */
export const useApprovalDashboard = () =>
  useQuery({
    queryKey: approvalKeys.dashboard,
    queryFn: ({ signal }) => api.get<TApprovalDashboard>('/BookingApproval/dashboard', undefined, { signal }),
  });

/** One of the 9 approval lists with its search, filters, sort and page in the URL. */
export const useApprovalList = (list: TApprovalListKey) =>
  useListQuery<TBookingRow, ApprovalFilter>({
    queryKey: approvalKeys.list(list),
    path: `/BookingApproval/list/${list}`,
    filters: { status: BOOKING_STATUSES, filters: null },
    sortable: BOOKING_SORTABLE,
  });

/** The Booking Approval tab of one booking (only fetched for users holding booking_approval). */
export const useBookingApproval = (soNo: string | null) =>
  useQuery({
    queryKey: approvalKeys.one(soNo ?? ''),
    queryFn: ({ signal }) =>
      api.get<TBookingApproval>(`/BookingApproval/${enc(soNo ?? '')}`, undefined, { signal }),
    enabled: soNo !== null,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** Candidate sailings and rates of one booking (compareso). */
export const useCompare = (soNo: string | null) =>
  useQuery({
    queryKey: approvalKeys.compare(soNo ?? ''),
    queryFn: ({ signal }) =>
      api.get<TCompareResponse>(`/BookingApproval/${enc(soNo ?? '')}/compare`, undefined, { signal }),
    enabled: soNo !== null,
    refetchOnWindowFocus: false,
    retry: false,
    gcTime: 0,
  });

/** Candidate sailings and rates of several bookings side by side (compareso). */
export const useCompareMany = (soNos: string[]) =>
  useQuery({
    queryKey: approvalKeys.compareMany(soNos),
    queryFn: ({ signal }) =>
      api.get<TCompareResponse[]>('/BookingApproval/compare', { so_nos: soNos.join(',') }, { signal }),
    enabled: soNos.length > 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** The version of a booking right now (the comparison page proposes with it). */
export const bookingVersion = async (soNo: string) =>
  (await api.get<TBooking>(`/Booking/${enc(soNo)}`)).version;

export interface ApprovalActionInput {
  soNo: string;
  action: TApprovalAction;
  version: number;
  reason?: string | null;
  proposal_id?: number | null;
  proposals?: TProposalInput[] | null;
}

/**
 * Takes one approval action. Afterwards the approval, the booking (its sailing and version change), the
 * lists, dashboards and the history are refreshed.
 */
export function useApprovalAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ soNo, action, ...body }: ApprovalActionInput) =>
      api.post<TBookingApproval>(`/BookingApproval/${enc(soNo)}/actions/${action}`, body),
    onSuccess: (saved) => {
      qc.setQueryData(approvalKeys.one(saved.so_no), saved);
      void refreshAfterApproval(qc, saved.so_no);
    },
  });
}

/** Everything an approval change may have touched (also used after a 409 to reload). */
export function refreshAfterApproval(qc: ReturnType<typeof useQueryClient>, soNo: string) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: approvalKeys.one(soNo) }),
    qc.invalidateQueries({ queryKey: ['booking-approval', 'list'] }),
    qc.invalidateQueries({ queryKey: approvalKeys.dashboard }),
    qc.invalidateQueries({ queryKey: ['booking-approval', 'compare'] }),
    qc.invalidateQueries({ queryKey: ['booking-approval', 'compare-many'] }),
    qc.invalidateQueries({ queryKey: ['booking', 'one', soNo] }),
    qc.invalidateQueries({ queryKey: ['booking', 'list'] }),
    qc.invalidateQueries({ queryKey: ['booking', 'dashboard'] }),
    qc.invalidateQueries({ queryKey: ['history', `/Booking/${enc(soNo)}/history`] }),
  ]);
}
