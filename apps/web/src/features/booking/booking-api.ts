import type { ZBookingDashboard, ZBookingValidationResult } from '@portal/contracts';
import {
  BOOKING_SORTABLE,
  BOOKING_STATUSES,
  type TBooking,
  type TBookingAction,
  type TBookingListKey,
  type TBookingRow,
  type TSailingSchedule,
  type TShippingOrderFields,
  type TShippingOrderInput,
  type TStatusHistoryEntry,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/http';
import { useListQuery } from '../../shared/list/use-list-query';
import { signalBookingSaved } from './booking-cross-tab';

export type TBookingDashboard = z.output<typeof ZBookingDashboard>;
export type TBookingValidationResult = z.output<typeof ZBookingValidationResult>;

/** Select filters of the booking lists, plus `filters`: the custom filter rules (JSON). */
export type BookingFilter = 'status' | 'filters';

export const bookingHistoryApiPath = (soNo: string) => `/Booking/${encodeURIComponent(soNo)}/history`;
const enc = encodeURIComponent;

const keys = {
  dashboard: ['booking', 'dashboard'] as const,
  list: (list: TBookingListKey) => ['booking', 'list', list] as const,
  one: (soNo: string) => ['booking', 'one', soNo] as const,
  copy: (soNo: string) => ['booking', 'copy', soNo] as const,
};

/** Counts and ageing figures of the 9 lists. */
export const useBookingDashboard = () =>
  useQuery({
    queryKey: keys.dashboard,
    queryFn: ({ signal }) => api.get<TBookingDashboard>('/Booking/dashboard', undefined, { signal }),
  });

/** One of the 9 booking lists with its search, filters, sort and page in the URL. */
export function useBookingList(list: TBookingListKey) {
  return useListQuery<TBookingRow, BookingFilter>({
    queryKey: keys.list(list),
    path: `/Booking/list/${list}`,
    filters: { status: BOOKING_STATUSES, filters: null },
    sortable: BOOKING_SORTABLE,
  });
}

/** One booking (not fetched for a new one). */
export function useBooking(soNo: string | null) {
  return useQuery({
    queryKey: keys.one(soNo ?? ''),
    queryFn: ({ signal }) => api.get<TBooking>(`/Booking/${enc(soNo ?? '')}`, undefined, { signal }),
    enabled: soNo !== null,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** The fields of a booking prefilled for a new one (shipping_order_copy). */
export function useBookingCopy(soNo: string | null) {
  return useQuery({
    queryKey: keys.copy(soNo ?? ''),
    queryFn: ({ signal }) =>
      api.get<TShippingOrderFields>(`/Booking/${enc(soNo ?? '')}/copy`, undefined, { signal }),
    enabled: soNo !== null,
    refetchOnWindowFocus: false,
    retry: false,
    gcTime: 0,
  });
}

/** After any change: the booking itself, the lists, the dashboard and the history. */
export function useBookingSaved() {
  const qc = useQueryClient();
  return (saved: TBooking) => {
    // 000 §4: other tabs showing this booking re-read it when its sailing or filing parties changed
    signalBookingSaved(qc.getQueryData<TBooking>(keys.one(saved.so_no)), saved);
    qc.setQueryData(keys.one(saved.so_no), saved);
    void qc.invalidateQueries({ queryKey: ['booking', 'list'] });
    void qc.invalidateQueries({ queryKey: keys.dashboard });
    void qc.invalidateQueries({ queryKey: ['history', bookingHistoryApiPath(saved.so_no)] });
  };
}

/** Creates a booking; the idempotency key makes a retried call answer the first booking. */
export function useCreateBooking() {
  const onSuccess = useBookingSaved();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TShippingOrderInput; idempotencyKey: string }) =>
      api.post<TBooking>('/Booking', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess,
  });
}

/** Saves a booking with the version that was loaded. */
export function useUpdateBooking() {
  const onSuccess = useBookingSaved();
  return useMutation({
    mutationFn: ({ soNo, body }: { soNo: string; body: TShippingOrderInput & { version: number } }) =>
      api.put<TBooking>(`/Booking/${enc(soNo)}`, body),
    onSuccess,
  });
}

/** The booking validation (000 §8) before an action: the SOs blocked by a job or a party. */
export const validateBookingAction = (action: TBookingAction, soNos: string[]) =>
  api.post<TBookingValidationResult[]>('/Booking/validate', { action, so_nos: soNos });

/** Takes one action of the transition table on a booking. */
export function useBookingAction() {
  const onSuccess = useBookingSaved();
  return useMutation({
    mutationFn: ({
      soNo,
      action,
      version,
      reason,
    }: {
      soNo: string;
      action: TBookingAction;
      version: number;
      reason?: string | null;
    }) => api.post<TBooking>(`/Booking/${enc(soNo)}/actions/${action}`, { version, reason: reason ?? null }),
    onSuccess,
  });
}

export type BookingHistory = TStatusHistoryEntry[];

/** A sailing as the picker shows it (a sailing schedule row, or one of a booking's related sailings). */
export type SailingOption = Pick<
  TSailingSchedule,
  | 'sailing_schedule_id'
  | 'carrier_code'
  | 'vessel_name'
  | 'voyage'
  | 'pol'
  | 'pod'
  | 'etd'
  | 'eta'
  | 'cfs_cutoff'
  | 'cy_cutoff'
  | 'vgm_cutoff'
  | 'si_cutoff'
  | 'is_tbc'
>;

/**
 * Sailings of a lane departing in a window, for the sailing picker: the sailing schedules when the user
 * may read them (admin), else (a saved booking) the booking's related sailings: same lane, near its ETD.
 */
export async function searchSailings(q: {
  pol: string;
  pod: string;
  etd_from?: string;
  etd_to?: string;
  soNo?: string | null;
}): Promise<SailingOption[]> {
  const res = await api.get<{ rows: SailingOption[] }>('/SailingSchedule/for-booking', {
    pol: q.pol,
    pod: q.pod,
    etd_from: q.etd_from,
    etd_to: q.etd_to,
    pageSize: 50,
    sort: 'etd',
  });
  return res.rows;
}
