import { SendOutlined } from '@ant-design/icons';
import type { TContainerLine } from '@portal/contracts';
import { Alert, ConfigProvider, Descriptions, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/button';
import { useApp } from '../../../shared/feedback';
import { StaticTable } from '../../../shared/list/static-table';
import { CarrierBookingPanel, useCarrierBookingConnected } from '../../carrier-link';
import type { BookingTabProps } from '../booking-tab-props';
import { formatTime, orDash, useFormValue } from './booking-facts';

type ContainerRow = Partial<TContainerLine> & { key: number };

/**
 * Carrier Booking: whether the booking was submitted to the carrier and when, the carrier, vessel and
 * voyage, the carrier booking number of each container, and Submit booking when the booking allows it.
 * A saved booking also shows its carrier booking over DCSA (features/carrier-link, issue 42): when its carrier is
 * connected, the panel's "Send to carrier" submits it (the booking's status becomes Submitted by the same move),
 * so the manual Submit booking is not offered then.
 */
export function CarrierBookingTab({ booking, onAction, dirty = false }: BookingTabProps) {
  const { t } = useTranslation('booking-extra');
  const [busy, setBusy] = useState(false);
  const carrier = useFormValue<string>('carrier_code');
  const vessel = useFormValue<string>('vessel_name');
  const voyage = useFormValue<string>('voyage');
  const containers = useFormValue<Array<Partial<TContainerLine> | undefined>>('containers') ?? [];
  const rows: ContainerRow[] = containers.map((c, i) => ({ ...(c ?? {}), key: i }));
  const submitted = booking?.carrier_booking_status === 'SUBMITTED';
  const doc = booking ? ({ kind: 'booking', no: booking.so_no } as const) : null;
  const connected = useCarrierBookingConnected(doc);
  const canSubmit = !!booking?.allowed_actions.includes('submit_booking') && !submitted && connected !== true;

  const { modal } = useApp();
  const submit = () => {
    setBusy(true);
    return onAction('submit_booking').finally(() => setBusy(false));
  };

  return (
    <ConfigProvider componentDisabled={false}>
      <Flex vertical gap={16} data-testid="carrier-booking-tab">
        {!booking && <Alert type="info" showIcon title={t('carrier.saveFirst')} />}
        <Descriptions size="small" bordered column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('carrier.status')}>
            {booking ? (
              <Tag color={submitted ? 'green' : 'default'} data-testid="booking-carrier-status">
                {t(`carrier.statuses.${booking.carrier_booking_status}`)}
              </Tag>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('carrier.submittedAt')}>
            <span data-testid="carrier-submitted-at">{formatTime(booking?.carrier_submitted_at)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('carrier.carrier')}>
            <span data-testid="carrier-code">{orDash(carrier)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('carrier.vesselVoyage')} span={3}>
            <span data-testid="carrier-vessel-voyage">
              {vessel || voyage ? `${vessel ?? ''} / ${voyage ?? ''}` : '—'}
            </span>
          </Descriptions.Item>
        </Descriptions>
        <StaticTable<ContainerRow>
          data-testid="carrier-containers"
          rowKey="key"
          rows={rows}
          pageSize={false}
          columns={[
            { key: 'no', title: t('carrier.containerNo'), render: (_, c) => orDash(c.container_no) },
            { key: 'size', title: t('carrier.sizeType'), render: (_, c) => orDash(c.size_type) },
            { key: 'seal', title: t('carrier.sealNo'), render: (_, c) => orDash(c.seal_no) },
            {
              key: 'cbn',
              title: t('carrier.carrierBookingNo'),
              render: (_, c) => orDash(c.carrier_booking_no),
            },
          ]}
          empty={<p>{t('carrier.noContainers')}</p>}
        />
        {canSubmit && (
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={busy}
            style={{ alignSelf: 'flex-start' }}
            data-testid="carrier-submit"
            onClick={() =>
              modal.confirm({
                title: t('carrier.submitConfirm'),
                okText: t('carrier.submit'),
                cancelText: t('common.cancel'),
                okButtonProps: { 'data-testid': 'carrier-submit-confirm' },
                onOk: submit,
              })
            }
          >
            {t('carrier.submit')}
          </Button>
        )}
        {doc && <CarrierBookingPanel doc={doc} dirty={dirty} />}
      </Flex>
    </ConfigProvider>
  );
}
