import { FilePdfOutlined, MailOutlined } from '@ant-design/icons';
import { formatMoney, type TOverdueReportRow } from '@portal/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { download } from '../../shared/api/http';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import type { DataTableColumn } from '../../shared/list/data-table';
import { ListScreen } from '../../shared/list/list-screen';
import { PlainButton } from '../../shared/plain/plain-button';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainStatistic } from '../../shared/plain/plain-statistic';
import { PlainTag } from '../../shared/plain/plain-tag';
import { Typography } from '../../shared/plain/typography';
import { type FinanceFilterValues, type OverdueFilter, useOverdueReport } from './finance-api';
import { FinanceFilterBar } from './finance-filter-bar';
import { overdueDrillLink, statementLang } from './finance-links';

const BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;

/** The e-mail dialog (antd's Modal) loads when a statement is first e-mailed (issue 20). */
const EmailStatement = lazy(() => import('./statement-email-dialog'));

/**
 * /FIN/Search/CustomerOverdueReport (m_fin_customer_overdue_report): per customer, its open receivables by
 * ageing bucket against the credit limit and deadline, reminders due; drill-down to the invoices, Excel export,
 * and the statement of account (PDF, e-mail).
 */
export default function CustomerOverdueReportPage() {
  const { t, i18n } = useTranslation('finance');
  const { message } = useApp();
  const navigate = useNavigate();
  const q = useOverdueReport();
  const [mail, setMail] = useState<TOverdueReportRow | null>(null);
  const base = q.report?.base_currency ?? 'HKD';
  const asOf = q.state.filters.as_of;
  const m = (v: string) => formatMoney(v, base, i18n.language);
  const drill = (r: TOverdueReportRow) => overdueDrillLink(r.account_code, q.state.filters);
  const pdf = async (r: TOverdueReportRow) => {
    try {
      await download(`/Finance/Statement/${encodeURIComponent(r.account_code)}`, {
        ...(asOf ? { as_of: asOf } : {}),
        lang: statementLang(i18n.language),
      });
    } catch (e) {
      message.error(errorText(t, e));
    }
  };
  const columns: DataTableColumn<TOverdueReportRow>[] = [
    {
      key: 'account_code',
      title: t('field.account_code'),
      sortable: true,
      alwaysVisible: true,
      width: 110,
      render: (_, r) => (
        <Link to={drill(r)} data-testid={`finance-overdue-drill-${r.account_code}`}>
          {r.account_code}
        </Link>
      ),
    },
    { key: 'account_name', title: t('field.account_name'), width: 160 },
    ...BUCKETS.map(
      (b): DataTableColumn<TOverdueReportRow> => ({
        key: b,
        title: t(`bucket.${b}`),
        sortable: b === 'd90_plus',
        width: 100,
        align: 'right',
        render: (_, r) => <span data-testid={`finance-overdue-${r.account_code}-${b}`}>{m(r[b])}</span>,
      }),
    ),
    {
      key: 'total',
      title: t('field.total'),
      sortable: true,
      width: 110,
      align: 'right',
      render: (_, r) => <strong data-testid={`finance-overdue-${r.account_code}-total`}>{m(r.total)}</strong>,
    },
    {
      key: 'over_limit',
      title: t('field.over_limit'),
      sortable: true,
      width: 100,
      align: 'right',
      render: (_, r) => (Number(r.over_limit) > 0 ? <PlainTag colour="red">{m(r.over_limit)}</PlainTag> : ''),
    },
    {
      key: 'actions',
      title: t('field.statement'),
      width: 90,
      alwaysVisible: true,
      render: (_, r) => (
        <span style={{ display: 'inline-flex', gap: 4 }}>
          <PlainButton
            className="plain-button--small plain-button--icon"
            aria-label={t('statement.pdf')}
            title={t('statement.pdf')}
            onClick={(e) => {
              e.stopPropagation();
              void pdf(r);
            }}
            data-testid={`finance-statement-pdf-${r.account_code}`}
          >
            <FilePdfOutlined />
          </PlainButton>
          <PlainButton
            className="plain-button--small plain-button--icon"
            aria-label={t('statement.email')}
            title={t('statement.email')}
            onClick={(e) => {
              e.stopPropagation();
              setMail(r);
            }}
            data-testid={`finance-statement-email-${r.account_code}`}
          >
            <MailOutlined />
          </PlainButton>
        </span>
      ),
    },
    {
      key: 'reminders_due',
      title: t('field.reminders_due'),
      width: 100,
      align: 'right',
      render: (_, r) => (r.reminders_due > 0 ? <PlainTag colour="gold">{r.reminders_due}</PlainTag> : '0'),
    },
    {
      key: 'credit_deadline_days',
      title: t('field.deadline'),
      width: 130,
      render: (_, r) =>
        r.credit_deadline_days === null ? (
          ''
        ) : (
          <PlainTag colour={r.past_deadline ? 'red' : 'default'}>
            {t('deadlineOf', { days: r.credit_deadline_days, oldest: r.oldest_days ?? 0 })}
          </PlainTag>
        ),
    },
    {
      key: 'credit_limit',
      title: t('field.credit_limit'),
      width: 120,
      align: 'right',
      render: (_, r) => m(r.credit_limit),
    },
    { key: 'payment_terms', title: t('field.payment_terms'), width: 90 },
    { key: 'invoices', title: t('field.invoices'), width: 80, align: 'right' },
  ];
  const totals = q.report?.totals;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <ListScreen<TOverdueReportRow, OverdueFilter>
        title={t('list.CustomerOverdueReport')}
        searchPlaceholder={t('customerPlaceholder')}
        list={q}
        columns={columns}
        rowKey="account_code"
        onRowOpen={(r) => navigate(drill(r))}
        tableId="finance.overdue"
        viewsUrl="/FIN/Search/CustomerOverdueReport"
        exportPath="/Finance/Search/CustomerOverdueReport/export"
        filters={[
          {
            name: 'breach',
            label: t('filter.breach'),
            options: [{ value: 'true', label: t('filter.breachOnly') }],
            width: 200,
          },
        ]}
        moreFilters={
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8, width: '100%' }}>
            <FinanceFilterBar
              presets={false}
              value={q.state.filters as FinanceFilterValues}
              onChange={(patch) => q.setState({ filters: { ...patch, preset: undefined } as never })}
            />
            {totals && (
              <PlainCard data-testid="finance-overdue-totals">
                <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24 }}>
                  {BUCKETS.map((b) => (
                    <PlainStatistic
                      key={b}
                      title={t(`bucket.${b}`)}
                      value={m(totals[b])}
                      valueStyle={{ fontSize: 16 }}
                      data-testid={`finance-overdue-total-${b}`}
                    />
                  ))}
                  <PlainStatistic
                    title={`${t('field.total')} (${base})`}
                    value={m(totals.total)}
                    valueStyle={{ fontSize: 16 }}
                  />
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('asOfReport', { asOf: q.report?.as_of ?? '' })}
                </Typography.Text>
              </PlainCard>
            )}
          </div>
        }
        data-testid="finance-overdue-table"
      />
      {mail && (
        <Suspense fallback={null}>
          <EmailStatement
            row={mail}
            asOf={asOf}
            lang={statementLang(i18n.language)}
            onClose={() => setMail(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
