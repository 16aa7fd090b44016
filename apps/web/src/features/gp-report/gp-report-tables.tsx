import { formatMoney, type TGpInvoice, type TGpJob, type TGpReportName } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../shared/auth';
import { useCodeWord, useStatusWord } from '../../shared/i18n/code-words';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable, type StaticTableColumn } from '../../shared/list/static-table';
import { type GpDrill, useGpInvoices, useGpJobs } from './gp-report-api';

const BOOKING_PATH = '/BMS/enhance_booking/shipping_order';

/** A failed load, in words (a plain alert: the report pages load without antd, issue 20). */
export function GpError({ error }: { error: unknown }) {
  const { t } = useTranslation('gp-report');
  return (
    <div className="plain-alert plain-alert--error" role="alert">
      {errorText(t, error)}
    </div>
  );
}

/** The jobs behind a figure (shipment details), paged; a job expands to its invoices. */
export function JobsTable({ name, drill }: { name: TGpReportName; drill: GpDrill }) {
  const { t, i18n } = useTranslation('gp-report');
  const session = useSession();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const q = useGpJobs(name, drill, page, pageSize);
  const cur = q.data?.base_currency ?? '';
  const fmt = (v: string) => formatMoney(v, cur, i18n.language);
  const canBooking = session.hasFunc('booking');
  const canInvoices = session.hasFunc('m_ap');
  const cols: StaticTableColumn<TGpJob>[] = [
    {
      key: 'job_no',
      nowrap: true,
      title: t('col.job'),
      render: (_, r) =>
        canInvoices ? <Link to={`/INV/Search?q=${encodeURIComponent(r.job_no)}`}>{r.job_no}</Link> : r.job_no,
    },
    {
      key: 'so',
      nowrap: true,
      title: t('col.so'),
      render: (_, r) =>
        r.so_nos.map((so) =>
          canBooking ? (
            <Link key={so} to={`${BOOKING_PATH}/${encodeURIComponent(so)}`} style={{ marginRight: 6 }}>
              {so}
            </Link>
          ) : (
            <span key={so} style={{ marginRight: 6 }}>
              {so}
            </span>
          ),
        ),
    },
    { key: 'month', title: t('dim.month'), dataIndex: 'month', nowrap: true },
    { key: 'office', title: t('dim.office'), dataIndex: 'office' },
    { key: 'mode', title: t('dim.mode'), render: (_, r) => `${r.mode} ${r.service}` },
    { key: 'pol', title: t('dim.pol'), dataIndex: 'pol' },
    { key: 'customer', title: t('dim.customer'), render: (_, r) => `${r.customer} ${r.customer_name}` },
    { key: 'salesman', title: t('dim.salesman'), render: (_, r) => r.salesman || t('none') },
    {
      key: 'revenue',
      title: t('col.revenue', { currency: cur }),
      align: 'right',
      nowrap: true,
      render: (_, r) => fmt(r.revenue),
    },
    {
      key: 'cost',
      title: t('col.cost', { currency: cur }),
      align: 'right',
      nowrap: true,
      render: (_, r) => fmt(r.cost),
    },
    {
      key: 'gp',
      title: t('col.gp', { currency: cur }),
      align: 'right',
      nowrap: true,
      render: (_, r) => <b>{fmt(r.gp)}</b>,
    },
    { key: 'invoices', title: t('col.invoices'), align: 'right', nowrap: true, dataIndex: 'invoices' },
  ];
  if (q.error) return <GpError error={q.error} />;
  return (
    <StaticTable<TGpJob>
      rowKey="job_no"
      loading={q.isFetching}
      rows={q.data?.rows ?? []}
      columns={cols}
      data-testid="gp-jobs"
      rowTestId="gp-job-row"
      expandable={{
        render: (r) => <InvoicesTable name={name} drill={{ ...drill, job_no: r.job_no }} compact />,
      }}
      paging={{
        page,
        pageSize,
        total: q.data?.total ?? 0,
        onChange: (p, s) => {
          setPage(s === pageSize ? p : 1);
          setPageSize(s);
        },
      }}
      pageSizeChoice
      summary={
        q.data && q.data.total > 0 ? (
          // The first cell spans the expand column and the eight columns before the amounts.
          <tr>
            <td colSpan={9}>
              <b>{t('totalJobs', { count: q.data.total })}</b>
            </td>
            <td style={{ textAlign: 'right' }}>
              <b>{fmt(q.data.totals.revenue)}</b>
            </td>
            <td style={{ textAlign: 'right' }}>
              <b>{fmt(q.data.totals.cost)}</b>
            </td>
            <td style={{ textAlign: 'right' }}>
              <b data-testid="gp-jobs-total">{fmt(q.data.totals.gp)}</b>
            </td>
            <td />
          </tr>
        ) : null
      }
    />
  );
}

