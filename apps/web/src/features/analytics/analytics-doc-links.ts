import type { ANALYTICS_DOC_KINDS, FuncId } from '@portal/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AnalyticsDocKind = (typeof ANALYTICS_DOC_KINDS)[number];

/**
 * Where a document behind a figure opens: the screen it opens on everywhere else, and the function the viewer
 * needs for it (without it the number is shown as text). The paths are the other features' routes (001 §2,
 * 002 §2); written out here because a feature imports no other feature's files.
 */
const LINKS: Record<AnalyticsDocKind, { funcId: FuncId; path: (key: string) => string }> = {
  booking: { funcId: 'booking', path: (k) => `/BMS/enhance_booking/shipping_order/${encodeURIComponent(k)}` },
  consolidation: {
    funcId: 'consolidation',
    path: (k) => `/BMS/consolidation/consolidation_management/${encodeURIComponent(k)}`,
  },
  master_bl: { funcId: 'master_bl', path: (k) => `/BMS/master_bl/master_bl/${encodeURIComponent(k)}` },
  // /INV/Details/{inv_id} forwards to the AR or AP detail, whichever the invoice is.
  invoice: { funcId: 'm_ap', path: (k) => `/INV/Details/${encodeURIComponent(k)}` },
  party: { funcId: 'party', path: (k) => `/BMS/party/party_maintenance/${encodeURIComponent(k)}` },
  // A user's uid opens the user; another key (a login id) opens the user list searched for it.
  user: {
    funcId: 'admin',
    path: (k) =>
      UUID.test(k)
        ? `/BMS/user_maintenance/${encodeURIComponent(k)}`
        : `/BMS/user_maintenance?q=${encodeURIComponent(k)}`,
  },
  // A job has no screen of its own: the invoice search finds its invoices.
  job: { funcId: 'm_ap', path: (k) => `/INV/Search?q=${encodeURIComponent(k)}` },
};

/** The document's screen, or null when the viewer may not open it (hasFunc is the session's). */
export function documentPath(
  kind: AnalyticsDocKind,
  key: string,
  hasFunc: (f: FuncId) => boolean,
): string | null {
  const link = LINKS[kind];
  if (!link) return null;
  // An AR invoice is readable with m_ar alone.
  const allowed = hasFunc(link.funcId) || (kind === 'invoice' && hasFunc('m_ar'));
  return allowed ? link.path(key) : null;
}
