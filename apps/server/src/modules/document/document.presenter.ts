import type { TDocument } from '@portal/contracts';
import type { DocumentRow } from './document.repository';

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/** What leaves the server about a document: its metadata, never a storage path. */
export const presentDocument = (r: DocumentRow): TDocument => ({
  document_id: r.document_id,
  entity_type: r.entity_type,
  entity_id: r.entity_id,
  document_type: r.document_type,
  file_name: r.file_name,
  content_type: r.content_type,
  size_bytes: r.size_bytes,
  sha256: r.sha256,
  uploaded_by: r.uploaded_by,
  uploaded_by_name: r.uploaded_by_name,
  uploaded_at: new Date(r.uploaded_at).toISOString(),
  removed: r.removed,
  removed_by: r.removed_by,
  removed_by_name: r.removed_by_name,
  removed_at: iso(r.removed_at),
  version: r.version,
});
