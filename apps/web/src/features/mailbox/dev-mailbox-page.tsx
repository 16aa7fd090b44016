import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { TDevMailboxMessage, TDevMailboxResponse } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Drawer, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, download } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { useApiError } from '../../shared/hooks/use-api-error';
import { StaticTable } from '../../shared/list/static-table';
import { PlainCard } from '../../shared/plain/plain-card';
import { Typography } from '../../shared/plain/typography';
import { mailKindKey } from './mailbox-model';

const KEY = ['dev-mailbox'];
const STATUS_COLOR: Record<TDevMailboxMessage['status'], string> = {
  queued: 'gold',
  sent: 'green',
  failed: 'red',
};

/**
 * /BMS/Admin/dev_mailbox (admin): the outgoing mail, newest first, with its delivery state. A message
 * opens in a drawer with its text and links (copy or open); a failed one can be queued again.
 */
export default function DevMailboxPage() {
  const { t } = useTranslation(['mailbox', 'common']);
  const { message } = useApp();
  const { showError } = useApiError();
  const client = useQueryClient();
  const [openId, setOpenId] = useState<number | null>(null);
  const q = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<TDevMailboxResponse>('/Admin/DevMailbox'),
    refetchInterval: 5000,
  });
  const retry = useMutation({
    mutationFn: (id: number) => api.post<TDevMailboxMessage>(`/Admin/DevMailbox/${id}/retry`),
    onSuccess: () => {
      message.success(t('mailbox:retried'));
      void client.invalidateQueries({ queryKey: KEY });
    },
    onError: (e) => showError(e),
  });
  const open = q.data?.rows.find((r) => r.id === openId) ?? null;

  const copy = async (link: string) => {
    await navigator.clipboard?.writeText(link).catch(() => {});
    message.success(t('mailbox:copied'));
  };

  return (
    <PlainCard
      className="plain-card--roomy"
      title={t('mailbox:title')}
      extra={
        <Space>
          <Typography.Text type="secondary" data-testid="mailbox-transport">
            {q.data ? t(`mailbox:transport.${q.data.transport}`) : null}
          </Typography.Text>
          <Button onClick={() => void q.refetch()} data-testid="mailbox-refresh">
            {t('mailbox:refresh')}
          </Button>
        </Space>
      }
      data-testid="dev-mailbox"
    >
      <StaticTable<TDevMailboxMessage>
        rowKey="id"
        loading={q.isPending}
        rows={q.data?.rows ?? []}
        pageSize={20}
        rowTestId={(r) => `mail-row-${r.id}`}
        columns={[
          {
            key: 'created_at',
            title: t('mailbox:createdAt'),
            dataIndex: 'created_at',
            width: 190,
            render: (v: string) => new Date(v).toLocaleString(),
          },
          { key: 'to', title: t('mailbox:to'), dataIndex: 'to' },
          {
            key: 'subject',
            title: t('mailbox:subject'),
            dataIndex: 'subject',
            render: (v: string, r) => (
              <Typography.Link onClick={() => setOpenId(r.id)} data-testid={`mail-open-${r.id}`}>
                {v}
              </Typography.Link>
            ),
          },
          {
            key: 'tag',
            title: t('mailbox:tag'),
            dataIndex: 'tag',
            width: 160,
            // The kind in words (issue 39: "password_reset" read as a code); an unknown kind as stored.
            render: (v: string) => t(`mailbox:tags.${mailKindKey(v)}`, { defaultValue: v }),
          },
          {
            key: 'attachments',
            title: t('mailbox:attachments'),
            width: 90,
            align: 'right',
            render: (_, r) =>
              r.attachments.length ? (
                <span data-testid={`mail-attachment-count-${r.id}`}>
                  <PaperClipOutlined aria-hidden="true" /> {r.attachments.length}
                </span>
              ) : null,
          },
          {
            key: 'status',
            title: t('mailbox:status'),
            dataIndex: 'status',
            width: 110,
            render: (v: TDevMailboxMessage['status']) => (
              <Tag color={STATUS_COLOR[v]}>{t(`mailbox:statuses.${v}`)}</Tag>
            ),
          },
          { key: 'attempts', title: t('mailbox:attempts'), dataIndex: 'attempts', width: 90 },
          {
            key: 'actions',
            title: '',
            width: 100,
            render: (_, r) =>
              r.status === 'sent' ? null : (
                <Button
                  size="small"
                  loading={retry.isPending && retry.variables === r.id}
                  onClick={() => retry.mutate(r.id)}
                  data-testid={`mail-retry-${r.id}`}
                >
                  {t('mailbox:retry')}
                </Button>
              ),
          },
        ]}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpenId(null)}
        size="large"
        title={open?.subject}
        data-testid="mail-drawer"
      >
        {open ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text>
              {t('mailbox:to')}: {open.to}
            </Typography.Text>
            {open.last_error ? (
              <Typography.Text type="danger" data-testid="mail-last-error">
                {t('mailbox:lastError')}: {open.last_error}
              </Typography.Text>
            ) : null}
            {open.attachments.length > 0 && (
              <Space direction="vertical" size={2} data-testid="mail-attachments">
                <Typography.Text strong>{t('mailbox:attachments')}</Typography.Text>
                {open.attachments.map((a) => (
                  <Space key={a.id} wrap>
                    <PaperClipOutlined aria-hidden="true" />
                    <Typography.Text>{a.file_name}</Typography.Text>
                    <Typography.Text type="secondary">
                      {t('mailbox:size', { kb: Math.ceil(a.size / 1024) })}
                    </Typography.Text>
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      onClick={() =>
                        void download(`/Admin/DevMailbox/${open.id}/attachments/${a.id}`).catch(
                          (e: unknown) => showError(e),
                        )
                      }
                      data-testid={`mail-attachment-${a.id}`}
                    >
                      {t('mailbox:download')}
                    </Button>
                  </Space>
                ))}
              </Space>
            )}
            {open.links.map((link, i) => (
              <Space key={link} wrap>
                <Typography.Link href={link} target="_blank" rel="noreferrer" data-testid={`mail-link-${i}`}>
                  {link}
                </Typography.Link>
                <Button size="small" onClick={() => void copy(link)} data-testid={`mail-copy-${i}`}>
                  {t('mailbox:copy')}
                </Button>
              </Space>
            ))}
            <pre style={{ whiteSpace: 'pre-wrap' }} data-testid="mail-text">
              {open.text ?? t('mailbox:hidden')}
            </pre>
          </Space>
        ) : null}
      </Drawer>
    </PlainCard>
  );
}
