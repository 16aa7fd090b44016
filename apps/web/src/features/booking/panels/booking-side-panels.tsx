import { ArrowRightOutlined } from '@ant-design/icons';
import { DATETIME_FORMAT, type TBookingRelated } from '@portal/contracts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { historyWording } from '../../../shared/history/history-wording';
import { dateTimeText } from '../../../shared/i18n/date-time-text';
import { errorText } from '../../../shared/i18n/error-text';
import { PlainAlert } from '../../../shared/plain/plain-alert';
import { PlainCollapse, type PlainCollapseItem } from '../../../shared/plain/plain-collapse';
import { PlainEmpty, PlainList } from '../../../shared/plain/plain-list';
import { PlainTag } from '../../../shared/plain/plain-tag';
import { Typography } from '../../../shared/plain/typography';
import { useRelated } from '../booking-extras-api';
import { bookingPath } from '../booking-paths';
import type { BookingTabProps } from '../booking-tab-props';

const none = (text: string, testId: string) => <PlainEmpty text={text} data-testid={testId} />;
/** A cut-off as users read times everywhere ("2026-11-30 12:00", issue 39), a dash when there is none. */
const show = (v: string | null | undefined) => (v ? (dateTimeText(v) ?? v) : '—');

/**
 * Side panels of a booking (001 §2): related sailing schedules, related bookings (links to their
 * detail), related consol and sailing history; collapsible panels, so ctrl+alt+up/down moves between
 * them. A new booking has nothing related yet.
 */
export function BookingSidePanels({ booking }: BookingTabProps) {
  const { t } = useTranslation('booking-extra');
  const related = useRelated(booking?.so_no ?? null);
  if (!booking) return none(t('related.newBooking'), 'related-new-booking');
  if (related.error) return <PlainAlert type="error" title={errorText(t, related.error)} />;
  const data = related.data;
  const items: PlainCollapseItem[] = [
    {
      key: 'sailings',
      label: <PanelLabel title={t('related.sailings')} count={data?.sailings.length} />,
      children: <Sailings rows={data?.sailings} loading={related.isLoading} />,
    },
    {
      key: 'bookings',
      label: <PanelLabel title={t('related.bookings')} count={data?.bookings.length} />,
      children: <Bookings rows={data?.bookings} loading={related.isLoading} />,
    },
    {
      key: 'consols',
      label: <PanelLabel title={t('related.consols')} count={data?.consols.length} />,
      children: data?.consols.length ? (
        <PlainList
          items={data.consols}
          rowKey={(c) => c.consol_no}
          renderItem={(c) => (
            <>
              {/* The plan's detail (features/consolidation's path; booking does not import that feature). */}
              <Link
                to={`/BMS/consolidation/consolidation_management/${encodeURIComponent(c.consol_no)}`}
                data-testid={`related-consol-${c.consol_no}`}
              >
                {c.consol_no}
              </Link>{' '}
              <PlainTag>{c.status}</PlainTag>
            </>
          )}
        />
      ) : (
        none(t('related.consolsEmpty'), 'related-consols-empty')
      ),
    },
    {
      key: 'history',
      label: <PanelLabel title={t('related.sailingHistory')} count={data?.sailing_history.length} />,
      children: <SailingHistory rows={data?.sailing_history} loading={related.isLoading} />,
    },
  ];
  return (
    <PlainCollapse defaultOpen={['sailings', 'bookings']} items={items} data-testid="booking-side-panels" />
  );
}

function PanelLabel({ title, count }: { title: string; count: number | undefined }) {
  return (
    <span className="plain-inline">
      {title}
      {count !== undefined && <PlainTag>{count}</PlainTag>}
    </span>
  );
}

function Sailings({ rows, loading }: { rows: TBookingRelated['sailings'] | undefined; loading: boolean }) {
  const { t } = useTranslation('booking-extra');
  return (
    <PlainList
      loading={loading}
      items={rows ?? []}
      data-testid="related-sailings"
      rowKey={(s) => s.sailing_schedule_id}
      empty={none(t('related.sailingsEmpty'), 'related-sailings-empty')}
      renderItem={(s) => (
        <div className="plain-stack">
          <Typography.Text strong>
            {s.carrier_code} {s.vessel_name} / {s.voyage}{' '}
            {s.is_tbc && <PlainTag colour="gold">{t('related.tbc')}</PlainTag>}
          </Typography.Text>
          <Typography.Text type="secondary">
            {s.pol} {s.etd} <ArrowRightOutlined /> {s.pod} {s.eta}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('related.cutoffs', {
              cfs: show(s.cfs_cutoff),
              cy: show(s.cy_cutoff),
              vgm: show(s.vgm_cutoff),
              si: show(s.si_cutoff),
            })}
          </Typography.Text>
        </div>
      )}
    />
  );
}

function Bookings({ rows, loading }: { rows: TBookingRelated['bookings'] | undefined; loading: boolean }) {
  const { t } = useTranslation(['booking-extra', 'booking']);
  return (
    <PlainList
      loading={loading}
      items={rows ?? []}
      data-testid="related-bookings"
      rowKey={(b) => b.so_no}
      empty={none(t('related.bookingsEmpty'), 'related-bookings-empty')}
      renderItem={(b) => (
        <div className="plain-stack">
          <span className="plain-inline">
            <Link
              to={bookingPath(b.so_no)}
              data-testid={`related-booking-${b.so_no}`}
              style={{ whiteSpace: 'nowrap' }}
            >
              {b.so_no}
            </Link>
            <PlainTag>{t(`booking:status.${b.status}`, { defaultValue: b.status })}</PlainTag>
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`related.relation.${b.relation}`)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {b.pol} <ArrowRightOutlined /> {b.pod} · {b.etd}
            {b.vessel_name ? ` · ${b.vessel_name} / ${b.voyage ?? ''}` : ''}
            {b.job_no && (
              <>
                {' · '}
                <span style={{ whiteSpace: 'nowrap' }}>{b.job_no}</span>
              </>
            )}
          </Typography.Text>
        </div>
      )}
    />
  );
}

function SailingHistory({
  rows,
  loading,
}: {
  rows: TBookingRelated['sailing_history'] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation(['booking-extra', 'booking']);
  const { t: tl } = useTranslation('list');
  // Labels and values as every history words them (Yes/No, (empty), local times; issue 38/39).
  const wording = historyWording(tl, (f) => t(`booking:field.${f}`, { defaultValue: f }));
  return (
    <PlainList
      loading={loading}
      items={rows ?? []}
      data-testid="related-sailing-history"
      rowKey={(h) => h.id}
      empty={none(t('related.sailingHistoryEmpty'), 'related-sailing-history-empty')}
      renderItem={(h) => (
        <div className="plain-stack">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {dayjs(h.created_at).format(DATETIME_FORMAT)} · {h.actor_name ?? '—'}
          </Typography.Text>
          {wording.visible(h.changes).map(([field, c]) => (
            <Typography.Text key={field} style={{ fontSize: 12 }}>
              {wording.label(field)}: {wording.value(field, c.from)} <ArrowRightOutlined />{' '}
              {wording.value(field, c.to)}
            </Typography.Text>
          ))}
        </div>
      )}
    />
  );
}
