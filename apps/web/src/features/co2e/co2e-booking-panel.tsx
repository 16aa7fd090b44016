import type { TCo2eBooking } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/http';
import { errorText } from '../../shared/i18n/error-text';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainFacts } from '../../shared/plain/plain-facts';
import { Typography } from '../../shared/plain/typography';
import type { BookingTabProps } from '../booking';
import { co2eFigure, co2eMissing } from './co2e-model';

const fmt = co2eFigure;

/**
 * The booking's CO2e (docs/co2e.md): distance, cargo, factor, kg CO2e, method and the factor's source, computed
 * by the server from the reference tables when the panel opens. Customers see it on their own bookings too (the
 * API is guarded like the booking detail).
 */
export default function Co2eBookingPanel({ booking }: BookingTabProps) {
  const { t, i18n } = useTranslation(['analytics-co2e', 'common']);
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
  const why = d ? co2eMissing(d) : null;
  const missing = why ? t(`panel.${why}`) : null;
  const perTeu = d?.factor_unit === 'TEU_KM';
  return (
    <PlainCard title={t('panel.title')} data-testid="co2e-panel">
      {q.isLoading && (
        <p role="status" data-testid="co2e-loading">
          <span className="plain-spinner" aria-hidden="true" /> {t('common:loading')}
        </p>
      )}
      {q.error && <PlainAlert type="error" title={errorText(t, q.error)} />}
      {d && missing && <PlainAlert type="info" title={missing} data-testid="co2e-missing" />}
      {d && !missing && (
        <>
          <Typography.Paragraph strong style={{ fontSize: 18, marginBottom: 8 }} data-testid="co2e-kg">
            {t('panel.kg', { n: fmt(lang, d.kg_co2e, 1) })}
          </Typography.Paragraph>
          <PlainFacts
            size="small"
            column={1}
            items={[
              {
                key: 'distance',
                label: t('panel.distance'),
                children: (
                  <span data-testid="co2e-distance">
                    {d.pol} → {d.pod}: {t('panel.km', { n: fmt(lang, d.distance_km, 0) })}
                  </span>
                ),
              },
              {
                key: 'cargo',
                label: t('panel.cargo'),
                children: perTeu
                  ? t('panel.teu', { n: fmt(lang, d.teu, 2) })
                  : t('panel.tonnes', { n: fmt(lang, d.tonnes, 3) }),
              },
              {
                key: 'factor',
                label: t('panel.factor'),
                children: (
                  <span data-testid="co2e-factor">
                    {fmt(lang, d.factor, 4)} {perTeu ? t('panel.perTeuKm') : t('panel.perTKm')}
                  </span>
                ),
              },
              {
                key: 'method',
                label: t('panel.method'),
                children: perTeu ? t('panel.teuKm') : t('panel.tKm'),
              },
              {
                key: 'source',
                label: t('panel.source'),
                children: (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="co2e-source">
                    {/* A shipped GLEC default in the reader's language (issue 39); an edited source as written. */}
                    {d.source_key
                      ? t(`panel.glec.${d.source_key}`, { defaultValue: d.source ?? '' })
                      : d.source}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('panel.wtw')}
          </Typography.Text>
        </>
      )}
    </PlainCard>
  );
}
