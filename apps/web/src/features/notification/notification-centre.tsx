import { CheckOutlined, DeleteOutlined, MailOutlined, SettingOutlined } from '@ant-design/icons';
import type { TNotificationMessage } from '@portal/contracts';
import { NOTIFICATION_PAGE_SIZE } from '@portal/contracts';
import { Badge, Empty, Flex, List, Pagination, Segmented, Space, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { useApiError } from '../../shared/hooks/use-api-error';
import { PlainSearch } from '../../shared/plain/plain-search';
import { Typography } from '../../shared/plain/typography';
import { useDeleteAll, useMarkAllRead, useNotificationMessages, useUpdateMessage } from './notification-api';
import { MASTER_SETTING_PATH } from './notification-paths';
import { messageTime } from './notification-time';

/** Re-renders every 30 s so 'N seconds/mins ago' stays true while the centre is open. */
function useNow() {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * The notification centre (000 §4 Notifications, §9): All / Unread, search, pages of 10, each message's
 * text, module and time; toggle read, remove one, mark all read, delete all (with confirmation). Clicking a
 * message marks it read and opens its document.
 */
export function NotificationCentre({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation('notification');
  const { showError } = useApiError();
  const { modal } = useApp();
  const navigate = useNavigate();
  const now = useNow();
  const [filter, setFilter] = useState<'All' | 'Unread'>('All');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useNotificationMessages({
    page_size: NOTIFICATION_PAGE_SIZE,
    page_number: page,
    read_filter: filter,
    search_text: search || undefined,
  });
  const update = useUpdateMessage();
  const markAll = useMarkAllRead();
  const deleteAll = useDeleteAll();
  const data = q.data;
  // A page emptied by removals moves back one.
  useEffect(() => {
    if (data && page > 1 && data.messages.length === 0 && data.total_count > 0) setPage((p) => p - 1);
  }, [data, page]);

  const open = (m: TNotificationMessage) => {
    if (!m.is_read) update.mutate({ message_id: m.message_id, is_read: true });
    onLeave();
    navigate(m.href);
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Segmented
          value={filter}
          onChange={(v) => {
            setFilter(v as 'All' | 'Unread');
            setPage(1);
          }}
          options={[
            { value: 'All', label: t('filter.all') },
            { value: 'Unread', label: `${t('filter.unread')} (${data?.unread_count ?? 0})` },
          ]}
          data-testid="notification-filter"
        />
        <Button
          type="link"
          icon={<SettingOutlined />}
          onClick={() => {
            onLeave();
            navigate(MASTER_SETTING_PATH);
          }}
          data-testid="notification-settings-link"
        >
          {t('settings')}
        </Button>
      </Flex>
      <PlainSearch
        label={t('searchPlaceholder')}
        onSearch={(v) => {
          setSearch(v);
          setPage(1);
        }}
        data-testid="notification-search"
        maxLength={200}
        maxWidth={460}
      />
      <Space wrap>
        <Button
          icon={<CheckOutlined />}
          disabled={!data?.unread_count}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: (e) => showError(e) })}
          data-testid="notification-mark-all"
        >
          {t('markAllRead')}
        </Button>
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={!data?.total_count}
          data-testid="notification-delete-all"
          onClick={() =>
            modal.confirm({
              title: t('deleteAllConfirm'),
              okText: t('deleteAll'),
              cancelText: t('cancel'),
              okButtonProps: { danger: true, 'data-testid': 'notification-delete-all-ok' },
              onOk: () => deleteAll.mutateAsync().catch((e) => showError(e)),
            })
          }
        >
          {t('deleteAll')}
        </Button>
      </Space>
      <List
        loading={q.isLoading}
        dataSource={data?.messages ?? []}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        data-testid="notification-list"
        renderItem={(m) => (
          <List.Item
            key={m.message_id}
            data-testid="notification-item"
            data-read={m.is_read}
            actions={[
              <Tooltip key="read" title={m.is_read ? t('markUnread') : t('markRead')}>
                <Button
                  type="text"
                  size="small"
                  icon={m.is_read ? <MailOutlined /> : <CheckOutlined />}
                  aria-label={m.is_read ? t('markUnread') : t('markRead')}
                  data-testid="notification-toggle-read"
                  onClick={() =>
                    update.mutate(
                      { message_id: m.message_id, is_read: !m.is_read },
                      { onError: (e) => showError(e) },
                    )
                  }
                />
              </Tooltip>,
              <Tooltip key="remove" title={t('remove')}>
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('remove')}
                  data-testid="notification-remove"
                  onClick={() =>
                    update.mutate(
                      { message_id: m.message_id, removed: true },
                      { onError: (e) => showError(e) },
                    )
                  }
                />
              </Tooltip>,
            ]}
          >
            <List.Item.Meta
              title={
                <Typography.Link
                  strong={!m.is_read}
                  onClick={() => open(m)}
                  data-testid="notification-open"
                  style={{ color: m.is_read ? undefined : 'inherit' }}
                >
                  {!m.is_read && <Badge status="processing" />} {t(m.desc_key, m.desc_param)}
                </Typography.Link>
              }
              description={
                <Space size={6} wrap>
                  <Tag>{t(`module.${m.module}`)}</Tag>
                  <Typography.Text type="secondary" title={new Date(m.message_dt).toLocaleString()}>
                    {messageTime(t, m.message_dt, now)}
                  </Typography.Text>
                </Space>
              }
            />
          </List.Item>
        )}
      />
      {(data?.total_count ?? 0) > NOTIFICATION_PAGE_SIZE && (
        <Pagination
          align="center"
          size="small"
          current={page}
          pageSize={NOTIFICATION_PAGE_SIZE}
          total={data?.total_count ?? 0}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </Flex>
  );
}
