import type {
  TBookingRelated,
  TBookingRemark,
  TIsfProfile,
  TRemarkLimits,
  TVgmMessage,
  ZIsfProfileFields,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, download, fetchBlob } from '../../shared/api/http';

/** API of the booking tabs and side panels (ISF profiles, VGM, related, remarks, house doc, mobile). */

const soPath = (soNo: string) => `/Booking/${encodeURIComponent(soNo)}`;

export const extrasKeys = {
  isfProfiles: ['booking', 'isf-profiles'] as const,
  vgm: (soNo: string) => ['booking', soNo, 'vgm'] as const,
  related: (soNo: string) => ['booking', soNo, 'related'] as const,
  remarks: (soNo: string) => ['booking', soNo, 'remarks'] as const,
  remarkLimits: ['booking', 'remark-limits'] as const,
};

// ---- ISF profiles ----------------------------------------------------------------------------------

export type TIsfProfileInput = z.input<typeof ZIsfProfileFields>;

/** The signed-in user's own ISF profiles. */
export const useIsfProfiles = (enabled = true) =>
  useQuery({
    queryKey: extrasKeys.isfProfiles,
    queryFn: ({ signal }) => api.get<TIsfProfile[]>('/IsfProfile', undefined, { signal }),
    enabled,
  });

export function useSaveIsfProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: TIsfProfileInput) => api.post<TIsfProfile>('/IsfProfile', v),
    onSettled: () => qc.invalidateQueries({ queryKey: extrasKeys.isfProfiles }),
  });
}

export function useDeleteIsfProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/IsfProfile/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: extrasKeys.isfProfiles }),
  });
}

// ---- VGM ---------------------------------------------------------------------------------------------

export const useVgmMessages = (soNo: string | null) =>
  useQuery({
    queryKey: extrasKeys.vgm(soNo ?? ''),
    queryFn: ({ signal }) => api.get<TVgmMessage[]>(`${soPath(soNo ?? '')}/vgm`, undefined, { signal }),
    enabled: !!soNo,
  });

export function useSendVgm(soNo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>(`${soPath(soNo)}/vgm`, {}),
    onSettled: () => qc.invalidateQueries({ queryKey: extrasKeys.vgm(soNo) }),
  });
}

// ---- Related (side panels) -------------------------------------------------------------------------

export const useRelated = (soNo: string | null) =>
  useQuery({
    queryKey: extrasKeys.related(soNo ?? ''),
    queryFn: ({ signal }) => api.get<TBookingRelated>(`${soPath(soNo ?? '')}/related`, undefined, { signal }),
    enabled: !!soNo,
  });

// ---- Remarks -----------------------------------------------------------------------------------------

export const useRemarks = (soNo: string | null) =>
  useQuery({
    queryKey: extrasKeys.remarks(soNo ?? ''),
    queryFn: ({ signal }) =>
      api.get<TBookingRemark[]>(`${soPath(soNo ?? '')}/remarks`, undefined, { signal }),
    enabled: !!soNo,
  });

export const useRemarkLimits = () =>
  useQuery({
    queryKey: extrasKeys.remarkLimits,
    queryFn: ({ signal }) => api.get<TRemarkLimits>('/Booking/remark-limits', undefined, { signal }),
    staleTime: 10 * 60_000,
  });

export function useAddRemark(soNo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { html: string; visible_to: 'ALL' | 'INTERNAL' }) =>
      api.post<TBookingRemark>(`${soPath(soNo)}/remarks`, v),
    onSettled: () => qc.invalidateQueries({ queryKey: extrasKeys.remarks(soNo) }),
  });
}

export function useDeleteRemark(soNo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${soPath(soNo)}/remarks/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: extrasKeys.remarks(soNo) }),
  });
}

// ---- House doc ---------------------------------------------------------------------------------------

const houseDocPath = (soNo: string) => `${soPath(soNo)}/house-doc`;
/** Saves the house bill PDF under the server's file name. */
export const downloadHouseDoc = (soNo: string) => download(houseDocPath(soNo));
/** The house bill PDF as a blob (for the preview), sent with the signed-in user's bearer token. */
export const fetchHouseDoc = (soNo: string, signal?: AbortSignal): Promise<Blob> =>
  fetchBlob(houseDocPath(soNo), { signal });

// ---- Mobile hand-off ---------------------------------------------------------------------------------

/** The mobile site's address: the first item's pvalue (000 §7). */
export async function mobileSiteUrl(): Promise<string | null> {
  const rows = await api.get<Array<{ pkey?: string; pvalue?: string | null }>>('/Shipment/GetMobileSite');
  return rows?.[0]?.pvalue?.trim() || null;
}

/** The SO as the mobile site knows it (its master_so_no); a 404 means it is not there. */
export const checkSoInMobile = (soNo: string) =>
  api.get<{ master_so_no: string | null }>(`/Shipment/CheckSOExistsInMobile/${encodeURIComponent(soNo)}`);

/** A one-time token for the mobile site. */
export async function addMobileToken(userUid: string): Promise<string | null> {
  const res = await api.post<{ token?: string | null } | string | null>(
    '/Shipment/AddTokenForRedirectMobileSite',
    {},
    { query: { user_uid: userUid } },
  );
  const token = typeof res === 'string' ? res : res?.token;
  return token?.trim() || null;
}
