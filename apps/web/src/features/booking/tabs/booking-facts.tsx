import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { DATETIME_FORMAT } from '@portal/contracts';
import { Flex } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../shared/form';
import { Typography } from '../../../shared/plain/typography';

/** A form value as the tabs show it read-only (the Details tab edits it); kept even when not rendered. */
export function useFormValue<T>(name: string | (string | number)[]): T | undefined {
  const form = Form.useFormInstance();
  return Form.useWatch(name, { form, preserve: true }) as T | undefined;
}

/** A timestamp in the portal's format, or a dash. */
export const formatTime = (v: string | null | undefined) => (v ? dayjs(v).format(DATETIME_FORMAT) : '—');

/** A value or a dash, for read-only facts. */
export const orDash = (v: ReactNode) => (v === null || v === undefined || v === '' ? '—' : v);

/** One precondition with a tick or a cross. */
export function Requirement({ ok, children, testId }: { ok: boolean; children: ReactNode; testId: string }) {
  const { t } = useTranslation('booking-extra');
  return (
    <Flex gap={6} align="center" data-testid={testId} data-ok={ok}>
      {ok ? (
        <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('common.met')} />
      ) : (
        <CloseCircleFilled style={{ color: '#ff4d4f' }} aria-label={t('common.notMet')} />
      )}
      <Typography.Text>{children}</Typography.Text>
    </Flex>
  );
}
