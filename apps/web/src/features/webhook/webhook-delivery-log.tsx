import { SendOutlined } from '@ant-design/icons';
import type { TWebhookDeliveryRecord, TWebhookDeliveryStatus } from '@portal/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { useApiError } from '../../shared/hooks/use-api-error';
import { StaticTable } from '../../shared/list/static-table';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainTag, type PlainTagColour } from '../../shared/plain/plain-tag';
import { Typography } from '../../shared/plain/typography';
import { useSendTestEvent, useWebhookDeliveries } from './webhook-api';

const COLOR: Record<TWebhookDeliveryStatus, PlainTagColour> = {
  queued: 'gold',
  delivered: 'green',
  failed: 'red',
};
const when = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—');

/** The endpoint's delivery log (status, attempts, last answer) and the "send test event" button. */
export function WebhookDeliveryLog({ id }: { id: string }) {
  const { t } = useTranslation('webhook');
  const { message } = useApp();
  const { showError } = useApiError();
  const [page, setPage] = useState(1);
  const log = useWebhookDeliveries(id, page);
  const test = useSendTestEvent(id);
  const send = () =>
    test.mutate(undefined, {
      onSuccess: (d) =>
        d.status === 'delivered'
          ? message.success(t('testDelivered', { code: d.last_status_code }))
          : message.warning(t('testFailed', { answer: d.last_status_code ?? d.last_response ?? '' })),
      onError: (e) => showError(e),
    });
  return (
    <PlainCard
      title={t('deliveryLog')}
      data-testid="webhook-deliveries"
      extra={
        <Button
          icon={<SendOutlined />}
          onClick={send}
          loading={test.isPending}
          data-testid="webhook-send-test"
        >
          {t('sendTest')}
        </Button>
      }
    >
      <StaticTable<TWebhookDeliveryRecord>
        rowKey="id"
        loading={log.isLoading}
        rows={log.data?.rows ?? []}
        empty={<p>{t('noDeliveries')}</p>}
        paging={{ page, pageSize: 10, total: log.data?.total ?? 0, onChange: (p) => setPage(p) }}
        columns={[
          { key: 'created_at', title: t('log.created_at'), width: 160, render: (_, d) => when(d.created_at) },
          {
            key: 'event_code',
            title: t('log.event'),
            width: 200,
            render: (_, d) => t(`event.${d.event_code}`, { defaultValue: d.event_code }),
          },
          { key: 'doc_code', title: t('log.document'), width: 120, render: (_, d) => d.doc_code ?? '—' },
          {
            key: 'status',
            title: t('log.status'),
            width: 100,
            render: (_, d) => (
              <PlainTag colour={COLOR[d.status]} data-testid={`webhook-delivery-status-${d.event_code}`}>
                {t(`status.${d.status}`)}
              </PlainTag>
            ),
          },
          { key: 'attempts', title: t('log.attempts'), width: 80, dataIndex: 'attempts' },
          {
            key: 'last',
            title: t('log.lastAnswer'),
            width: 260,
            render: (_, d) => (
              <Typography.Text ellipsis={{ tooltip: d.last_response }} style={{ maxWidth: 250 }}>
                {d.last_status_code ?? '—'} {d.last_response ?? ''}
              </Typography.Text>
            ),
          },
          {
            key: 'next',
            title: t('log.next'),
            width: 160,
            render: (_, d) => when(d.status === 'delivered' ? d.delivered_at : d.next_attempt_at),
          },
        ]}
      />
    </PlainCard>
  );
}
