import { formatMoney, money, type TInvoiceJobProfit } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import { PlainAlert } from '../../shared/plain/plain-alert';
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
  if (q.error) return <PlainAlert type="error" message={errorText(t, q.error)} />;
  return (
    <StaticTable<Job>
      rowKey="job_no"
      loading={q.isPending}
      rows={jobs}
      pageSize={false}
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
      summary={
        jobs.length > 1 ? (
          <tr>
            <td>{t('totals.total')}</td>
            <td style={{ textAlign: 'right' }}>{fmt(sum((j) => j.revenue))}</td>
            <td style={{ textAlign: 'right' }}>{fmt(sum((j) => j.cost))}</td>
            <td style={{ textAlign: 'right' }}>{fmt(sum((j) => j.profit))}</td>
            <td />
          </tr>
        ) : null
      }
    />
  );
}
