import type {
  TDocument,
  TDocumentEntityType,
  TDocumentUploadRules,
  TStatusHistoryEntry,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, download, upload } from '../api/http';

/** One lookup row: a document type code and its stored (English) name. */
export interface DocumentTypeOption {
  pkey: string;
  pvalue: string;
}

/** `/Document/{entityType}/{entityId}`: where an entity's documents live in the API. */
export const documentsPath = (entityType: TDocumentEntityType, entityId: string | number) =>
  `/Document/${entityType}/${entityId}`;

const keys = {
  list: (path: string) => ['documents', path] as const,
  history: (path: string) => ['documents', path, 'history'] as const,
  rules: ['documents', 'rules'] as const,
  types: ['documents', 'types'] as const,
};

/** The entity's live documents, newest first. */
export const useDocuments = (path: string, enabled = true) =>
  useQuery({
    queryKey: keys.list(path),
    queryFn: ({ signal }) => api.get<TDocument[]>(path, undefined, { signal }),
    enabled,
  });

/** Who uploaded or removed which document, and when (newest first). */
export const useDocumentHistory = (path: string, enabled = true) =>
  useQuery({
    queryKey: keys.history(path),
    queryFn: ({ signal }) => api.get<TStatusHistoryEntry[]>(`${path}/history`, undefined, { signal }),
    enabled,
  });

/** Size limit, allowed types and whether files are virus-scanned (server configuration). */
export const useUploadRules = () =>
  useQuery({
    queryKey: keys.rules,
    queryFn: ({ signal }) => api.get<TDocumentUploadRules>('/Document/rules', undefined, { signal }),
    staleTime: 10 * 60_000,
  });

/** Document types of the lookup (area 'document', type 'type'); none answers an empty list. */
export const useDocumentTypes = () =>
  useQuery({
    queryKey: keys.types,
    queryFn: ({ signal }) =>
      api.get<DocumentTypeOption[]>('/document/type/*', undefined, { signal }).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 404) return [];
        throw e;
      }),
    staleTime: 10 * 60_000,
  });

/** Uploads one file with its document type, reporting progress; refreshes the list and history. */
export function useUploadDocument(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { file: File; documentType: string; onProgress?: (percent: number) => void }) => {
      const form = new FormData();
      // the type first, so the server has it before the file streams in
      form.append('document_type', v.documentType);
      form.append('file', v.file, v.file.name);
      return upload<TDocument>(path, form, v.onProgress);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: keys.list(path) }),
  });
}

/** Removes (soft-deletes) a document read at its version. */
export function useRemoveDocument(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: TDocument) =>
      api.delete<TDocument>(`${path}/${d.document_id}`, { query: { version: d.version } }),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.list(path) }),
  });
}

/** Saves a document under its original name (the server's Content-Disposition). */
export const downloadDocument = (path: string, d: TDocument) => download(`${path}/${d.document_id}/download`);
