import { RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, ConfigProvider, Descriptions, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/button';
import { useApp } from '../../../shared/feedback';
import { Typography } from '../../../shared/plain/typography';
import type { BookingTabProps } from '../booking-tab-props';
import { formatTime, orDash, Requirement, useFormValue } from './booking-facts';

/**
 * Shipping Instruction: the house SI state, what submitting needs (space Released SO, job and HBL
 * assigned), Submit SI / Reverse SI when the booking allows them, and the SI fields as the booking holds
 * them (edited on the Details tab, shown here read-only so one field never has two inputs).
 */
export function ShippingInstructionTab({ booking, onAction }: BookingTabProps) {
  const { t } = useTranslation('booking-extra');
  const { modal } = useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const marks = useFormValue<string>('marks');
  const goods = useFormValue<string>('goods_description');
  const originals = useFormValue<number>('originals_count');
  const transportDocument = useFormValue<string>('transport_document');
  const toOrder = useFormValue<boolean>('is_to_order');

  const run = (action: 'submit_si' | 'reverse_si') => {
    setBusy(action);
    return onAction(action).finally(() => setBusy(null));
  };
  const allowed = (a: 'submit_si' | 'reverse_si') => !!booking?.allowed_actions.includes(a);
  const submitted = booking?.si_status === 'SUBMITTED';

  return (
    <ConfigProvider componentDisabled={false}>
      <Flex vertical gap={16} data-testid="si-tab">
        {!booking && <Alert type="info" showIcon title={t('si.saveFirst')} />}
        {booking && (
          <>
            <Descriptions size="small" bordered column={{ xs: 1, md: 3 }}>
              <Descriptions.Item label={t('si.status')}>
                <Tag color={submitted ? 'green' : 'gold'} data-testid="si-status">
                  {t(`si.statuses.${booking.si_status}`)}
                </Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('si.submittedAt')}>
                <span data-testid="si-submitted-at">{formatTime(booking.si_submitted_at)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('si.spaceStatus')}>
                <span data-testid="si-space-status">{t(`spaceStatus.${booking.space_status}`)}</span>
              </Descriptions.Item>
            </Descriptions>
            <Flex vertical gap={4}>
              <Typography.Text strong>{t('si.needs')}</Typography.Text>
              <Requirement ok={booking.space_status === 'RELEASED_SO'} testId="si-need-space">
                {t('si.needSpace')}
              </Requirement>
              <Requirement ok={!!booking.job_no} testId="si-need-job">
                {t('si.needJob', { job: booking.job_no ?? '—' })}
              </Requirement>
              <Requirement ok={!!booking.hbl_no} testId="si-need-hbl">
                {t('si.needHbl', { hbl: booking.hbl_no ?? '—' })}
              </Requirement>
            </Flex>
            <Flex gap={8} wrap>
              {allowed('submit_si') && !submitted && (
                <Button
                  type="primary"
                  icon={<SendOutlined />}
                  loading={busy === 'submit_si'}
                  data-testid="si-submit"
                  onClick={() =>
                    modal.confirm({
                      title: t('si.submitConfirm'),
                      okText: t('si.submit'),
                      cancelText: t('common.cancel'),
                      okButtonProps: { 'data-testid': 'si-submit-confirm' },
                      onOk: () => run('submit_si'),
                    })
                  }
                >
                  {t('si.submit')}
                </Button>
              )}
              {allowed('reverse_si') && submitted && (
                <Button
                  danger
                  icon={<RollbackOutlined />}
                  loading={busy === 'reverse_si'}
                  data-testid="si-reverse"
                  onClick={() =>
                    modal.confirm({
                      title: t('si.reverseConfirm'),
                      okText: t('si.reverse'),
                      cancelText: t('common.cancel'),
                      okButtonProps: { danger: true, 'data-testid': 'si-reverse-confirm' },
                      onOk: () => run('reverse_si'),
                    })
                  }
                >
                  {t('si.reverse')}
                </Button>
              )}
            </Flex>
          </>
        )}
        <Descriptions
          size="small"
          bordered
          column={1}
          title={t('si.fields')}
          extra={<Typography.Text type="secondary">{t('si.fieldsHint')}</Typography.Text>}
        >
          <Descriptions.Item label={t('si.marks')}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="si-marks">
              {orDash(marks)}
            </Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label={t('si.goodsDescription')}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="si-goods">
              {orDash(goods)}
            </Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label={t('si.originals')}>
            <span data-testid="si-originals">{orDash(originals)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('si.transportDocument')}>
            <span data-testid="si-transport-document">
              {transportDocument ? t(`transportDocument.${transportDocument}`) : '—'}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('si.toOrder')}>
            <span data-testid="si-to-order">{toOrder ? t('common.yes') : t('common.no')}</span>
          </Descriptions.Item>
        </Descriptions>
      </Flex>
    </ConfigProvider>
  );
}
