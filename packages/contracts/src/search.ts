import { z } from 'zod';

export * from './search-catalogue';

/** Search input: at least one character that is not a space or dash after normalising (checked by the server). */
export const ZSearchDocumentsQuery = z.object({
  q: z.string().max(100).describe('number prefix; case, spaces and dashes are ignored'),
  limit: z.coerce.number().int().min(1).max(50).default(20).describe('most hits in the answer (all kinds)'),
});
export type TSearchDocumentsQuery = z.infer<typeof ZSearchDocumentsQuery>;

export const ZSearchHit = z.object({
  kind: z.string(),
  id: z.string(),
  /** The document's own number (the title). */
  display_no: z.string(),
  /** Which number matched ('so_no', 'container_no', 'party_code', ...). */
  field: z.string(),
  /** The matched number as written on the document. */
  number: z.string(),
  status: z.string().nullable(),
  subtitle: z.string().nullable(),
  /** Key dates by name ('etd', 'eta', ...), ISO dates. */
  dates: z.record(z.string(), z.string().nullable()),
  /** Web path that opens the document. */
  href: z.string(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchDocumentsResponse = z.object({
  /** The normalised query the index was searched with. */
  normalised: z.string(),
  /** Hits grouped by kind, groups in the kinds' order, hits by number within a group. */
  groups: z.array(z.object({ kind: z.string(), hits: z.array(ZSearchHit) })),
});
export type TSearchDocumentsResponse = z.infer<typeof ZSearchDocumentsResponse>;
