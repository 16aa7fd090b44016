import type { TWebhookEndpointRecord } from '@portal/contracts';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { ListScreen } from '../../shared/list/list-screen';
import { useWebhookList, type WebhookFilter } from './webhook-api';
import { WEBHOOK_LIST_PATH, webhookPath } from './webhook-paths';

/** /BMS/webhook_maintenance: customers' webhook endpoints; open or register one. */
export default function WebhookListPage() {
  const { t, i18n } = useTranslation('webhook');
  const navigate = useNavigate();
  const list = useWebhookList();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const columns = useMemo<DataTableColumn<TWebhookEndpointRecord>[]>(
    () => [
      {
        key: 'party_code',
        title: t('field.party'),
        sortable: true,
        alwaysVisible: true,
        width: 240,
        render: (_, w) => (
          <Link to={webhookPath(w.id)} data-testid={`webhook-link-${w.party_code}`}>
            {w.party_code} - {w.party_name}
          </Link>
        ),
      },
      { key: 'url', title: t('field.url'), sortable: true, width: 320 },
      {
        key: 'event_codes',
        title: t('field.event_codes'),
        width: 140,
        render: (_, w) => t('eventCount', { count: w.event_codes.length }),
      },
      {
        key: 'active',
        title: t('field.active'),
        width: 100,
        render: (_, w) => (
          <Tag color={w.active ? 'green' : 'default'}>{t(w.active ? 'active' : 'inactive')}</Tag>
        ),
      },
      { key: 'description', title: t('field.description'), width: 200 },
      updatedAtColumn(t('field.updated_at')),
    ],
    [i18n.language, t],
  );
  return (
    <ListScreen<TWebhookEndpointRecord, WebhookFilter>
      title={t('listTitle')}
      searchPlaceholder={t('searchPlaceholder')}
      list={list}
      columns={columns}
      rowKey="id"
      onRowOpen={(w) => navigate(webhookPath(w.id))}
      tableId="webhook.list"
      viewsUrl={WEBHOOK_LIST_PATH}
      filters={[
        {
          name: 'active',
          label: t('field.active'),
          options: [
            { value: 'true', label: t('active') },
            { value: 'false', label: t('inactive') },
          ],
          width: 130,
        },
      ]}
      create={{ label: t('newEndpoint'), onClick: () => navigate(webhookPath('new')), testId: 'webhook-new' }}
      data-testid="webhook-table"
    />
  );
}
