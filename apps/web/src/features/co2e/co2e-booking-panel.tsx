import type { TCo2eBooking } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/http';
import { errorText } from '../../shared/i18n/error-text';
import { PlainCard } from '../../shared/plain/plain-card';
import { Typography } from '../../shared/plain/typography';
import type { BookingTabProps } from '../booking';

const fmt = (lang: string, v: string | null, digits: number) =>
  v === null
    ? '—'
    : new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
        Number(v),
      );

/**
 * The booking's CO2e (docs/co2e.md): distance, cargo, factor, kg CO2e, method and the factor's source, computed
 * by the server from the reference tables when the panel opens. Customers see it on their own bookings too (the
 * API is guarded like the booking detail).
 */
export default function Co2eBookingPanel({ booking }: BookingTabProps) {
  const { t, i18n } = useTranslation(['analytics-co2e', 'msg']);
  const soNo = booking?.so_no ?? null;
  const q = useQuery({
    queryKey: ['co2e', 'booking', soNo, booking?.version],
    queryFn: ({ signal }) =>
      api.get<TCo2eBooking>(`/Co2e/booking/${encodeURIComponent(soNo ?? '')}`, undefined, { signal }),
    enabled: !!soNo,
  });
  if (!soNo) return null;
  const lang = i18n.language;
  const d = q.data;
  const missing =
    d?.cancelled === true
      ? t('panel.cancelled')
      : d?.method === 'NO_DISTANCE'
        ? t('panel.noDistance')
        : d?.method === 'NO_CARGO'
          ? t('panel.noCargo')
          : d?.method === 'NO_FACTOR'
            ? t('panel.noFactor')
            : null;
  const perTeu = d?.factor_unit === 'TEU_KM';
  return (
    <PlainCard title={t('panel.title')} data-testid="co2e-panel">
      {q.isLoading && <Skeleton active paragraph={{ rows: 3 }} />}
      {q.error && <Alert type="error" showIcon title={errorText(t, q.error)} />}
      {d && missing && <Alert type="info" showIcon title={missing} data-testid="co2e-missing" />}
      {d && !missing && (
        <>
          <Typography.Paragraph strong style={{ fontSize: 18, marginBottom: 8 }} data-testid="co2e-kg">
            {t('panel.kg', { n: fmt(lang, d.kg_co2e, 1) })}
          </Typography.Paragraph>
          <Descriptions size="small" column={1} colon={false}>
            <Descriptions.Item label={t('panel.distance')}>
              <span data-testid="co2e-distance">
                {d.pol} → {d.pod}: {t('panel.km', { n: fmt(lang, d.distance_km, 0) })}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('panel.cargo')}>
              {perTeu
                ? t('panel.teu', { n: fmt(lang, d.teu, 2) })
                : t('panel.tonnes', { n: fmt(lang, d.tonnes, 3) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('panel.factor')}>
              <span data-testid="co2e-factor">
                {fmt(lang, d.factor, 4)} {perTeu ? t('panel.perTeuKm') : t('panel.perTKm')}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('panel.method')}>
              {perTeu ? t('panel.teuKm') : t('panel.tKm')}
            </Descriptions.Item>
            <Descriptions.Item label={t('panel.source')}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="co2e-source">
                {d.source}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('panel.wtw')}
          </Typography.Text>
        </>
      )}
    </PlainCard>
  );
}
