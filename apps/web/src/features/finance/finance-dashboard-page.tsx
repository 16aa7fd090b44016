import { FINANCE_CARDS, formatMoney, type TFinanceCard } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../shared/auth';
import { Chart } from '../../shared/charts';
import { errorText } from '../../shared/i18n/error-text';
import { PageHeading } from '../../shared/layout/page-heading';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainStatistic } from '../../shared/plain/plain-statistic';
import { Typography } from '../../shared/plain/typography';
import { useFinanceDashboard } from './finance-api';
import { FinanceFilterBar } from './finance-filter-bar';
import { cardLink, filterOf } from './finance-links';
import './finance-dashboard.css';

const BUCKET_COLOURS = ['#52c41a', '#fadb14', '#fa8c16', '#f5222d', '#a8071a'];

/**
 * /FIN/Dashboard (m_fin): the finance cards, each opening its list, and the receivables ageing chart. No antd
 * (issue 20): the cards' grid is CSS (finance-dashboard.css), the figures plain statistics.
 */
export default function FinanceDashboardPage() {
  const { t, i18n } = useTranslation('finance');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const q = useFinanceDashboard(filter);
  const d = q.data;
  const linkOf = (card: TFinanceCard) => cardLink(card, filter);
  const canOpen = (card: TFinanceCard) =>
    session.hasFunc(card === 'creditBreaches' ? 'm_fin_customer_overdue_report' : 'm_fin_search');
  const chart =
    d?.ageing.map((b) => ({ name: t(`bucket.${b.bucket}`), values: { amount: Number(b.amount) } })) ?? [];
  return (
    <div className="finance-dashboard">
      <PageHeading>{t('dashboardTitle')}</PageHeading>
      <FinanceFilterBar
        value={filter}
        onChange={(patch) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            for (const [k, v] of Object.entries(patch)) {
              if (v) next.set(k, v);
              else next.delete(k);
            }
            return next;
          })
        }
      />
      {q.isPending && (
        <div role="status" aria-label={t('common:loading')}>
          <span className="plain-spinner" />
        </div>
      )}
      {q.error && (
        <div className="plain-alert plain-alert--error" role="alert">
          {errorText(t, q.error)}
        </div>
      )}
      {d && (
        <Typography.Text type="secondary" data-testid="finance-as-of">
          {t('asOfNote', { asOf: d.as_of, period: d.period, base: d.base_currency })}
        </Typography.Text>
      )}
      <ul className="finance-cards">
        {FINANCE_CARDS.map((card) => {
          const c = d?.cards.find((x) => x.card === card);
          const body = (
            <PlainCard
              className={canOpen(card) ? 'plain-card--hoverable' : undefined}
              title={t(`card.${card}`)}
              data-testid={`finance-card-${card}`}
            >
              <div className="finance-card-figures">
                <PlainStatistic
                  title={t('count')}
                  value={c ? `${c.count.toLocaleString(i18n.language)}${c.count_capped ? '+' : ''}` : '…'}
                  data-testid={`finance-card-${card}-count`}
                />
                {c?.amount !== null && (
                  <PlainStatistic
                    title={d?.base_currency ?? ''}
                    value={c ? formatMoney(c.amount, d?.base_currency, i18n.language) : '…'}
                    valueStyle={{ fontSize: 18 }}
                    data-testid={`finance-card-${card}-amount`}
                  />
                )}
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`cardHint.${card}`)}
              </Typography.Text>
            </PlainCard>
          );
          return (
            <li key={card}>
              {canOpen(card) ? (
                <Link to={linkOf(card)} data-testid={`finance-open-${card}`}>
                  {body}
                </Link>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ul>
      <PlainCard
        title={t('ageingTitle', { base: d?.base_currency ?? '' })}
        data-testid="finance-ageing-chart"
      >
        <div role="img" aria-label={t('ageingTitle', { base: d?.base_currency ?? '' })}>
          <Chart
            type="bar"
            data={chart}
            series={[{ key: 'amount', name: t('amount') }]}
            height={260}
            colours={BUCKET_COLOURS}
            colourByCategory
            legend={false}
            yWidth={90}
            yTick={(v) => v.toLocaleString(i18n.language)}
            valueText={(i) => {
              const b = d?.ageing[i];
              return b ? `${formatMoney(b.amount, d?.base_currency, i18n.language)} (${b.count})` : '';
            }}
          />
        </div>
        <div className="finance-ageing-figures">
          {d?.ageing.map((b) => (
            <Typography.Text key={b.bucket} data-testid={`finance-ageing-${b.bucket}`}>
              {t(`bucket.${b.bucket}`)}: {formatMoney(b.amount, d.base_currency, i18n.language)} ({b.count})
            </Typography.Text>
          ))}
        </div>
      </PlainCard>
    </div>
  );
}
