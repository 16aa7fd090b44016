import { SendOutlined } from '@ant-design/icons';
import { DATETIME_FORMAT, type TVgmMessage } from '@portal/contracts';
import { Alert, ConfigProvider, Empty, Flex, Modal, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/button';
import { useApp } from '../../../shared/feedback';
import { errorText } from '../../../shared/i18n/error-text';
import { StaticTable, type StaticTableColumn } from '../../../shared/list/static-table';
import { Typography } from '../../../shared/plain/typography';
import { useSendVgm, useVgmMessages } from '../booking-extras-api';
import type { BookingTabProps } from '../booking-tab-props';

/**
 * VGM EDI History: the VERMAS messages generated for the booking's containers (newest first), each
 * payload viewable; internal users send VGM for every container with a number, VGM weight and method.
 */
export function VgmHistoryTab({ booking, internal }: BookingTabProps) {
  const { t } = useTranslation('booking-extra');
  if (!booking)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('common.saveFirst')}
        data-testid="vgm-save-first"
      />
    );
  return <VgmHistory soNo={booking.so_no} internal={internal} />;
}

function VgmHistory({ soNo, internal }: { soNo: string; internal: boolean }) {
  const { t } = useTranslation('booking-extra');
  const { message, modal } = useApp();
  const list = useVgmMessages(soNo);
  const send = useSendVgm(soNo);
  const [viewing, setViewing] = useState<TVgmMessage | null>(null);

  const columns: StaticTableColumn<TVgmMessage>[] = [
    { key: 'ref', title: t('vgm.messageRef'), dataIndex: 'message_ref', width: 180 },
    { key: 'container', title: t('vgm.container'), dataIndex: 'container_no', width: 140 },
    { key: 'weight', title: t('vgm.weight'), dataIndex: 'vgm_weight', width: 110, align: 'right' },
    { key: 'method', title: t('vgm.method'), dataIndex: 'vgm_method', width: 90 },
    {
      key: 'status',
      title: t('vgm.status'),
      width: 100,
      render: (_, m) => (
        <Tag color={m.status === 'SENT' ? 'green' : 'default'}>
          {t(`vgm.statuses.${m.status}`, { defaultValue: m.status })}
        </Tag>
      ),
    },
    {
      key: 'sent',
      title: t('vgm.sentAt'),
      width: 170,
      render: (_, m) => dayjs(m.sent_at).format(DATETIME_FORMAT),
    },
    { key: 'by', title: t('vgm.sentBy'), dataIndex: 'sent_by', width: 160 },
    {
      key: 'payload',
      title: t('vgm.payload'),
      width: 90,
      render: (_, m) => (
        <Button size="small" onClick={() => setViewing(m)} data-testid={`vgm-view-${m.id}`}>
          {t('vgm.view')}
        </Button>
      ),
    },
  ];

  const sendNow = () =>
    send.mutateAsync().then(
      () => message.success(t('vgm.sent')),
      (e: unknown) => message.error({ content: errorText(t, e), duration: 6 }),
    );

  return (
    // The tab sits inside the booking form, which may be read-only; its own buttons decide for themselves.
    <ConfigProvider componentDisabled={false}>
      <Flex vertical gap={12} data-testid="vgm-tab">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">{t('vgm.intro')}</Typography.Text>
          {internal && (
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={send.isPending}
              data-testid="vgm-send"
              onClick={() =>
                modal.confirm({
                  title: t('vgm.sendConfirm'),
                  content: t('vgm.sendConfirmHint'),
                  okText: t('vgm.send'),
                  cancelText: t('common.cancel'),
                  okButtonProps: { 'data-testid': 'vgm-send-confirm' },
                  onOk: sendNow,
                })
              }
            >
              {t('vgm.send')}
            </Button>
          )}
        </Flex>
        {list.error ? (
          <Alert type="error" showIcon title={errorText(t, list.error)} />
        ) : (
          <StaticTable<TVgmMessage>
            data-testid="vgm-list"
            rowKey="id"
            columns={columns}
            rows={list.data ?? []}
            loading={list.isLoading}
            pageSize={10}
            showTotal={false}
            empty={<p>{t('vgm.empty')}</p>}
          />
        )}
        <Modal
          open={viewing !== null}
          title={t('vgm.payloadTitle', { ref: viewing?.message_ref ?? '' })}
          onCancel={() => setViewing(null)}
          footer={null}
          width={760}
          destroyOnHidden
        >
          <pre
            data-testid="vgm-payload"
            style={{ maxHeight: 480, overflow: 'auto', fontSize: 12, background: '#fafafa', padding: 12 }}
          >
            {viewing?.payload.replace(/(?<!\?)'(?!\n)/g, "'\n")}
          </pre>
        </Modal>
      </Flex>
    </ConfigProvider>
  );
}
