import { CheckCircleTwoTone, CloseCircleTwoTone } from '@ant-design/icons';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { Form } from '../../shared/form';
import { PlainList } from '../../shared/plain/plain-list';
import { Typography } from '../../shared/plain/typography';
import type { BookingTabProps } from './booking-tab-props';

interface Check {
  key: string;
  ok: boolean;
  detail?: string;
}

type Line = {
  container_no?: string;
  seal_no?: string;
  carrier_booking_no?: string;
  package_qty?: number | null;
};
const filled = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';

/**
 * Confirm Booking: what confirmation needs (a sailing, containers with seal, carrier booking no. and
 * packages, the four closings) with the current state of the form, and the Confirm and Assign job/HBL
 * buttons (through the page's action path).
 */
export function BookingConfirmTab({ booking, onAction }: BookingTabProps) {
  const { t } = useTranslation('booking');
  const form = Form.useFormInstance();
  const values = (Form.useWatch([], { form, preserve: true }) ?? {}) as Record<string, unknown>;
  const containers = (Array.isArray(values.containers) ? values.containers : []) as Line[];
  const incomplete = containers.filter(
    (c) => !filled(c.seal_no) || !filled(c.carrier_booking_no) || !filled(c.package_qty),
  );
  const checks: Check[] = [
    {
      key: 'sailing',
      ok: ['carrier_code', 'vessel_name', 'voyage', 'etd', 'eta'].every((f) => filled(values[f])),
      detail: [values.carrier_code, values.vessel_name, values.voyage].filter(filled).join(' / '),
    },
    {
      key: 'containers',
      ok: containers.length > 0,
      detail: t('confirm.containerCount', { n: containers.length }),
    },
    {
      key: 'containerDetails',
      ok: containers.length > 0 && incomplete.length === 0,
      detail: incomplete.length ? t('confirm.incomplete', { n: incomplete.length }) : undefined,
    },
    {
      key: 'closings',
      ok: ['cfs_closing', 'cy_closing', 'vgm_closing', 'si_closing'].every((f) => filled(values[f])),
    },
    {
      key: 'job',
      ok: !!booking?.job_no,
      detail: booking?.job_no ? `${booking.job_no} / ${booking.hbl_no ?? '—'}` : undefined,
    },
  ];
  const can = (a: 'confirm' | 'assign_job') => !!booking?.allowed_actions.includes(a);
  return (
    <Flex vertical gap={8} data-testid="booking-confirm-tab">
      <Typography.Paragraph type="secondary">{t('confirm.hint')}</Typography.Paragraph>
      <PlainList
        bordered
        items={checks}
        rowKey={(c) => c.key}
        renderItem={(c) => (
          <span className="plain-inline" data-testid={`booking-check-${c.key}`} data-ok={String(c.ok)}>
            {c.ok ? (
              <CheckCircleTwoTone twoToneColor="#52c41a" />
            ) : (
              <CloseCircleTwoTone twoToneColor="#ff4d4f" />
            )}
            <span>{t(`confirm.check.${c.key}`)}</span>
            {c.detail && <Typography.Text type="secondary">{c.detail}</Typography.Text>}
          </span>
        )}
      />
      <Flex gap={8}>
        <Button
          type="primary"
          disabled={!can('confirm')}
          onClick={() => void onAction('confirm')}
          data-testid="booking-confirm-tab-confirm"
        >
          {t('action.confirm')}
        </Button>
        <Button
          disabled={!can('assign_job')}
          onClick={() => void onAction('assign_job')}
          data-testid="booking-confirm-tab-assign"
        >
          {t('action.assign_job')}
        </Button>
      </Flex>
    </Flex>
  );
}
