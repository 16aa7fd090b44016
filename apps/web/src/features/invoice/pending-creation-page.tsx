import type { TInvoiceType, TPendingCreationRow } from '@portal/contracts';
import { Alert, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSession } from '../../shared/auth';
import { Button } from '../../shared/button';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import { Typography } from '../../shared/plain/typography';
import { usePendingCreation } from './invoice-api';
import { useInvoiceLabels } from './invoice-labels';
import { newByJobPath } from './invoice-paths';

const AGE_COLOUR = { none: 'default', yellow: 'gold', red: 'red' } as const;

/** PendingCreation/Local and /Overseas (002 §2): jobs with ETD passed and no invoice of the side yet. */
function PendingCreation({ type }: { type: TInvoiceType }) {
  const { t } = useTranslation('invoice');
  const { scope = 'Local' } = useParams();
  const labels = useInvoiceLabels();
  const session = useSession();
  const q = usePendingCreation(type, scope);
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('stageTitle', { side: labels.type(type), stage: t(`pending.${scope}`) })}
      </Typography.Title>
      {q.error && <Alert type="error" showIcon message={errorText(t, q.error)} />}
      <StaticTable<TPendingCreationRow>
        rowKey="job_no"
        loading={q.isPending}
        rows={q.data ?? []}
        pageSize={10}
        pageSizeChoice
        data-testid="invoice-pending-table"
        columns={[
          { key: 'job_no', title: t('field.job_nos'), dataIndex: 'job_no' },
          { key: 'so_nos', title: t('field.so_nos'), render: (_, r) => r.so_nos.join(', ') },
          { key: 'etd', title: 'ETD', dataIndex: 'etd' },
          { key: 'office', title: t('field.office_code'), dataIndex: 'handling_office' },
          {
            key: 'account',
            title: t('field.account_code'),
            // AR: the customer; AP: the job's vendor (carrier party, else its agents); none named: a dash.
            render: (_, r) => (r.account_code ? `${r.account_code} ${r.account_name ?? ''}` : '—'),
          },
          {
            key: 'age',
            title: t('field.age_colour'),
            render: (_, r) => <Tag color={AGE_COLOUR[r.age_colour]}>{t(`age.${r.age_colour}`)}</Tag>,
          },
          {
            key: 'create',
            title: '',
            render: (_, r) =>
              session.hasFunc('inv_edit') &&
              r.account_code && (
                <Link
                  to={newByJobPath(type, r.account_code, r.job_no)}
                  data-testid={`invoice-pending-new-${r.job_no}`}
                >
                  <Button size="small">{t(type === 'AR' ? 'newAr' : 'newAp')}</Button>
                </Link>
              ),
          },
        ]}
      />
    </Flex>
  );
}

export function ArPendingCreationPage() {
  const { scope } = useParams();
  return <PendingCreation key={scope} type="AR" />;
}
export function ApPendingCreationPage() {
  const { scope } = useParams();
  return <PendingCreation key={scope} type="AP" />;
}
