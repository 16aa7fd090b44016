import { BOOKING_AGEING, type TAgeingRule } from '@portal/contracts';
import { Flex } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  DashboardCard,
  type DashboardCardEntry,
  type DashboardCardSquare,
} from '../../shared/list/dashboard-card';
import '../../shared/list/ageing.css';

/** A threshold as the card shows it beside its square: "8 h", "2 d" (long form: "8 hours"). */
const span = (hours: number, t: TFunction, short: boolean) =>
  hours % 24 === 0 && hours >= 48
    ? t(short ? 'booking:ageing.shortDays' : 'booking:ageing.days', { n: hours / 24 })
    : t(short ? 'booking:ageing.shortHours' : 'booking:ageing.hours', { n: hours });

export type { DashboardCardEntry as ListCountEntry } from '../../shared/list/dashboard-card';

/**
 * One card of a shipping-order dashboard (booking and booking approval): the shared dashboard card with the
 * booking ageing rule's squares and thresholds (001 §4 ageing: rows waiting at least the list's threshold).
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
  entry: DashboardCardEntry | undefined;
  ageing: TAgeingRule | null;
  onOpen: () => void;
}) {
  const { t } = useTranslation('booking');
  const tf = t as unknown as TFunction;
  const rule = ageing ? BOOKING_AGEING[ageing] : null;
  const squares: DashboardCardSquare[] = [];
  if (rule) {
    if (rule.yellow !== null) {
      squares.push({
        colour: 'yellow',
        tooltip: t('ageing.yellow', { span: span(rule.yellow, tf, false) }),
        threshold: t('ageing.atLeast', { span: span(rule.yellow, tf, true) }),
      });
    }
    squares.push({
      colour: 'red',
      tooltip: t('ageing.red', { span: span(rule.red, tf, false) }),
      threshold: t('ageing.atLeast', { span: span(rule.red, tf, true) }),
    });
  }
  return (
    <DashboardCard
      testIdPrefix={testIdPrefix}
      listKey={listKey}
      title={title}
      selected={selected}
      entry={entry}
      squares={squares}
      onOpen={onOpen}
    />
  );
}

/**
 * The legend under a dashboard's cards (booking and booking approval): what the yellow and red squares count.
 * Each card shows its own thresholds beside the squares.
 */
export function DashboardAgeingNote({ testId }: { testId: string }) {
  const { t } = useTranslation('booking');
  return (
    <Flex wrap gap={16} align="center" style={{ fontSize: 12 }} data-testid={testId}>
      <span>
        <span className="ageing-swatch yellow" />
        {t('ageing.noteYellow')}
      </span>
      <span>
        <span className="ageing-swatch red" />
        {t('ageing.noteRed')}
      </span>
      <span style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.6)' }}>{t('ageing.noteThresholds')}</span>
    </Flex>
  );
}
