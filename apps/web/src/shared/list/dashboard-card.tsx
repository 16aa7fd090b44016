import { Badge, Card, Flex, Space, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTotal } from './format-total';

/** What a dashboard endpoint reports for one list (yellow/red only for lists with an ageing rule). */
export interface DashboardCardEntry {
  count: number;
  countCapped: boolean;
  yellow?: number;
  red?: number;
}

/** One ageing square on a card: which colour it counts, its tooltip and optionally its threshold ("≥ 8 h"). */
export interface DashboardCardSquare {
  colour: 'yellow' | 'red';
  tooltip: string;
  threshold?: string;
}

/**
 * One card of a list dashboard (booking, booking approval, consolidation, master B/L): the list's name and
 * count (capped counts as "1,000+"), and for a list with an ageing rule how many rows are yellow and red.
 * Opens the list on click, Enter or Space; the chosen list's card carries aria-current="page". Test ids are
 * `{prefix}-list-{key}`, `{prefix}-count-{key}`, `{prefix}-{yellow|red}-{key}` and
 * `{prefix}-{yellow|red}-threshold-{key}`. The swatch and threshold classes stay the feature's own CSS.
 */
export function DashboardCard({
  testIdPrefix,
  listKey,
  title,
  selected,
  entry,
  squares,
  swatchClass,
  thresholdClass,
  width = 200,
  onOpen,
}: {
  testIdPrefix: string;
  listKey: string;
  title: string;
  selected: boolean;
  entry: DashboardCardEntry | undefined;
  /** Empty or absent: the list has no ageing rule and the card shows only its count. */
  squares?: DashboardCardSquare[];
  swatchClass: string;
  thresholdClass?: string;
  width?: number;
  onOpen: () => void;
}) {
  const { i18n } = useTranslation();
  // The theme's primary colour (AA-tuned brand blue, shared/antd/theme.ts), not antd's default #1677ff.
  const { token } = theme.useToken();
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
      style={{ width, borderColor: selected ? token.colorPrimary : undefined }}
      data-testid={`${testIdPrefix}-list-${listKey}`}
      aria-current={selected ? 'page' : undefined}
    >
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="center" gap={6}>
          <Typography.Text style={{ fontSize: 12 }}>{title}</Typography.Text>
          <Badge
            count={entry ? formatTotal(entry.count, entry.countCapped, i18n.language) : '…'}
            color={selected ? token.colorPrimary : '#8c8c8c'}
            overflowCount={Number.MAX_SAFE_INTEGER}
            showZero
            data-testid={`${testIdPrefix}-count-${listKey}`}
          />
        </Flex>
        {squares && squares.length > 0 && (
          <Space size={10} style={{ fontSize: 12 }}>
            {squares.map((sq) => (
              <Tooltip key={sq.colour} title={sq.tooltip}>
                <span>
                  <span className={`${swatchClass} ${sq.colour}`} />
                  <span data-testid={`${testIdPrefix}-${sq.colour}-${listKey}`}>
                    {entry?.[sq.colour] ?? '…'}
                  </span>
                  {sq.threshold !== undefined && (
                    <Typography.Text
                      type="secondary"
                      className={thresholdClass}
                      data-testid={`${testIdPrefix}-${sq.colour}-threshold-${listKey}`}
                    >
                      {sq.threshold}
                    </Typography.Text>
                  )}
                </span>
              </Tooltip>
            ))}
          </Space>
        )}
      </Flex>
    </Card>
  );
}
