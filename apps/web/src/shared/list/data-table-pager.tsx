import { PAGE_SIZES } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The page numbers to show: all of them up to 7 pages, else 1 … around the current page … the last. */
export function pageItems(current: number, pages: number): (number | 'gap-start' | 'gap-end')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const from = Math.max(2, Math.min(current - 2, pages - 5));
  const to = Math.min(pages - 1, Math.max(current + 2, 6));
  const items: (number | 'gap-start' | 'gap-end')[] = [1];
  if (from > 2) items.push('gap-start');
  for (let p = from; p <= to; p++) items.push(p);
  if (to < pages - 1) items.push('gap-end');
  items.push(pages);
  return items;
}

export interface DataTablePagerProps {
  page: number;
  pageSize: number;
  /** Rows the numbered pages reach (the list's total, capped at the deepest numbered page). */
  total: number;
  /** "Total N records", shown first. */
  totalText: ReactNode;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/**
 * The numbered pager under a DataTable (issue 20: antd's Pagination and its Select were most of a list's
 * weight): a navigation landmark of native buttons, the current page marked `aria-current="page"`, and a
 * native select for the page size.
 */
export function DataTablePager({
  page,
  pageSize,
  total,
  totalText,
  onPage,
  onPageSize,
}: DataTablePagerProps) {
  const { t } = useTranslation('list');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="portal-dt-pager" aria-label={t('pager')} data-testid="data-table-pager">
      <span className="portal-dt-pager-total">{totalText}</span>
      <button
        type="button"
        className="portal-dt-page"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('pagePrev')}
        data-testid="data-table-page-prev"
      >
        <span aria-hidden>‹</span>
      </button>
      {pageItems(page, pages).map((p) =>
        typeof p === 'number' ? (
          <button
            key={p}
            type="button"
            className="portal-dt-page"
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('pageN', { page: p })}
            onClick={() => p !== page && onPage(p)}
            data-testid={`data-table-page-${p}`}
          >
            {p}
          </button>
        ) : (
          <span key={p} className="portal-dt-page-gap" aria-hidden>
            …
          </span>
        ),
      )}
      <button
        type="button"
        className="portal-dt-page"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t('pageNext')}
        data-testid="data-table-page-next"
      >
        <span aria-hidden>›</span>
      </button>
      <select
        className="portal-dt-page-size"
        value={pageSize}
        aria-label={t('pageSizeLabel')}
        onChange={(e) => onPageSize(Number(e.target.value))}
        data-testid="data-table-page-size"
      >
        {PAGE_SIZES.map((s) => (
          <option key={s} value={s}>
            {t('pageSizeOption', { size: s })}
          </option>
        ))}
      </select>
    </nav>
  );
}
