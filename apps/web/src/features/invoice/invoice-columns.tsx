import { formatMoney, type TInvoiceRow } from '@portal/contracts';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../shared/list/data-table';
import { useInvoiceLabels } from './invoice-labels';
import { invoicePath } from './invoice-paths';

const AGE_COLOUR = { none: 'default', yellow: 'gold', red: 'red' } as const;

/**
 * Columns of the invoice lists (Search and stage lists). The date, currency and amount come right after the
 * account (issue 38: an approver saw neither without scrolling); the totals per currency are below the table. `settlement`: the Settled/Unsettled lists show the
 * settled and outstanding amounts and the payment marker (hidden by default elsewhere).
 */
export function useInvoiceColumns(settlement = false): DataTableColumn<TInvoiceRow>[] {
  const { t, i18n } = useTranslation('invoice');
  const labels = useInvoiceLabels();
  return useMemo(() => {
    const cols: DataTableColumn<TInvoiceRow>[] = [
      {
        key: 'invoice_no',
        title: t('field.invoice_no'),
        sortable: true,
        alwaysVisible: true,
        width: 170,
        render: (_, r) => (
          <Link to={invoicePath(r.inv_type, r.inv_id)} data-testid={`invoice-link-${r.invoice_no}`}>
            {r.invoice_no}
          </Link>
        ),
      },
      { key: 'inv_type', title: t('field.inv_type'), width: 80, render: (_, r) => labels.type(r.inv_type) },
      { key: 'kind', title: t('field.kind'), width: 130, render: (_, r) => labels.kind(r.kind) },
      {
        key: 'status',
        title: t('field.status'),
        sortable: true,
        width: 170,
        render: (_, r) => <Tag data-testid={`invoice-status-${r.invoice_no}`}>{labels.status(r.status)}</Tag>,
      },
      {
        key: 'age_colour',
        title: t('field.age_colour'),
        width: 100,
        render: (_, r) => (
          <Tag color={AGE_COLOUR[r.age_colour]} data-testid={`invoice-age-${r.invoice_no}`}>
            {t(`age.${r.age_colour}`)}
          </Tag>
        ),
      },
      { key: 'account_code', title: t('field.account_code'), sortable: true, width: 120 },
      { key: 'account_name', title: t('field.account_name'), width: 220 },
      { key: 'invoice_date', title: t('field.invoice_date'), sortable: true, width: 120 },
      { key: 'currency', title: t('field.currency'), width: 90 },
      {
        key: 'total_amount',
        title: t('field.total_amount'),
        sortable: true,
        width: 140,
        align: 'right',
        render: (_, r) => formatMoney(r.total_amount, r.currency, i18n.language),
      },
      { key: 'job_nos', title: t('field.job_nos'), width: 170, render: (_, r) => r.job_nos.join(', ') },
      { key: 'hbl_no', title: t('field.hbl_no'), width: 150 },
      {
        key: 'settled_amount',
        title: t('field.settled_amount'),
        width: 140,
        align: 'right',
        defaultHidden: !settlement,
        render: (_, r) => formatMoney(r.settled_amount, r.currency, i18n.language),
      },
      {
        key: 'outstanding_amount',
        title: t('field.outstanding_amount'),
        width: 140,
        align: 'right',
        defaultHidden: !settlement,
        render: (_, r) => (
          <span data-testid={`invoice-outstanding-${r.invoice_no}`}>
            {formatMoney(r.outstanding_amount, r.currency, i18n.language)}
          </span>
        ),
      },
      {
        key: 'payment_marker',
        title: t('field.payment_marker'),
        width: 110,
        defaultHidden: !settlement,
      },
      { key: 'ap_ref', title: t('field.ap_ref'), width: 140, defaultHidden: true },
      { key: 'group_no', title: t('field.group_no'), width: 120, defaultHidden: true },
      { key: 'office_code', title: t('field.office_code'), width: 90, defaultHidden: true },
    ];
    if (!settlement) return cols;
    // Settled/Unsettled: the settlement columns right after the status, so the default layout shows them.
    const keys = ['settled_amount', 'outstanding_amount', 'payment_marker'];
    const rest = cols.filter((c) => !keys.includes(c.key));
    const at = rest.findIndex((c) => c.key === 'status') + 1;
    return [...rest.slice(0, at), ...cols.filter((c) => keys.includes(c.key)), ...rest.slice(at)];
  }, [t, i18n.language, labels, settlement]);
}
