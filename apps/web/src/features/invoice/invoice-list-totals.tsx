import { formatMoney, type TInvoiceTotals } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/http';
import { Typography } from '../../shared/plain/typography';
import { LIST_KEY } from './invoice-api';

/**
 * Totals per currency of an invoice list over every row its search and filters match, not just the page
 * (issue 38: an approver must not approve blind). `path` is the list's API path; its `/totals` answers them,
 * or `capped` when more rows match than the server sums.
 */
export function InvoiceListTotals({ path, query }: { path: string; query: Record<string, string | number> }) {
  const { t, i18n } = useTranslation('invoice');
  const totals = useQuery({
    queryKey: [...LIST_KEY, 'totals', path, query],
    queryFn: ({ signal }) => api.get<TInvoiceTotals>(`${path}/totals`, query, { signal }),
    placeholderData: keepPreviousData,
  });
  const d = totals.data;
  if (!d) return null;
  const count = new Intl.NumberFormat(i18n.language).format(d.count);
  return (
    <Flex wrap gap="small 24px" align="baseline" role="status" data-testid="invoice-list-totals">
      {d.capped ? (
        <Typography.Text type="secondary">{t('listTotals.capped', { count })}</Typography.Text>
      ) : (
        <>
          <Typography.Text strong>{t('listTotals.label', { count })}</Typography.Text>
          {d.currencies.length === 0 && <Typography.Text type="secondary">—</Typography.Text>}
          {d.currencies.map((c) => (
            <span key={c.currency} data-testid={`invoice-list-total-${c.currency}`}>
              <Typography.Text strong>
                {c.currency} {formatMoney(c.total_amount, c.currency, i18n.language)}
              </Typography.Text>{' '}
              <Typography.Text type="secondary">
                {t('listTotals.outstanding', {
                  count: c.count,
                  amount: formatMoney(c.outstanding_amount, c.currency, i18n.language),
                })}
              </Typography.Text>
            </span>
          ))}
        </>
      )}
    </Flex>
  );
}
