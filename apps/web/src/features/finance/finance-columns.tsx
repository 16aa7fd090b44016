import { formatMoney, type TFinanceInvoiceRow } from '@portal/contracts';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../shared/list/data-table';

const BUCKET_COLOUR = {
  current: 'green',
  d1_30: 'gold',
  d31_60: 'orange',
  d61_90: 'volcano',
  d90_plus: 'red',
} as const;
/** The invoice detail (the invoice module's route that picks the AR or AP screen). */
export const invoiceDetailPath = (id: number) => `/INV/Details/${id}`;

/** Columns of the finance invoice lists. */
export function useFinanceColumns(): DataTableColumn<TFinanceInvoiceRow>[] {
  const { t, i18n } = useTranslation('finance');
  return useMemo(
    () => [
      {
        key: 'invoice_no',
        title: t('field.invoice_no'),
        sortable: true,
        alwaysVisible: true,
        width: 150,
        render: (_, r) => (
          <Link to={invoiceDetailPath(r.inv_id)} data-testid={`finance-invoice-${r.invoice_no}`}>
            {r.invoice_no}
          </Link>
        ),
      },
      { key: 'inv_type', title: t('field.inv_type'), width: 60 },
      { key: 'account_code', title: t('field.account_code'), sortable: true, width: 110 },
      { key: 'account_name', title: t('field.account_name'), width: 180 },
      { key: 'currency', title: t('field.currency'), width: 70 },
      {
        key: 'outstanding_amount',
        title: t('field.outstanding_amount'),
        sortable: true,
        width: 130,
        align: 'right',
        render: (_, r) => formatMoney(r.outstanding_amount, r.currency, i18n.language),
      },
      {
        key: 'days_past_due',
        title: t('field.days_past_due'),
        width: 130,
        render: (_, r) =>
          r.bucket ? (
            <Tag color={BUCKET_COLOUR[r.bucket]} data-testid={`finance-bucket-${r.invoice_no}`}>
              {r.days_past_due !== null && r.days_past_due > 0 ? `${r.days_past_due} · ` : ''}
              {t(`bucket.${r.bucket}`)}
            </Tag>
          ) : null,
      },
      { key: 'due_date', title: t('field.due_date'), width: 100 },
      { key: 'invoice_date', title: t('field.invoice_date'), sortable: true, width: 100 },
      {
        key: 'base_outstanding',
        title: t('field.base_outstanding'),
        width: 140,
        align: 'right',
        render: (_, r) => formatMoney(r.base_outstanding, r.base_currency, i18n.language),
      },
      {
        key: 'total_amount',
        title: t('field.total_amount'),
        sortable: true,
        width: 130,
        align: 'right',
        render: (_, r) => formatMoney(r.total_amount, r.currency, i18n.language),
      },
      { key: 'office_code', title: t('field.office_code'), width: 80 },
      { key: 'status', title: t('field.status'), width: 130 },
      {
        key: 'posted_at',
        title: t('field.posted_at'),
        sortable: true,
        width: 160,
        defaultHidden: true,
        render: (_, r) => (r.posted_at ? new Date(r.posted_at).toLocaleString(i18n.language) : ''),
      },
      { key: 'acct_process_status', title: t('field.acct_process_status'), width: 110, defaultHidden: true },
    ],
    [t, i18n.language],
  );
}
