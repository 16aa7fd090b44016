import {
  INVOICE_PRINT_DEFAULTS,
  INVOICE_PRINT_PREFERENCE,
  type TInvoiceCrSummaryRequest,
  type TInvoiceEmailDefaults,
  type TInvoiceEmailRequest,
  type TInvoicePrintOptions,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, fetchBlob, saveAs } from '../../shared/api/http';
import { useContracts } from '../../shared/form/lazy-schema';
import { useSaveUserPreference, useUserPreferences } from '../../shared/list/preference-api';

/** A PDF answer as a Blob (GET with the options as query, or POST with a body for merge printouts and the CR summary). */
export const fetchPdf = (
  path: string,
  opts: { query?: Record<string, string | boolean>; body?: unknown } = {},
) => fetchBlob(path, opts);

/**
 * Opens a PDF in a new tab. The tab is opened first (inside the click, so pop-up blockers allow it) and
 * pointed at the blob once it arrives; without a tab the file is saved instead.
 */
export async function openPdf(load: () => Promise<Blob>, fileName: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await load();
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else {
      saveAs(url, fileName);
    }
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    tab?.close();
    throw e;
  }
}

export const invoicePdfQuery = (o: TInvoicePrintOptions): Record<string, string | boolean> => ({ ...o });

/** The user's remembered print options (preference `invoice_print_options` on /INV/print). */
export function usePrintOptions() {
  const prefs = useUserPreferences(INVOICE_PRINT_PREFERENCE.url, INVOICE_PRINT_PREFERENCE.type);
  const save = useSaveUserPreference();
  const stored = prefs.data?.[0];
  // The stored choice is checked with the contracts schema, loaded on demand (issue 20): until then the
  // options count as loading.
  const contracts = useContracts();
  const options = useMemo(() => {
    const parsed = contracts?.ZInvoicePrintOptions.safeParse(stored?.preference ?? {});
    return parsed?.success ? parsed.data : INVOICE_PRINT_DEFAULTS;
  }, [contracts, stored]);
  const remember = (o: TInvoicePrintOptions) =>
    save.mutateAsync({
      preference_id: stored?.preference_id,
      url: INVOICE_PRINT_PREFERENCE.url,
      preference_type: INVOICE_PRINT_PREFERENCE.type,
      preference_name: 'Print options',
      preference: o,
      isFavourite: false,
    });
  return { options, loading: prefs.isPending || !contracts, remember };
}

/** Who the e-mail dialog starts with: the invoice's remembered recipients, else the party's invoice e-mail. */
export function useEmailDefaults(id: number) {
  return useQuery({
    queryKey: ['invoice', 'email-defaults', id],
    queryFn: ({ signal }) =>
      api.get<TInvoiceEmailDefaults>(`/Invoice/${id}/email/defaults`, undefined, { signal }),
    staleTime: 0,
  });
}

/** The invoice's PDF with the given options, for the in-page preview before a print move. */
export function useInvoicePdf(id: number, options: TInvoicePrintOptions | null) {
  return useQuery({
    queryKey: ['invoice', 'pdf', id, options],
    queryFn: () =>
      fetchPdf(`/Invoice/${id}/pdf`, { query: invoicePdfQuery(options ?? INVOICE_PRINT_DEFAULTS) }),
    enabled: options !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useEmailInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TInvoiceEmailRequest }) =>
      api.post<{ msgKey: string; params: { count: number }; outbox_ids: number[] }>(
        `/Invoice/${id}/email`,
        body,
      ),
    onSuccess: (_r, { id }) => {
      void qc.invalidateQueries({ queryKey: ['invoice', 'prints', id] });
      void qc.invalidateQueries({ queryKey: ['invoice', 'one', id] });
      void qc.invalidateQueries({ queryKey: ['invoice', 'email-defaults', id] });
    },
  });
}

export const mergePdf = (ids: number[], options: TInvoicePrintOptions) =>
  fetchPdf('/Invoice/printMerge', { body: { inv_ids: ids, options } });
export const crSummaryPdf = (body: TInvoiceCrSummaryRequest) => fetchPdf('/Invoice/crSummary', { body });
