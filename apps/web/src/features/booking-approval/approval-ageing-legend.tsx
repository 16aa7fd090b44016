import { APPROVAL_AGEING, APPROVAL_LISTS, type TApprovalListKey } from '@portal/contracts';
import { Flex } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const span = (hours: number, t: TFunction) =>
  hours % 24 === 0 && hours >= 48
    ? t('booking:ageing.days', { n: hours / 24 })
    : t('booking:ageing.hours', { n: hours });

/** What the row colours of an approval list mean: its ageing rule and thresholds (texts of `booking`). */
export function ApprovalAgeingLegend({ list }: { list: TApprovalListKey }) {
  const { t } = useTranslation('booking');
  const tf = t as unknown as TFunction;
  const rule = APPROVAL_LISTS[list].ageing;
  if (!rule) return null;
  const th = APPROVAL_AGEING[rule];
  return (
    <Flex wrap gap={16} align="center" data-testid="approval-ageing-legend">
      <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>{t(`ageing.rule.${rule}`)}</span>
      {th.yellow !== null && (
        <span data-testid="approval-legend-yellow">
          <span className="ageing-swatch yellow" />
          {t('ageing.yellow', { span: span(th.yellow, tf) })}
        </span>
      )}
      <span data-testid="approval-legend-red">
        <span className="ageing-swatch red" />
        {t('ageing.red', { span: span(th.red, tf) })}
      </span>
    </Flex>
  );
}
