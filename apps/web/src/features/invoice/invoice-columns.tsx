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
 * Columns of the invoice lists (Search and stage lists): the date, currency and amount are among the columns
 * shown by default (issue 38), the totals per currency below the table. `settlement`: the Settled/Unsettled
 * lists show the settled and outstanding amounts and the payment marker (hidden by default elsewhere).
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
        width: 140,
        render: (_, r) => <Tag data-testid={`invoice-status-${r.invoice_no}`}>{labels.status(r.status)}</Tag>,
      },
      {
        key: 'age_colour',
        title: t('field.age_colour'),
        width: 90,
        render: (_, r) => (
          <Tag color={AGE_COLOUR[r.age_colour]} data-testid={`invoice-age-${r.invoice_no}`}>
            {t(`age.${r.age_colour}`)}
          </Tag>
        ),
      },
      { key: 'account_code', title: t('field.account_code'), sortable: true, width: 100 },
      { key: 'account_name', title: t('field.account_name'), width: 170 },
      { key: 'invoice_date', title: t('field.invoice_date'), sortable: true, width: 100 },
      { key: 'currency', title: t('field.currency'), width: 70 },
      {
        key: 'total_amount',
        title: t('field.total_amount'),
        sortable: true,
        width: 120,
        align: 'right',
        render: (_, r) => formatMoney(r.total_amount, r.currency, i18n.language),
      },
      { key: 'job_nos', title: t('field.job_nos'), width: 170, render: (_, r) => r.job_nos.join(', ') },
      { key: 'hbl_no', title: t('field.hbl_no'), width: 150 },
      {
        key: 'settled_amount',
        title: t('field.settled_amount'),
        width: 110,
        align: 'right',
        defaultHidden: !settlement,
        render: (_, r) => formatMoney(r.settled_amount, r.currency, i18n.language),
      },
      {
        key: 'outstanding_amount',
        title: t('field.outstanding_amount'),
        width: 120,
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
    // The default layout shows the leading columns that fit DEFAULT_VISIBLE_WIDTH (shared/list/column-layout.ts),
    // so the order decides what an approver sees without opening the column options (issue 38: the date,
    // currency and amount came after the job and bill numbers and started hidden).
    const order = settlement
      ? // Settled/Unsettled: the settlement amounts first.
        [
          'invoice_no',
          'status',
          'account_code',
          'account_name',
          'currency',
          'total_amount',
          'outstanding_amount',
          'settled_amount',
          'invoice_date',
          'payment_marker',
          'age_colour',
        ]
      : [
          'invoice_no',
          'status',
          'age_colour',
          'account_code',
          'account_name',
          'invoice_date',
          'currency',
          'total_amount',
        ];
    const first = order.map((k) => cols.find((c) => c.key === k)).filter((c) => c !== undefined);
    return [...first, ...cols.filter((c) => !order.includes(c.key))];
  }, [t, i18n.language, labels, settlement]);
}
