import type { TInvoiceType } from '@portal/contracts';
import { Alert, Badge, Col, Flex, Row, Spin, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../shared/button';
import { errorText } from '../../shared/i18n/error-text';
import { PlainCard } from '../../shared/plain/plain-card';
import { Typography } from '../../shared/plain/typography';
import { useInvoiceDashboard } from './invoice-api';
import { useInvoiceLabels } from './invoice-labels';
import { stagePath } from './invoice-paths';

/** AR/AP dashboard (002 §2): a card per stage with its count, yellow and red (002 §9). */
function Dashboard({ type }: { type: TInvoiceType }) {
  const { t } = useTranslation('invoice');
  const labels = useInvoiceLabels();
  const q = useInvoiceDashboard(type);
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t(type === 'AR' ? 'arDashboard' : 'apDashboard')}
      </Typography.Title>
      <Flex gap={8} wrap>
        {(['Local', 'Overseas'] as const).map((scope) => (
          <Link
            key={scope}
            to={`${stagePath(type, 'PendingCreation')}/${scope}`}
            data-testid={`invoice-pending-${scope}`}
          >
            <Button size="small">{t(`pending.${scope}`)}</Button>
          </Link>
        ))}
      </Flex>
      {q.isPending && <Spin />}
      {q.error && <Alert type="error" showIcon message={errorText(t, q.error)} />}
      {q.data && q.data.cards.length === 0 && <Alert type="info" message={t('noDashboardItem')} />}
      <Row gutter={[12, 12]}>
        {q.data?.cards.map((c) => (
          <Col key={c.stage} xs={24} sm={12} md={8} xl={6}>
            <Link to={stagePath(type, c.stage)} data-testid={`invoice-card-${c.stage}`}>
              <PlainCard className="plain-card--hoverable" title={labels.stage(c.stage)}>
                <Flex justify="space-between" align="center">
                  <Statistic
                    title={t('count')}
                    value={c.count}
                    data-testid={`invoice-card-${c.stage}-count`}
                  />
                  <Flex vertical gap={4}>
                    <Badge
                      color="gold"
                      text={`${t('yellow')}: ${c.yellow}`}
                      data-testid={`invoice-card-${c.stage}-yellow`}
                    />
                    <Badge
                      color="red"
                      text={`${t('red')}: ${c.red}`}
                      data-testid={`invoice-card-${c.stage}-red`}
                    />
                  </Flex>
                </Flex>
                {c.ageing_days !== null && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('ageingDays', { days: c.ageing_days, red: c.ageing_days * 2 })}
                  </Typography.Text>
                )}
              </PlainCard>
            </Link>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}

export function ArDashboardPage() {
  return <Dashboard type="AR" />;
}
export function ApDashboardPage() {
  return <Dashboard type="AP" />;
}
