import { BOOKING_AGEING, type TAgeingRule } from '@portal/contracts';
import { Badge, Card, Flex, Space, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatTotal } from '../../shared/list/format-total';
import './booking-list.css';

/** A threshold as the card shows it beside its square: "8 h", "2 d" (long form: "8 hours"). */
const span = (hours: number, t: TFunction, short: boolean) =>
  hours % 24 === 0 && hours >= 48
    ? t(short ? 'booking:ageing.shortDays' : 'booking:ageing.days', { n: hours / 24 })
    : t(short ? 'booking:ageing.shortHours' : 'booking:ageing.hours', { n: hours });

export interface ListCountEntry {
  count: number;
  countCapped: boolean;
  yellow: number;
  red: number;
}

/**
 * One card of a shipping-order dashboard (booking and booking approval): the list's name and count, and for a
 * list with an ageing rule how many rows are yellow and red. Opens the list on click, Enter or Space.
 */
export function ListCountCard({
  testIdPrefix,
  listKey,
  title,
  selected,
  entry,
  ageing,
  onOpen,
}: {
  testIdPrefix: string;
  listKey: string;
  title: string;
  selected: boolean;
  entry: ListCountEntry | undefined;
  ageing: TAgeingRule | null;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const tf = t as unknown as TFunction;
  const rule = ageing ? BOOKING_AGEING[ageing] : null;
  return (
    <Card
      size="small"
      hoverable
      role="listitem"
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen();
        }
      }}
      style={{ width: 200, borderColor: selected ? '#1677ff' : undefined }}
      data-testid={`${testIdPrefix}-list-${listKey}`}
      aria-current={selected ? 'page' : undefined}
    >
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="center" gap={6}>
          <Typography.Text style={{ fontSize: 12 }}>{title}</Typography.Text>
          <Badge
            count={entry ? formatTotal(entry.count, entry.countCapped, i18n.language) : '…'}
            color={selected ? '#1677ff' : '#8c8c8c'}
            overflowCount={Number.MAX_SAFE_INTEGER}
            showZero
            data-testid={`${testIdPrefix}-count-${listKey}`}
          />
        </Flex>
        {rule && (
          // Each square says what it counts: rows waiting at least the list's threshold (001 §4 ageing).
          <Space size={10} style={{ fontSize: 12 }}>
            {rule.yellow !== null && (
              <Tooltip title={t('ageing.yellow', { span: span(rule.yellow, tf, false) })}>
                <span>
                  <span className="booking-ageing-swatch yellow" />
                  <span data-testid={`${testIdPrefix}-yellow-${listKey}`}>{entry?.yellow ?? '…'}</span>
                  <Typography.Text
                    type="secondary"
                    className="booking-ageing-threshold"
                    data-testid={`${testIdPrefix}-yellow-threshold-${listKey}`}
                  >
                    {t('ageing.atLeast', { span: span(rule.yellow, tf, true) })}
                  </Typography.Text>
                </span>
              </Tooltip>
            )}
            <Tooltip title={t('ageing.red', { span: span(rule.red, tf, false) })}>
              <span>
                <span className="booking-ageing-swatch red" />
                <span data-testid={`${testIdPrefix}-red-${listKey}`}>{entry?.red ?? '…'}</span>
                <Typography.Text
                  type="secondary"
                  className="booking-ageing-threshold"
                  data-testid={`${testIdPrefix}-red-threshold-${listKey}`}
                >
                  {t('ageing.atLeast', { span: span(rule.red, tf, true) })}
                </Typography.Text>
              </span>
            </Tooltip>
          </Space>
        )}
      </Flex>
    </Card>
  );
}

/**
 * The legend under a dashboard's cards (booking and booking approval): what the yellow and red squares count.
 * Each card shows its own thresholds beside the squares.
 */
export function DashboardAgeingNote({ testId }: { testId: string }) {
  const { t } = useTranslation('booking');
  return (
    <Space wrap size={16} style={{ fontSize: 12 }} data-testid={testId}>
      <span>
        <span className="booking-ageing-swatch yellow" />
        {t('ageing.noteYellow')}
      </span>
      <span>
        <span className="booking-ageing-swatch red" />
        {t('ageing.noteRed')}
      </span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('ageing.noteThresholds')}
      </Typography.Text>
    </Space>
  );
}
