import { BOOKING_AGEING, BOOKING_LISTS, type TBookingListKey } from '@portal/contracts';
import { Flex } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const span = (hours: number, t: TFunction) =>
  hours % 24 === 0 && hours >= 48 ? t('ageing.days', { n: hours / 24 }) : t('ageing.hours', { n: hours });

/** What the row colours of this list mean: its ageing rule and thresholds. */
export function BookingAgeingLegend({ list }: { list: TBookingListKey }) {
  const { t } = useTranslation('booking');
  const tf = t as unknown as TFunction;
  const rule = BOOKING_LISTS[list].ageing;
  if (!rule) return null;
  const th = BOOKING_AGEING[rule];
  return (
    <Flex wrap gap={16} align="center" data-testid="booking-ageing-legend">
      <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>{t(`ageing.rule.${rule}`)}</span>
      {th.yellow !== null && (
        <span data-testid="booking-legend-yellow">
          <span className="ageing-swatch yellow" />
          {t('ageing.yellow', { span: span(th.yellow, tf) })}
        </span>
      )}
      <span data-testid="booking-legend-red">
        <span className="ageing-swatch red" />
        {t('ageing.red', { span: span(th.red, tf) })}
      </span>
    </Flex>
  );
}
