import type { TFinanceCard } from '@portal/contracts';

/**
 * The finance screens' links and filter text without React: the filter bar read from the address, where each
 * dashboard card and each overdue customer opens, and a typed filter's value.
 */

/** The filter bar's URL parameters, shared by the dashboard, the lists and the report. */
export const FILTER_NAMES = ['office', 'currency', 'customer', 'preset', 'as_of'] as const;
export type FinanceFilterName = (typeof FILTER_NAMES)[number];
export type FinanceFilterValues = Partial<Record<FinanceFilterName, string>>;

/** The filter bar's values in the address (empty ones left out). */
export function filterOf(params: URLSearchParams): FinanceFilterValues {
  const filter: FinanceFilterValues = {};
  for (const n of FILTER_NAMES) {
    const v = params.get(n);
    if (v) filter[n] = v;
  }
  return filter;
}

/** Where each card opens (its list), with the filter bar carried along. */
const CARD_LINK: Record<TFinanceCard, { path: string; query?: Record<string, string> }> = {
  receivable: { path: '/FIN/Search/Outstanding', query: { inv_type: 'AR' } },
  payable: { path: '/FIN/Search/Outstanding', query: { inv_type: 'AP' } },
  overdue: { path: '/FIN/Search/OverdueInvoicing', query: { inv_type: 'AR' } },
  lateInvoicing: { path: '/FIN/Search/LateInvoicing' },
  dueThisWeek: { path: '/FIN/Search/DueThisWeek', query: { inv_type: 'AR' } },
  postedThisPeriod: { path: '/FIN/Search/PostedThisPeriod' },
  unposted: { path: '/FIN/Search/PendingPosting' },
  creditBreaches: { path: '/FIN/Search/CustomerOverdueReport', query: { breach: 'true' } },
};

/** A dashboard card's list with the filter bar's values (the overdue report has no date preset). */
export function cardLink(card: TFinanceCard, filter: FinanceFilterValues): string {
  const l = CARD_LINK[card];
  const qs = new URLSearchParams({
    ...(card === 'creditBreaches' ? { ...filter, preset: '' } : filter),
    ...l.query,
  });
  for (const [k, v] of [...qs]) if (!v) qs.delete(k);
  return `${l.path}${qs.size ? `?${qs}` : ''}`;
}

/** An overdue customer's outstanding receivables, with the report's office, currency and day. */
export function overdueDrillLink(accountCode: string, filters: Partial<Record<string, string>>): string {
  const p = new URLSearchParams({ inv_type: 'AR', customer: accountCode });
  for (const k of ['office', 'currency', 'as_of'] as const) {
    const v = filters[k];
    if (v) p.set(k, v);
  }
  return `/FIN/Search/Outstanding?${p}`;
}

/** The statement PDF's language for the screen's. */
export const statementLang = (lang: string) =>
  lang === 'zh-HK' ? 'zh_hk' : lang === 'zh-CN' ? 'zh_cn' : 'en';

/** A text filter's value as applied: codes in capitals, trimmed; nothing for an empty box. */
export const typedFilter = (text: string, upper: boolean): string | undefined =>
  (upper ? text.toUpperCase() : text).trim() || undefined;