/** The invoices behind a figure or a job (invoice details), paged; each opens its invoice. */
export function InvoicesTable({
  name,
  drill,
  compact,
}: {
  name: TGpReportName;
  drill: GpDrill;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('gp-report');
  const statusWord = useStatusWord();
  const codeWord = useCodeWord();
  const session = useSession();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(compact ? 10 : 20);
  const q = useGpInvoices(name, drill, page, pageSize);
  const cur = q.data?.base_currency ?? '';
  const fmt = (v: string, c = cur) => formatMoney(v, c, i18n.language);
  const cols: StaticTableColumn<TGpInvoice>[] = [
    {
      key: 'invoice_no',
      nowrap: true,
      title: t('col.invoice'),
      render: (_, r) => {
        const side = r.inv_type === 'AR' ? 'ar' : 'ap';
        return session.hasFunc(r.inv_type === 'AR' ? 'm_ar' : 'm_ap') ? (
          <Link to={`/INV/${side}Details/${r.inv_id}`}>{r.invoice_no}</Link>
        ) : (
          r.invoice_no
        );
      },
    },
    { key: 'type', title: t('col.type'), render: (_, r) => `${r.inv_type} ${r.kind}` },
    {
      key: 'status',
      title: t('col.status'),
      // Words of the codes catalogue (issue 39: "APPROVED_2 / SUCCESS" before).
      render: (_, r) =>
        `${statusWord('invoice', r.status)} / ${codeWord('acctProcess', r.acct_process_status)}`,
    },
    ...(compact ? [] : [{ key: 'job', title: t('col.job'), dataIndex: 'job_no' }]),
    { key: 'account', title: t('col.account'), render: (_, r) => `${r.account_code} ${r.account_name}` },
    { key: 'date', title: t('col.invoiceDate'), dataIndex: 'invoice_date', nowrap: true },
    {
      key: 'net',
      title: t('col.net'),
      align: 'right',
      nowrap: true,
      render: (_, r) => fmt(r.net_amount, r.currency),
    },
    {
      key: 'revenue',
      title: t('col.revenue', { currency: cur }),
      align: 'right',
      nowrap: true,
      render: (_, r) => fmt(r.revenue),
    },
    {
      key: 'cost',
      title: t('col.cost', { currency: cur }),
      align: 'right',
      nowrap: true,
      render: (_, r) => fmt(r.cost),
    },
  ];
  if (q.error) return <GpError error={q.error} />;
  return (
    <StaticTable<TGpInvoice>
      rowKey={(r) => `${r.inv_id}-${r.job_no}`}
      loading={q.isFetching}
      rows={q.data?.rows ?? []}
      columns={cols}
      data-testid={compact ? 'gp-job-invoices' : 'gp-invoices'}
      paging={{
        page,
        pageSize,
        total: q.data?.total ?? 0,
        onChange: (p, s) => {
          setPage(s === pageSize ? p : 1);
          setPageSize(s);
        },
      }}
      pageSizeChoice={!compact}
    />
  );
}
