import { formatMoney, money, type TInvoiceJobProfit } from '@portal/contracts';
import { Alert, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/i18n/error-text';
import { useInvoiceProfit } from './invoice-api';

type Job = TInvoiceJobProfit['jobs'][number];

/** P&L tab (002 §3 P&L lines, GP summary): revenue from the jobs' AR, cost from their AP, net of tax. */
export function InvoiceProfitTab({ id, active }: { id: number; active: boolean }) {
  const { t, i18n } = useTranslation('invoice');
  const q = useInvoiceProfit(id, active);
  const cur = q.data?.base_currency ?? '';
  const fmt = (v: string) => formatMoney(v, cur, i18n.language);
  const jobs = q.data?.jobs ?? [];
  const sum = (pick: (j: Job) => string) => money.sum(jobs.map(pick));
  if (q.error) return <Alert type="error" showIcon message={errorText(t, q.error)} />;
  return (
    <Table<Job>
      size="small"
      rowKey="job_no"
      loading={q.isPending}
      dataSource={jobs}
      pagination={false}
      data-testid="invoice-profit"
      columns={[
        { key: 'job_no', title: t('field.job_nos'), dataIndex: 'job_no' },
        {
          key: 'revenue',
          title: t('pl.revenue', { currency: cur }),
          align: 'right',
          render: (_, j) => fmt(j.revenue),
        },
        {
          key: 'cost',
          title: t('pl.cost', { currency: cur }),
          align: 'right',
          render: (_, j) => fmt(j.cost),
        },
        {
          key: 'profit',
          title: t('pl.profit', { currency: cur }),
          align: 'right',
          render: (_, j) => <b>{fmt(j.profit)}</b>,
        },
        { key: 'invoices', title: t('pl.invoices'), dataIndex: 'invoices', align: 'right' },
      ]}
      summary={() =>
        jobs.length > 1 ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('totals.total')}</Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {fmt(sum((j) => j.revenue))}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {fmt(sum((j) => j.cost))}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              {fmt(sum((j) => j.profit))}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} />
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}
