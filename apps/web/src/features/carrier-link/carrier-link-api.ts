import {
  CARRIER_LINK_MSG,
  type TCarrierBookingView,
  type TCarrierConnection,
  type TCarrierConnectionSave,
  type TCarrierConnectionTestResult,
  type TMblCarrierView,
} from '@portal/contracts';
import { type Query, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../shared/api/http';
import {
  bookingRefetchInterval,
  type CarrierBookingDoc,
  carrierBookingBase,
  mblRefetchInterval,
} from './carrier-link-model';

const enc = encodeURIComponent;

/**
 * Query keys: the document's number is part of each, so the notification socket's live-document watch of the
 * plan or bill (features/notification useLiveDocument: every query naming the number) re-reads the panel too.
 */
export const carrierLinkKeys = {
  connection: (carrierId: number) => ['carrier-link', 'connection', carrierId] as const,
  /** A plan's (['carrier-link', 'consolidation', no]) or an FCL booking's (['carrier-link', 'booking', SO#]). */
  booking: (doc: CarrierBookingDoc) =>
    ['carrier-link', doc.kind === 'consol' ? 'consolidation' : 'booking', doc.no] as const,
  mbl: (no: string) => ['carrier-link', 'master-bl', no] as const,
};

/** Every cached query about a document (its plan, history, carrier view): re-read after a carrier move. */
const aboutDoc = (no: string) => (q: Query) => q.queryKey.some((k) => String(k) === no);

// --- Carrier connection (carrier maintenance, funcId admin) ------------------------------------------------

/** GET /Carrier/{id}/connection: the connection, or null when the carrier has none yet. */
export const useCarrierConnection = (carrierId: number) =>
  useQuery({
    queryKey: carrierLinkKeys.connection(carrierId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<TCarrierConnection>(`/Carrier/${carrierId}/connection`, undefined, { signal });
      } catch (e) {
        if (
          e instanceof ApiError &&
          e.status === 404 &&
          e.body?.msgKey === CARRIER_LINK_MSG.connectionNotFound
        )
          return null;
        throw e;
      }
    },
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useSaveCarrierConnection = (carrierId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCarrierConnectionSave) =>
      api.put<TCarrierConnection>(`/Carrier/${carrierId}/connection`, body),
    onSuccess: (saved) => qc.setQueryData(carrierLinkKeys.connection(carrierId), saved),
  });
};

/** POST /Carrier/{id}/connection/test: tries the stored credentials; the connection's state changes with it. */
export const useTestCarrierConnection = (carrierId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TCarrierConnectionTestResult>(`/Carrier/${carrierId}/connection/test`),
    onSettled: () => qc.invalidateQueries({ queryKey: carrierLinkKeys.connection(carrierId) }),
  });
};

// --- The carrier booking of a consolidation plan or an FCL booking (one shape) -----------------------------

/**
 * GET /Consolidation/{no}/carrier or /Booking/{so_no}/carrier, re-read every few seconds while the carrier works
 * on the booking. `enabled: false` while there is no saved document.
 */
export const useCarrierBooking = (doc: CarrierBookingDoc, enabled = true) =>
  useQuery({
    queryKey: carrierLinkKeys.booking(doc),
    queryFn: ({ signal }) =>
      api.get<TCarrierBookingView>(`${carrierBookingBase(doc)}/carrier`, undefined, { signal }),
    enabled: enabled && !!doc.no,
    retry: false,
    refetchInterval: (q) => bookingRefetchInterval(q.state.data),
    refetchIntervalInBackground: false,
  });

export type CarrierBookingMove =
  | { move: 'send'; version: number }
  | { move: 'cancel'; version: number; reason: string | null }
  | { move: 'accept'; version: number; fields: string[] };

export const useCarrierBookingMove = (doc: CarrierBookingDoc) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ move, ...body }: CarrierBookingMove) =>
      api.post<unknown>(`${carrierBookingBase(doc)}/carrier/${move}`, body),
    // The document itself may change (accepted fields, a booking's carrier booking status, its version): every
    // query of the document (the plan's or the booking form's data, its history) is read again.
    onSettled: () => qc.invalidateQueries({ predicate: aboutDoc(doc.no) }),
  });
};

// --- The master bill's shipping instructions and transport document ---------------------------------------

export const useMblCarrier = (no: string) =>
  useQuery({
    queryKey: carrierLinkKeys.mbl(no),
    queryFn: ({ signal }) => api.get<TMblCarrierView>(`/MasterBL/${enc(no)}/carrier`, undefined, { signal }),
    retry: false,
    refetchInterval: (q) => mblRefetchInterval(q.state.data),
    refetchIntervalInBackground: false,
  });

export type MblCarrierMove =
  | { move: 'submit'; version: number }
  | { move: 'approve'; version: number }
  | { move: 'accept'; version: number; fields: string[] };

export const useMblCarrierMove = (no: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ move, ...body }: MblCarrierMove) =>
      api.post<unknown>(`/MasterBL/${enc(no)}/carrier/${move}`, body),
    onSettled: () => qc.invalidateQueries({ predicate: aboutDoc(no) }),
  });
};
